// Category tiles: a garment (or a small arrangement of 2–3 for group categories) on a soft tinted circle.
// Square, drawn in a 1000×1000 user space.

import { GARMENT_VIEWS, type GarmentSlug, garmentArt, shadowFilter } from "./garments.ts";
import type { ColorSlug } from "./palette.ts";
import { mix } from "./svg-kit.ts";

/** [garment, colour, view, x, y, scale]: the garment's 1000×1000 art placed at (x, y) scaled. */
type Item = readonly [GarmentSlug, ColorSlug, string, number, number, number];

interface CategoryArt {
  tint: string;
  items: readonly Item[];
}

const single = (garment: GarmentSlug, color: ColorSlug, tint: string, view?: string): CategoryArt => ({
  tint,
  items: [[garment, color, view ?? "", 110, 110, 0.78]],
});

const TINTS = {
  peach: "#f6dccd",
  sky: "#d7e7f3",
  sage: "#dbe8dc",
  lilac: "#e7ddef",
  butter: "#f5e9c6",
  rose: "#f4d7df",
  sand: "#ece1cf",
  mint: "#d3ece6",
  stone: "#e2e2e6",
} as const;

const CATEGORIES: Record<string, CategoryArt> = {
  tshirt: single("tshirt", "white", TINTS.sky),
  shirt: single("shirt", "sky", TINTS.sand),
  polo: single("polo", "green", TINTS.butter),
  hoodie: single("hoodie", "grey", TINTS.peach),
  sweater: single("sweater", "burgundy", TINTS.sand),
  jacket: single("jacket", "olive", TINTS.butter),
  coat: single("coat", "beige", TINTS.sky),
  jeans: single("jeans", "blue", TINTS.butter),
  trousers: single("trousers", "navy", TINTS.peach),
  shorts: single("shorts", "mustard", TINTS.sky),
  skirt: single("skirt", "pink", TINTS.lilac),
  dress: single("dress", "red", TINTS.rose),
  sneakers: single("sneakers", "white", TINTS.mint),
  boots: single("boots", "brown", TINTS.sage),
  sandals: single("sandals", "black", TINTS.peach),
  cap: single("cap", "navy", TINTS.butter),
  bag: single("bag", "brown", TINTS.rose),
  scarf: single("scarf", "teal", TINTS.sand),
  belt: single("belt", "black", TINTS.mint),
  socks: single("socks", "yellow", TINTS.lilac),
  women: {
    tint: TINTS.rose,
    items: [
      ["dress", "pink", "front", 70, 90, 0.74],
      ["sandals", "brown", "pair", 560, 470, 0.4],
      ["bag", "burgundy", "front", 540, 130, 0.42],
    ],
  },
  men: {
    tint: TINTS.sky,
    items: [
      ["trousers", "beige", "front", 420, 250, 0.56],
      ["shirt", "sky", "front", 70, 90, 0.7],
      ["boots", "brown", "side", 500, 560, 0.36],
    ],
  },
  kids: {
    tint: TINTS.butter,
    items: [
      ["tshirt", "yellow", "front", 80, 120, 0.6],
      ["shorts", "red", "front", 470, 140, 0.5],
      ["sneakers", "sky", "pair", 380, 520, 0.44],
    ],
  },
  unisex: {
    tint: TINTS.stone,
    items: [
      ["hoodie", "grey", "front", 70, 90, 0.72],
      ["cap", "black", "side", 560, 160, 0.38],
      ["sneakers", "white", "side", 520, 530, 0.42],
    ],
  },
  tops: {
    tint: TINTS.peach,
    items: [
      ["shirt", "blue", "front", 60, 150, 0.56],
      ["polo", "green", "front", 420, 130, 0.52],
      ["tshirt", "white", "front", 250, 420, 0.52],
    ],
  },
  bottoms: {
    tint: TINTS.sky,
    items: [
      ["jeans", "blue", "front", 70, 120, 0.66],
      ["skirt", "pink", "front", 470, 130, 0.48],
      ["shorts", "beige", "front", 470, 450, 0.44],
    ],
  },
  outerwear: {
    tint: TINTS.sage,
    items: [
      ["jacket", "olive", "front", 420, 230, 0.58],
      ["coat", "beige", "front", 60, 100, 0.72],
    ],
  },
  dresses: {
    tint: TINTS.lilac,
    items: [
      ["dress", "teal", "front", 390, 170, 0.6],
      ["dress", "red", "front", 40, 110, 0.68],
    ],
  },
  shoes: {
    tint: TINTS.mint,
    items: [
      ["boots", "brown", "side", 70, 110, 0.52],
      ["sandals", "black", "pair", 510, 110, 0.42],
      ["sneakers", "white", "side", 170, 430, 0.6],
    ],
  },
  accessories: {
    tint: TINTS.sand,
    items: [
      ["bag", "brown", "front", 60, 130, 0.6],
      ["cap", "navy", "side", 480, 150, 0.46],
      ["belt", "black", "coiled", 470, 470, 0.44],
    ],
  },
  knitwear: {
    tint: TINTS.butter,
    items: [
      ["scarf", "grey", "front", 480, 220, 0.56],
      ["sweater", "burgundy", "front", 50, 110, 0.7],
    ],
  },
  sportswear: {
    tint: TINTS.peach,
    items: [
      ["hoodie", "teal", "front", 60, 100, 0.66],
      ["shorts", "black", "front", 500, 170, 0.46],
      ["sneakers", "orange", "side", 420, 500, 0.5],
    ],
  },
};

export const CATEGORY_KEYS = Object.keys(CATEGORIES);

export function isCategoryKey(key: string): boolean {
  return Object.hasOwn(CATEGORIES, key);
}

/** Square category image (size × size px), or null for an unknown key. */
export function categorySvg(key: string, size: number): string | null {
  if (!isCategoryKey(key)) return null;
  const art = CATEGORIES[key]!;
  const ring = mix(art.tint, "#ffffff", 0.45);
  let body = "";
  art.items.forEach(([garment, color, view, x, y, scale], i) => {
    const drawn = garmentArt(garment, color, view || GARMENT_VIEWS[garment][0]!, `c${i}`);
    body += `<g transform="translate(${x},${y}) scale(${scale})"><g filter="url(#cs)">${drawn}</g></g>`;
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000">` +
    `<defs>${shadowFilter("cs", 1.2)}<radialGradient id="bgc" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="${mix(art.tint, "#ffffff", 0.35)}"/><stop offset="1" stop-color="${art.tint}"/></radialGradient></defs>` +
    `<rect width="1000" height="1000" fill="${mix(art.tint, "#fbfaf7", 0.72)}"/>` +
    `<circle cx="500" cy="500" r="440" fill="url(#bgc)"/>` +
    `<circle cx="500" cy="500" r="440" fill="none" stroke="${ring}" stroke-width="10"/>` +
    body +
    `</svg>`
  );
}
