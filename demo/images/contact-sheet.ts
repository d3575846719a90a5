// Renders contact sheets of the generated artwork to /tmp for visual review:
//   npx tsx demo/images/contact-sheet.ts [sheet...]
// Sheets: garments, styles, views, colors, categories, brands, banners (default: all).

import sharp from "sharp";
import { BANNER_COUNT, bannerSvg } from "./banner-art.ts";
import { brandSvg } from "./brand-art.ts";
import { CATEGORY_KEYS, categorySvg } from "./category-art.ts";
import {
  type ArtSlug,
  GARMENT_SLUGS,
  GARMENT_VIEWS,
  type GarmentSlug,
  garmentOf,
  garmentSvg,
  STYLE_GARMENT,
} from "./garments.ts";
import type { ColorSlug } from "./palette.ts";
import { COLORS } from "./palette.ts";
import { escapeXml } from "./svg-kit.ts";

interface Tile {
  svg: string;
  label: string;
}

async function sheet(file: string, tiles: Tile[], columns: number, w: number, h: number): Promise<void> {
  const gap = 8;
  const labelH = 22;
  const rows = Math.ceil(tiles.length / columns);
  const width = columns * (w + gap) + gap;
  const height = rows * (h + labelH + gap) + gap;
  const composites = await Promise.all(
    tiles.map(async (tile, i) => {
      const x = gap + (i % columns) * (w + gap);
      const y = gap + Math.floor(i / columns) * (h + labelH + gap);
      const img = await sharp(Buffer.from(tile.svg)).resize(w, h).png().toBuffer();
      const label = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${labelH}"><text x="4" y="16" font-family="DejaVu Sans, sans-serif" font-size="13" fill="#333">${escapeXml(tile.label)}</text></svg>`,
      );
      return [
        { input: img, left: x, top: y },
        { input: label, left: x, top: y + h },
      ];
    }),
  );
  await sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .composite(composites.flat())
    .png()
    .toFile(file);
  console.log(`wrote ${file} (${tiles.length} tiles)`);
}

const PRESET: Record<GarmentSlug, ColorSlug> = {
  tshirt: "white",
  shirt: "sky",
  polo: "green",
  hoodie: "grey",
  sweater: "burgundy",
  jacket: "olive",
  coat: "beige",
  jeans: "blue",
  trousers: "navy",
  shorts: "mustard",
  skirt: "pink",
  dress: "red",
  sneakers: "white",
  boots: "brown",
  sandals: "black",
  cap: "navy",
  bag: "brown",
  scarf: "teal",
  belt: "black",
  socks: "yellow",
};

const SHEETS: Record<string, () => Promise<void>> = {
  garments: () =>
    sheet(
      "/tmp/sheet-garments.png",
      GARMENT_SLUGS.map((g) => ({
        svg: garmentSvg(g, PRESET[g], GARMENT_VIEWS[g][0]!, 300, 300),
        label: `${g} ${PRESET[g]}`,
      })),
      5,
      300,
      300,
    ),
  // Every jacket style, front and back, in three colours: the silhouettes must differ at a glance.
  styles: () =>
    sheet(
      "/tmp/sheet-styles.png",
      (["jacket", ...Object.keys(STYLE_GARMENT)] as ArtSlug[]).flatMap((g) =>
        (["olive", "black", "pink"] as ColorSlug[]).map((color, i) => ({
          svg: garmentSvg(g, color, GARMENT_VIEWS[garmentOf(g)][i === 2 ? 1 : 0]!, 240, 240),
          label: `${g} ${color} ${GARMENT_VIEWS[garmentOf(g)][i === 2 ? 1 : 0]}`,
        })),
      ),
      6,
      240,
      240,
    ),
  views: async () => {
    const half = Math.ceil(GARMENT_SLUGS.length / 2);
    for (const [n, list] of [GARMENT_SLUGS.slice(0, half), GARMENT_SLUGS.slice(half)].entries()) {
      await sheet(
        `/tmp/sheet-views-${n + 1}.png`,
        list.flatMap((g) => {
          const views = [...GARMENT_VIEWS[g]];
          while (views.length < 5) views.push("");
          return views.map((v) => ({
            svg: v
              ? garmentSvg(g, PRESET[g], v, 220, 220)
              : `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="220"/>`,
            label: v ? `${g}/${v}` : "",
          }));
        }),
        5,
        220,
        220,
      );
    }
  },
  colors: async () => {
    const colors = Object.keys(COLORS) as ColorSlug[];
    for (const g of (process.env.GARMENTS?.split(",") as GarmentSlug[] | undefined) ?? [
      "tshirt",
      "sneakers",
    ]) {
      await sheet(
        `/tmp/sheet-colors-${g}.png`,
        colors.map((col) => ({
          svg: garmentSvg(g, col, GARMENT_VIEWS[g][0]!, 200, 200),
          label: `${g} ${col}`,
        })),
        6,
        200,
        200,
      );
    }
  },
  categories: () =>
    sheet(
      "/tmp/sheet-categories.png",
      CATEGORY_KEYS.map((k) => ({ svg: categorySvg(k, 240)!, label: k })),
      8,
      240,
      240,
    ),
  brands: () => {
    const slugs = [
      "northwind",
      "urban-threads",
      "acme",
      "blue-harbor-co",
      "lumen",
      "kite-and-key",
      "oak",
      "velvet-moon-atelier",
      "x",
      "studio-42",
      "fjord",
      "maison-rouge",
    ];
    return sheet(
      "/tmp/sheet-brands.png",
      slugs.map((s) => ({ svg: brandSvg(s, 240)!, label: s })),
      6,
      240,
      240,
    );
  },
  banners: () =>
    sheet(
      "/tmp/sheet-banners.png",
      Array.from({ length: BANNER_COUNT }, (_, i) => ({
        svg: bannerSvg(i + 1, 960, 320)!,
        label: `banner ${i + 1}`,
      })),
      2,
      960,
      320,
    ),
};

const wanted = process.argv.slice(2);
for (const name of wanted.length ? wanted : Object.keys(SHEETS)) {
  const run = SHEETS[name];
  if (!run) throw new Error(`unknown sheet ${name}`);
  await run();
}
