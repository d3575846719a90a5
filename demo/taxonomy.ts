import type { GarmentSlug } from "./images/garments.ts";

/** What a garment is, for sizing and pricing the demo catalogue. */
export interface GarmentKind {
  garment: GarmentSlug;
  /** Singular name used in product titles. */
  noun: string;
  sizing: "apparel" | "shoes" | "none";
  /** Regular price range in whole dollars. */
  price: [number, number];
  materials: readonly string[];
  styles: readonly string[];
}

export const GARMENT_KINDS: Record<GarmentSlug, GarmentKind> = {
  tshirt: {
    garment: "tshirt",
    noun: "T-Shirt",
    sizing: "apparel",
    price: [12, 45],
    materials: ["Cotton", "Organic Cotton", "Jersey", "Linen Blend"],
    styles: ["Relaxed", "Slim", "Oversized", "Classic", "Boxy", "Crew Neck", "V-Neck"],
  },
  shirt: {
    garment: "shirt",
    noun: "Shirt",
    sizing: "apparel",
    price: [25, 90],
    materials: ["Oxford", "Poplin", "Linen", "Flannel", "Chambray"],
    styles: ["Button-Down", "Regular Fit", "Slim Fit", "Camp Collar", "Classic"],
  },
  polo: {
    garment: "polo",
    noun: "Polo Shirt",
    sizing: "apparel",
    price: [20, 70],
    materials: ["Pique", "Cotton", "Knit"],
    styles: ["Classic", "Slim", "Tipped", "Essential"],
  },
  hoodie: {
    garment: "hoodie",
    noun: "Hoodie",
    sizing: "apparel",
    price: [30, 95],
    materials: ["Fleece", "French Terry", "Cotton Blend"],
    styles: ["Zip-Up", "Pullover", "Oversized", "Heavyweight", "Everyday"],
  },
  sweater: {
    garment: "sweater",
    noun: "Sweater",
    sizing: "apparel",
    price: [35, 140],
    materials: ["Merino Wool", "Cashmere Blend", "Cotton Knit", "Lambswool"],
    styles: ["Crew Neck", "Cable Knit", "Roll Neck", "Ribbed", "Chunky"],
  },
  jacket: {
    garment: "jacket",
    noun: "Jacket",
    sizing: "apparel",
    price: [60, 220],
    materials: ["Denim", "Nylon", "Suede", "Canvas", "Leather"],
    styles: ["Bomber", "Trucker", "Puffer", "Field", "Windbreaker", "Biker"],
  },
  coat: {
    garment: "coat",
    noun: "Coat",
    sizing: "apparel",
    price: [90, 320],
    materials: ["Wool Blend", "Cotton Gabardine", "Recycled Wool"],
    styles: ["Trench", "Overcoat", "Pea", "Duffle", "Longline"],
  },
  jeans: {
    garment: "jeans",
    noun: "Jeans",
    sizing: "apparel",
    price: [35, 130],
    materials: ["Denim", "Stretch Denim", "Selvedge Denim", "Organic Denim"],
    styles: ["Straight", "Slim", "Wide-Leg", "Bootcut", "Tapered", "Relaxed"],
  },
  trousers: {
    garment: "trousers",
    noun: "Trousers",
    sizing: "apparel",
    price: [30, 120],
    materials: ["Chino", "Wool Blend", "Linen", "Corduroy", "Twill"],
    styles: ["Pleated", "Tailored", "Cargo", "Jogger", "Wide"],
  },
  shorts: {
    garment: "shorts",
    noun: "Shorts",
    sizing: "apparel",
    price: [18, 60],
    materials: ["Cotton Twill", "Denim", "Linen", "Tech Fabric"],
    styles: ["Chino", "Running", "Cargo", "Bermuda", "Pull-On"],
  },
  skirt: {
    garment: "skirt",
    noun: "Skirt",
    sizing: "apparel",
    price: [25, 95],
    materials: ["Satin", "Denim", "Pleated Crepe", "Linen", "Wool"],
    styles: ["Midi", "Mini", "A-Line", "Wrap", "Pencil"],
  },
  dress: {
    garment: "dress",
    noun: "Dress",
    sizing: "apparel",
    price: [35, 180],
    materials: ["Linen", "Satin", "Jersey", "Cotton Poplin", "Chiffon"],
    styles: ["Wrap", "Slip", "Shirt", "Maxi", "Midi", "Tiered"],
  },
  sneakers: {
    garment: "sneakers",
    noun: "Sneakers",
    sizing: "shoes",
    price: [45, 170],
    materials: ["Leather", "Canvas", "Knit", "Suede"],
    styles: ["Low-Top", "High-Top", "Running", "Court", "Retro"],
  },
  boots: {
    garment: "boots",
    noun: "Boots",
    sizing: "shoes",
    price: [70, 240],
    materials: ["Leather", "Suede", "Waxed Leather"],
    styles: ["Chelsea", "Combat", "Hiking", "Ankle", "Lace-Up"],
  },
  sandals: {
    garment: "sandals",
    noun: "Sandals",
    sizing: "shoes",
    price: [20, 90],
    materials: ["Leather", "Cork", "Rubber", "Woven"],
    styles: ["Slide", "Strappy", "Sport", "Flat", "Platform"],
  },
  cap: {
    garment: "cap",
    noun: "Cap",
    sizing: "none",
    price: [12, 40],
    materials: ["Cotton Twill", "Corduroy", "Wool"],
    styles: ["Baseball", "Dad", "Trucker", "Six-Panel"],
  },
  bag: {
    garment: "bag",
    noun: "Bag",
    sizing: "none",
    price: [25, 210],
    materials: ["Canvas", "Leather", "Nylon", "Recycled Polyester"],
    styles: ["Tote", "Crossbody", "Backpack", "Shoulder", "Weekender"],
  },
  scarf: {
    garment: "scarf",
    noun: "Scarf",
    sizing: "none",
    price: [15, 80],
    materials: ["Wool", "Cashmere Blend", "Cotton", "Silk"],
    styles: ["Ribbed", "Fringed", "Checked", "Oversized"],
  },
  belt: {
    garment: "belt",
    noun: "Belt",
    sizing: "none",
    price: [15, 70],
    materials: ["Leather", "Canvas", "Suede"],
    styles: ["Classic", "Braided", "Reversible", "Webbing"],
  },
  socks: {
    garment: "socks",
    noun: "Socks",
    sizing: "none",
    price: [6, 22],
    materials: ["Cotton", "Merino", "Bamboo"],
    styles: ["Crew", "Ankle", "Sport", "Patterned"],
  },
};

export interface UnderSubcategorySpec {
  slug: string;
  name: string;
  garment: GarmentSlug;
}
export interface SubcategorySpec {
  slug: string;
  name: string;
  image: string;
  under: UnderSubcategorySpec[];
}
export interface CategorySpec {
  slug: string;
  name: string;
  image: string;
  audience: "adult" | "kids";
  subcategories: SubcategorySpec[];
}

const u = (slug: string, name: string, garment: GarmentSlug): UnderSubcategorySpec => ({
  slug,
  name,
  garment,
});

const TOPS = [
  u("t-shirts", "T-Shirts", "tshirt"),
  u("shirts", "Shirts", "shirt"),
  u("polos", "Polos", "polo"),
];
const KNITWEAR = [u("hoodies", "Hoodies", "hoodie"), u("sweaters", "Sweaters", "sweater")];
const OUTERWEAR = [u("jackets", "Jackets", "jacket"), u("coats", "Coats", "coat")];
const BOTTOMS = [
  u("jeans", "Jeans", "jeans"),
  u("trousers", "Trousers", "trousers"),
  u("shorts", "Shorts", "shorts"),
];
const SHOES = [
  u("sneakers", "Sneakers", "sneakers"),
  u("boots", "Boots", "boots"),
  u("sandals", "Sandals", "sandals"),
];
const ACCESSORIES = [
  u("caps", "Caps", "cap"),
  u("bags", "Bags", "bag"),
  u("scarves", "Scarves", "scarf"),
  u("belts", "Belts", "belt"),
  u("socks", "Socks", "socks"),
];

const sub = (slug: string, name: string, image: string, under: UnderSubcategorySpec[]): SubcategorySpec => ({
  slug,
  name,
  image,
  under,
});

/** Women, Men, Kids, Sportswear → Tops, Bottoms, … → T-Shirts, Jeans, … */
export const TAXONOMY: CategorySpec[] = [
  {
    slug: "women",
    name: "Women",
    image: "women",
    audience: "adult",
    subcategories: [
      sub("tops", "Tops", "tops", TOPS),
      sub("dresses-skirts", "Dresses & Skirts", "dresses", [
        u("dresses", "Dresses", "dress"),
        u("skirts", "Skirts", "skirt"),
      ]),
      sub("knitwear", "Knitwear", "knitwear", KNITWEAR),
      sub("bottoms", "Bottoms", "bottoms", BOTTOMS),
      sub("outerwear", "Outerwear", "outerwear", OUTERWEAR),
      sub("shoes", "Shoes", "shoes", SHOES),
      sub("accessories", "Accessories", "accessories", ACCESSORIES),
    ],
  },
  {
    slug: "men",
    name: "Men",
    image: "men",
    audience: "adult",
    subcategories: [
      sub("tops", "Tops", "tops", TOPS),
      sub("knitwear", "Knitwear", "knitwear", KNITWEAR),
      sub("bottoms", "Bottoms", "bottoms", BOTTOMS),
      sub("outerwear", "Outerwear", "outerwear", OUTERWEAR),
      sub("shoes", "Shoes", "shoes", SHOES),
      sub("accessories", "Accessories", "accessories", ACCESSORIES),
    ],
  },
  {
    slug: "kids",
    name: "Kids",
    image: "kids",
    audience: "kids",
    subcategories: [
      sub("tops", "Tops", "tops", [u("t-shirts", "T-Shirts", "tshirt"), u("hoodies", "Hoodies", "hoodie")]),
      sub("bottoms", "Bottoms", "bottoms", [
        u("jeans", "Jeans", "jeans"),
        u("shorts", "Shorts", "shorts"),
        u("skirts", "Skirts", "skirt"),
      ]),
      sub("dresses", "Dresses", "dresses", [u("dresses", "Dresses", "dress")]),
      sub("outerwear", "Outerwear", "outerwear", [u("jackets", "Jackets", "jacket")]),
      sub("shoes", "Shoes", "shoes", [
        u("sneakers", "Sneakers", "sneakers"),
        u("sandals", "Sandals", "sandals"),
      ]),
      sub("accessories", "Accessories", "accessories", [
        u("caps", "Caps", "cap"),
        u("socks", "Socks", "socks"),
      ]),
    ],
  },
  {
    slug: "sportswear",
    name: "Sportswear",
    image: "sportswear",
    audience: "adult",
    subcategories: [
      sub("tops", "Tops", "tops", [u("t-shirts", "T-Shirts", "tshirt"), u("hoodies", "Hoodies", "hoodie")]),
      sub("bottoms", "Bottoms", "bottoms", [
        u("shorts", "Shorts", "shorts"),
        u("joggers", "Joggers", "trousers"),
      ]),
      sub("shoes", "Shoes", "shoes", [u("running-shoes", "Running Shoes", "sneakers")]),
      sub("accessories", "Accessories", "accessories", [
        u("caps", "Caps", "cap"),
        u("socks", "Socks", "socks"),
        u("bags", "Bags", "bag"),
      ]),
    ],
  },
];

export const BRANDS = [
  "Northwind",
  "Atelier Nord",
  "Urban Thread",
  "Blue Harbor",
  "Linea",
  "Maison Verte",
  "Kestrel",
  "Oakridge",
  "Solstice",
  "Driftwood",
  "Pioneer Denim",
  "Cobalt Supply",
  "Hearth",
  "Fjord",
  "Meridian",
  "Sable",
  "Wildflower",
  "Ember",
  "Tidal",
  "Summit",
  "Little Sprout",
  "Velocity",
  "Granite",
  "Aurora",
] as const;

export const APPAREL_SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;
export const KIDS_SIZES = ["2Y", "4Y", "6Y", "8Y", "10Y", "12Y"] as const;
export const SHOE_SIZES = ["36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46"] as const;
export const KIDS_SHOE_SIZES = ["28", "29", "30", "31", "32", "33", "34", "35"] as const;
