import type { CatalogueFile } from "#contract/catalogue-file.ts";
import { artSlug, GARMENT_VIEWS, type GarmentSlug } from "./images/garments.ts";
import { COLORS, type ColorSlug } from "./images/palette.ts";
import { brandImageUrl, categoryImageUrl, productImageUrl } from "./images/render.ts";
import {
  APPAREL_SIZES,
  BRANDS,
  type CategorySpec,
  GARMENT_KINDS,
  KIDS_SHOE_SIZES,
  KIDS_SIZES,
  SHOE_SIZES,
  type SubcategorySpec,
  TAXONOMY,
  type UnderSubcategorySpec,
} from "./taxonomy.ts";

/** mulberry32: a small, fast, seedable PRNG, so the same seed always yields the same catalogue. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const DAY_MS = 86_400_000;

const DESCRIPTION_OPENERS = [
  "A wardrobe staple you will reach for again and again.",
  "Designed for everyday comfort without giving up on style.",
  "Made to be worn, washed and loved for seasons to come.",
  "Clean lines and a considered fit make this an easy favourite.",
  "Built from carefully sourced materials and finished by hand.",
];
const DESCRIPTION_DETAILS = [
  "The {material} feels soft from the first wear and keeps its shape wash after wash.",
  "Its {style} cut sits just right, whether you dress it up or keep it casual.",
  "Reinforced seams and quality trims mean it holds up to real life.",
  "The {color} shade pairs easily with neutrals and brighter pieces alike.",
  "Breathable and light, it layers well through changing weather.",
  "Thoughtful details such as tonal stitching and a woven label finish the look.",
];
const DESCRIPTION_CARE = [
  "Machine wash cold with similar colours and hang to dry.",
  "Wash at 30 degrees inside out; do not tumble dry.",
  "Spot clean or hand wash gently; store away from direct sunlight.",
  "Turn inside out before washing to keep the colour rich for longer.",
];

interface Pick {
  category: CategorySpec;
  sub: SubcategorySpec;
  under: UnderSubcategorySpec;
}

function allPicks(): Pick[] {
  return TAXONOMY.flatMap((category) =>
    category.subcategories.flatMap((sub) => sub.under.map((under) => ({ category, sub, under }))),
  );
}

export interface GenerateOptions {
  products: number;
  seed: number;
  /** Creation dates are spread over the year before this moment. */
  now: Date;
}

/** The taxonomy in the import format, each level with its picture. */
function catalogueTaxonomy(): CatalogueFile["categories"] {
  return TAXONOMY.map((c) => ({
    slug: c.slug,
    name: c.name,
    image: categoryImageUrl(c.image),
    subcategories: c.subcategories.map((s) => ({
      slug: s.slug,
      name: s.name,
      image: categoryImageUrl(s.image),
      underSubcategories: s.under.map((u) => ({
        slug: u.slug,
        name: u.name,
        image: categoryImageUrl(u.garment),
      })),
    })),
  }));
}

/** The sizes a garment comes in: clothing or shoe sizes, for adults or kids; none for accessories. */
function sizeRunFor(sizing: string, kids: boolean): readonly string[] {
  return sizing === "apparel"
    ? kids
      ? KIDS_SIZES
      : APPAREL_SIZES
    : sizing === "shoes"
      ? kids
        ? KIDS_SHOE_SIZES
        : SHOE_SIZES
      : [];
}

/**
 * A price and its "before" price, in dollars. Worked in cents: 29.99 + 3 in floating point is
 * 32.989999…, which would price below its own "before" price once rounded.
 */
function discountedPrice(regularPrice: number, discountPercent: number): { price: number; before: number } {
  const beforeCents = Math.round(regularPrice * 100);
  const cents = discountPercent ? Math.round((beforeCents * (100 - discountPercent)) / 100) : beforeCents;
  return { price: Math.max(50, cents) / 100, before: beforeCents / 100 };
}

/** The random draws the generator makes, in the order it makes them. */
interface Draw {
  rand: () => number;
  int: (min: number, max: number) => number;
  choose: <T>(items: readonly T[]) => T;
}

/** A product's description: an opener, one to three details and a care line, filled in. */
function describe(
  { rand, int, choose }: Draw,
  fill: { material: string; style: string; colourName: string },
): string {
  const words = [
    choose(DESCRIPTION_OPENERS),
    ...[...DESCRIPTION_DETAILS].sort(() => rand() - 0.5).slice(0, int(1, 3)),
    choose(DESCRIPTION_CARE),
  ];
  return words
    .join(" ")
    .replace("{material}", fill.material.toLowerCase())
    .replace("{style}", fill.style.toLowerCase())
    .replace("{color}", fill.colourName.toLowerCase());
}

/** A product of the demo catalogue, in the import format. */
export type GeneratedProduct = NonNullable<CatalogueFile["products"]>[number];

/**
 * The demo catalogue in the import format: a clothing taxonomy, 24 brands and `products` products
 * in colour groups of 2–5, with sizes that fit the garment, per-size stock (some sold out),
 * discounts (some above 59 %), ratings, sales and creation dates over a year. Holds every product
 * in memory: the seed of a large catalogue streams `generateProducts` instead.
 */
export function generateCatalogue(options: GenerateOptions): CatalogueFile {
  return { ...catalogueHead(), products: [...generateProducts(options)] };
}

/** The catalogue without its products: the taxonomy and the brands, each with its picture. */
export function catalogueHead(): {
  categories: CatalogueFile["categories"];
  brands: CatalogueFile["brands"];
} {
  const brands = BRANDS.map((name) => ({ slug: slugify(name), name, image: brandImageUrl(slugify(name)) }));
  return { categories: catalogueTaxonomy(), brands };
}

/**
 * The demo catalogue's products one at a time, in the order `generateCatalogue` lists them (the same
 * draws, so the same seed gives the same products): a seed of a million products holds one batch
 * in memory, not the catalogue (docs/decisions/056-scale-queries-and-page-render.md).
 */
export function* generateProducts(options: GenerateOptions): Generator<GeneratedProduct> {
  const rand = random(options.seed);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const choose = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const chance = (p: number) => rand() < p;

  const picks = allPicks();
  const colorSlugs = Object.keys(COLORS) as ColorSlug[];

  let count = 0;
  let groupNumber = 0;
  while (count < options.products) {
    groupNumber++;
    const pick = picks[(groupNumber * 7 + int(0, picks.length - 1)) % picks.length]!;
    const kind = GARMENT_KINDS[pick.under.garment as GarmentSlug];
    const kids = pick.category.audience === "kids";
    const brand =
      kids && chance(0.6) ? "Little Sprout" : choose(BRANDS.filter((b) => b !== "Little Sprout" || kids));
    const style = choose(kind.styles);
    const material = choose(kind.materials);
    const baseTitle = `${brand} ${style} ${material} ${kind.noun}`;
    const groupSlug = `${slugify(baseTitle)}-${groupNumber}`;
    const colourCount = Math.min(int(2, 5), options.products - count);
    const colours = [...colorSlugs].sort(() => rand() - 0.5).slice(0, colourCount);

    const regular = int(kind.price[0], kind.price[1]) + (chance(0.5) ? 0.99 : chance(0.5) ? 0.5 : 0);
    const discounted = chance(0.42);
    // A few deep discounts (above 59 %) so the offers section's "at most 59 %" filter has work to do.
    const discountPercent = discounted
      ? chance(0.15)
        ? int(60, 75)
        : choose([5, 10, 15, 20, 25, 30, 40, 50])
      : 0;
    const priceFor = (regularPrice: number) => discountedPrice(regularPrice, discountPercent);
    const sizeRun = sizeRunFor(kind.sizing, kids);
    const createdAt = new Date(
      options.now.getTime() - int(0, 364) * DAY_MS - int(0, DAY_MS - 1),
    ).toISOString();
    const popularity = rand();

    for (const colour of colours) {
      const soldOut = chance(0.05);
      const colourName = COLORS[colour].name;
      const title = `${baseTitle} - ${colourName}`;
      const views = GARMENT_VIEWS[kind.garment];
      // Each style its own silhouette where the art has one (a biker jacket is not a bomber); whatever
      // its style, a product of the Joggers under-subcategory is drawn as joggers.
      const art = artSlug(kind.garment, pick.under.slug === "joggers" ? "Jogger" : style);
      const images = views.map((view) => productImageUrl(art, colour, view));
      const description = describe({ rand, int, choose }, { material, style, colourName });
      // No ratings in the file: they come from the demo reviews written after the import
      // (demo/reviews.ts). The draws that made them stay, so a seed keeps its catalogue.
      if (!chance(0.08) && Math.floor(popularity * int(5, 900)) > 0) rand();
      const sold = Math.floor(popularity * popularity * int(0, 4000));
      const base = {
        slug: `${slugify(title)}-${groupNumber}`,
        title,
        description,
        color: colour,
        colorName: colourName,
        group: groupSlug,
        category: pick.category.slug,
        subcategories: [pick.sub.slug],
        underSubcategories: [`${pick.sub.slug}/${pick.under.slug}`],
        brand: slugify(brand),
        images,
        sold,
        ratingsAverage: 0,
        ratingsQuantity: 0,
        createdAt,
      };
      if (sizeRun.length === 0) {
        const { price, before } = priceFor(regular);
        count++;
        yield {
          ...base,
          price,
          priceBeforeDiscount: before,
          stock: soldOut ? 0 : int(0, 10) === 0 ? 0 : int(1, 120),
        };
      } else {
        const sizes = sizeRun.map((size, i) => {
          // Larger sizes of some garments cost a little more, so "the cheapest size in stock" matters.
          const upcharge = i >= sizeRun.length - 2 && chance(0.3) ? 3 : 0;
          const { price, before } = priceFor(regular + upcharge);
          const stock = soldOut || chance(0.16) ? 0 : int(1, 40);
          return { size, stock, price, priceBeforeDiscount: before };
        });
        count++;
        yield { ...base, sizes };
      }
      if (count >= options.products) break;
    }
  }
}
