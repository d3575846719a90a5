import { describe, expect, it } from "vitest";
import { generateCatalogue } from "../generate.ts";
import { TAXONOMY } from "../taxonomy.ts";
import { type ArtSlug, artSlug, GARMENT_VIEWS, garmentArt, garmentOf, STYLE_GARMENT } from "./garments.ts";
import { renderImage } from "./render.ts";

/**
 * The outline of a drawing: the path data of its clip paths (each piece is clipped to its silhouette),
 * or of all its paths for a drawing built from strokes (the coiled belt).
 */
function silhouette(art: ArtSlug): string {
  const svg = garmentArt(art, "black", GARMENT_VIEWS[garmentOf(art)][0]!);
  const clips = [...svg.matchAll(/<clipPath id="[^"]*"><path d="([^"]*)"/g)].map((m) => m[1]);
  return (clips.length > 0 ? clips : [...svg.matchAll(/ d="([^"]*)"/g)].map((m) => m[1])).join("|");
}

const UNDER_GARMENTS = [
  ...new Set(TAXONOMY.flatMap((c) => c.subcategories.flatMap((s) => s.under.map((u) => u.garment)))),
];
/** The styles drawn as their own outline; the sandal styles differ in their straps (tested below). */
const JACKETS: ArtSlug[] = [
  "jacket",
  ...(Object.entries(STYLE_GARMENT)
    .filter(([, g]) => g !== "sandals")
    .map(([s]) => s) as ArtSlug[]),
];

describe("garment art (docs/decisions/034-home-pictures-and-rails.md)", () => {
  it("draws every garment of the taxonomy and every jacket style with its own silhouette", () => {
    const arts = [...new Set<ArtSlug>([...UNDER_GARMENTS, ...JACKETS, "joggers"])];
    const outlines = arts.map(silhouette);
    for (const [i, outline] of outlines.entries()) expect(outline, arts[i]).not.toBe("");
    expect(new Set(outlines).size).toBe(arts.length);
  });

  it("draws each sandal style with straps of its own", () => {
    const pairs = (["sandals", "slide", "strappy", "thong"] as const).map((s) =>
      garmentArt(s, "black", "pair"),
    );
    expect(new Set(pairs).size).toBe(4);
  });

  it("gives bomber, biker, trucker, puffer, field jacket and windbreaker products their own art", () => {
    expect(
      ["Bomber", "Biker", "Trucker", "Puffer", "Field", "Windbreaker"].map((s) => artSlug("jacket", s)),
    ).toEqual(["jacket", "biker", "trucker", "puffer", "fieldjacket", "windbreaker"]);
    expect(artSlug("trousers", "Jogger")).toBe("joggers");
    expect(["Slide", "Strappy", "Flat", "Sport"].map((s) => artSlug("sandals", s))).toEqual([
      "slide",
      "strappy",
      "thong",
      "sandals",
    ]);
    expect(artSlug("coat", "Biker")).toBe("coat"); // a style is only the art of its own garment
    const catalogue = generateCatalogue({ products: 400, seed: 1, now: new Date("2026-01-01T00:00:00Z") });
    const biker = catalogue.products!.find((p) => p.title.includes(" Biker "));
    expect(biker?.images?.[0]).toMatch(/^\/images\/products\/biker\/[a-z]+\/front\.webp$/);
    const joggers = catalogue.products!.filter((p) => p.underSubcategories?.[0] === "bottoms/joggers");
    expect(joggers.length).toBeGreaterThan(0);
    for (const p of joggers) expect(p.images?.[0]).toMatch(/^\/images\/products\/joggers\//);
  });

  it("prints no framed pictogram that reads as a missing image", () => {
    for (const art of ["tshirt", "cap", "sneakers"] as const) {
      for (const view of GARMENT_VIEWS[art]) {
        // The old print: a mountain (a five-point path) with a sun, inside a circle.
        expect(garmentArt(art, "white", view)).not.toMatch(/L-16,-16|<circle r="66"|L-8,-22|L312,486/);
      }
    }
  });

  it("renders a style the same bytes every time", async () => {
    const path = "/images/products/puffer/olive/front-200.webp";
    const [a, b] = await Promise.all([renderImage(path), renderImage(path)]);
    expect(a?.contentType).toBe("image/webp");
    expect(a!.body.equals(b!.body)).toBe(true);
    expect(await renderImage("/images/products/puffer/olive/folded.webp")).toBeNull(); // jackets have no folded view
  });
});
