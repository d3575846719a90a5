// Garment catalogue for the demo images: which garments exist, which views each one has, and
// `garmentSvg` which paints one garment/colour/view as a complete SVG document.

import { ACCESSORIES } from "./art-accessories.ts";
import { BOTTOMS } from "./art-bottoms.ts";
import type { Draw } from "./art-common.ts";
import { STYLE_ART } from "./art-jackets.ts";
import { SANDAL_STYLES, SHOES } from "./art-shoes.ts";
import { TOPS } from "./art-tops.ts";
import { COLORS, type ColorSlug } from "./palette.ts";
import { mix, tone } from "./svg-kit.ts";

export const GARMENTS = {
  tshirt: { name: "T-shirt", group: "tops" },
  shirt: { name: "Shirt", group: "tops" },
  polo: { name: "Polo shirt", group: "tops" },
  hoodie: { name: "Hoodie", group: "tops" },
  sweater: { name: "Sweater", group: "knitwear" },
  jacket: { name: "Jacket", group: "outerwear" },
  coat: { name: "Coat", group: "outerwear" },
  jeans: { name: "Jeans", group: "bottoms" },
  trousers: { name: "Trousers", group: "bottoms" },
  shorts: { name: "Shorts", group: "bottoms" },
  skirt: { name: "Skirt", group: "bottoms" },
  dress: { name: "Dress", group: "dresses" },
  sneakers: { name: "Sneakers", group: "shoes" },
  boots: { name: "Boots", group: "shoes" },
  sandals: { name: "Sandals", group: "shoes" },
  cap: { name: "Cap", group: "accessories" },
  bag: { name: "Bag", group: "accessories" },
  scarf: { name: "Scarf", group: "accessories" },
  belt: { name: "Belt", group: "accessories" },
  socks: { name: "Socks", group: "accessories" },
} as const satisfies Record<string, { name: string; group: string }>;

export type GarmentSlug = keyof typeof GARMENTS;

/**
 * Styles drawn as silhouettes of their own, named in the image URL's garment segment
 * (`/images/products/biker/black/front.webp`); each has its garment's views and detail crop. A style
 * not listed here (and an image URL naming the garment) is drawn as the garment: the bomber is `jacket`.
 */
export const STYLE_GARMENT = {
  biker: "jacket",
  trucker: "jacket",
  puffer: "jacket",
  fieldjacket: "jacket",
  windbreaker: "jacket",
  joggers: "trousers",
  slide: "sandals",
  strappy: "sandals",
  thong: "sandals",
} as const satisfies Record<string, GarmentSlug>;

export type StyleSlug = keyof typeof STYLE_GARMENT;
/** What an image URL's garment segment names: a garment, or one of its styles. */
export type ArtSlug = GarmentSlug | StyleSlug;

/** Style names whose art slug differs from the style's own slug. */
const STYLE_ALIASES: Record<string, string> = { field: "fieldjacket", jogger: "joggers", flat: "thong" };

/** The art for a product of this garment in this style ("Biker" → `biker`, "Classic" → the garment). */
export function artSlug(garment: GarmentSlug, style: string): ArtSlug {
  const slug = style.toLowerCase().replace(/[^a-z]/g, "");
  const styled = STYLE_ALIASES[slug] ?? slug;
  return Object.hasOwn(STYLE_GARMENT, styled) && STYLE_GARMENT[styled as StyleSlug] === garment
    ? (styled as StyleSlug)
    : garment;
}

export function garmentOf(art: ArtSlug): GarmentSlug {
  return Object.hasOwn(STYLE_GARMENT, art) ? STYLE_GARMENT[art as StyleSlug] : (art as GarmentSlug);
}

export const GARMENT_SLUGS = Object.keys(GARMENTS) as GarmentSlug[];

/** Views per garment; the first one is the cover image. */
export const GARMENT_VIEWS: Record<GarmentSlug, readonly string[]> = {
  tshirt: ["front", "back", "detail", "folded"],
  shirt: ["front", "back", "detail", "folded"],
  polo: ["front", "back", "detail", "folded"],
  hoodie: ["front", "back", "detail", "folded"],
  sweater: ["front", "back", "detail", "folded"],
  jacket: ["front", "back", "detail"],
  coat: ["front", "back", "detail"],
  jeans: ["front", "back", "detail"],
  trousers: ["front", "back", "detail"],
  shorts: ["front", "back", "detail"],
  skirt: ["front", "back", "detail"],
  dress: ["front", "back", "detail"],
  sneakers: ["side", "pair", "top", "sole", "detail"],
  boots: ["side", "pair", "sole", "detail"],
  sandals: ["pair", "single", "detail"],
  cap: ["side", "front", "back", "top"],
  bag: ["front", "back", "side", "detail"],
  scarf: ["front", "flat", "detail"],
  belt: ["coiled", "flat", "detail"],
  socks: ["pair", "single", "detail"],
};

const DRAW: Record<ArtSlug, Draw> = {
  ...TOPS,
  ...BOTTOMS,
  ...SHOES,
  ...ACCESSORIES,
  ...STYLE_ART,
  ...SANDAL_STYLES,
};

/** Detail views: which view is zoomed and the square crop [x, y, size] of its 1000×1000 space. */
const DETAIL: Partial<Record<GarmentSlug, { from: string; box: readonly [number, number, number] }>> = {
  tshirt: { from: "front", box: [330, 130, 360] },
  shirt: { from: "front", box: [390, 120, 320] },
  polo: { from: "front", box: [380, 120, 320] },
  hoodie: { from: "front", box: [330, 160, 340] },
  sweater: { from: "front", box: [300, 560, 360] },
  jacket: { from: "front", box: [380, 110, 320] },
  coat: { from: "front", box: [400, 130, 360] },
  jeans: { from: "front", box: [300, 120, 330] },
  trousers: { from: "front", box: [350, 80, 300] },
  shorts: { from: "front", box: [380, 210, 320] },
  skirt: { from: "front", box: [440, 180, 320] },
  dress: { from: "front", box: [340, 250, 320] },
  sneakers: { from: "side", box: [270, 250, 420] },
  boots: { from: "side", box: [140, 120, 420] },
  sandals: { from: "pair", box: [590, 290, 320] },
  bag: { from: "front", box: [350, 400, 300] },
  scarf: { from: "front", box: [320, 600, 300] },
  belt: { from: "detail", box: [110, 360, 280] },
  socks: { from: "pair", box: [300, 120, 330] },
};

export function isGarmentSlug(value: string): value is GarmentSlug {
  return Object.hasOwn(GARMENTS, value);
}

export function isArtSlug(value: string): value is ArtSlug {
  return isGarmentSlug(value) || Object.hasOwn(STYLE_GARMENT, value);
}

export function hasView(art: ArtSlug, view: string): boolean {
  return GARMENT_VIEWS[garmentOf(art)].includes(view);
}

function hexOf(color: ColorSlug | `#${string}`): string {
  return color.startsWith("#") ? color : COLORS[color as ColorSlug].hex;
}

/**
 * The garment drawing (no background, no shadow) in a 1000×1000 user space, for embedding into other
 * documents. `prefix` keeps clip-path ids unique when several garments share one document.
 */
export function garmentArt(
  garment: ArtSlug,
  color: ColorSlug | `#${string}`,
  view: string,
  prefix = "g",
): string {
  const c = { t: tone(hexOf(color)), id: (name: string) => `${prefix}-${name}` };
  const detail = DETAIL[garmentOf(garment)];
  const drawView = view === "detail" && detail ? detail.from : view;
  return DRAW[garment](drawView, c);
}

/** Soft drop shadow filter used under garments. */
export function shadowFilter(id: string, strength = 1): string {
  // Spelled out (rather than feDropShadow) and in sRGB: noticeably cheaper to rasterise in librsvg.
  return (
    `<filter id="${id}" x="-20%" y="-20%" width="140%" height="150%" color-interpolation-filters="sRGB">` +
    `<feGaussianBlur in="SourceAlpha" stdDeviation="${14 * strength}"/><feOffset dy="${12 * strength}" result="blur"/>` +
    `<feFlood flood-color="#1d1a16" flood-opacity="0.2"/><feComposite in2="blur" operator="in"/>` +
    `<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`
  );
}

/** Light background tint that harmonises with the garment colour and keeps it visible. */
export function backdrop(hex: string): [string, string] {
  const t = tone(hex);
  if (t.lum > 0.7) return ["#eceef2", "#d9dde4"];
  const base = mix(hex, "#f4f1eb", 0.9);
  return [mix(base, "#ffffff", 0.5), mix(base, "#d8d2c8", 0.35)];
}

/** A complete SVG document for one garment in one colour and view. */
export function garmentSvg(
  garment: ArtSlug,
  color: ColorSlug | `#${string}`,
  view: string,
  width: number,
  height: number,
): string {
  const hex = hexOf(color);
  const detail = view === "detail" ? DETAIL[garmentOf(garment)] : undefined;
  const [x, y, s] = detail ? detail.box : [0, 0, 1000];
  const [bgLight, bgDark] = backdrop(hex);
  const art = garmentArt(garment, color, view, "g");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${x} ${y} ${s} ${s}" preserveAspectRatio="xMidYMid slice">` +
    `<defs><radialGradient id="bg" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="${bgLight}"/><stop offset="1" stop-color="${bgDark}"/></radialGradient>${shadowFilter("ds", detail ? s / 1000 : 1)}</defs>` +
    `<rect x="${x - s}" y="${y - s}" width="${3 * s}" height="${3 * s}" fill="${bgLight}"/>` +
    `<rect x="0" y="0" width="1000" height="1000" fill="url(#bg)"/>` +
    `<g filter="url(#ds)">${art}</g>` +
    `</svg>`
  );
}
