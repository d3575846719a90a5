import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { BANNER_COUNT } from "./banner-art.ts";
import { brandSvg } from "./brand-art.ts";
import { CATEGORY_KEYS, categorySvg } from "./category-art.ts";
import { GARMENT_SLUGS, GARMENT_VIEWS, GARMENTS, garmentSvg } from "./garments.ts";
import { COLORS } from "./palette.ts";
import {
  bannerImageUrl,
  brandImageUrl,
  categoryImageUrl,
  parseImagePath,
  productImageUrl,
  renderImage,
} from "./render.ts";

async function readBack(body: Buffer) {
  return sharp(body).metadata();
}

describe("catalogue tables", () => {
  it("has exactly the agreed colours and garments", () => {
    expect(Object.keys(COLORS).sort()).toEqual(
      [
        "black",
        "white",
        "navy",
        "grey",
        "beige",
        "red",
        "burgundy",
        "green",
        "olive",
        "blue",
        "sky",
        "pink",
        "yellow",
        "mustard",
        "brown",
        "purple",
        "orange",
        "teal",
      ].sort(),
    );
    expect(Object.keys(GARMENTS).sort()).toEqual(
      [
        "tshirt",
        "shirt",
        "polo",
        "hoodie",
        "sweater",
        "jacket",
        "coat",
        "jeans",
        "trousers",
        "shorts",
        "skirt",
        "dress",
        "sneakers",
        "boots",
        "sandals",
        "cap",
        "bag",
        "scarf",
        "belt",
        "socks",
      ].sort(),
    );
    for (const g of GARMENT_SLUGS) {
      expect(GARMENT_VIEWS[g].length).toBeGreaterThanOrEqual(3);
      expect(GARMENT_VIEWS[g].length).toBeLessThanOrEqual(5);
    }
  });

  it("draws every view of a garment differently", () => {
    for (const g of GARMENT_SLUGS) {
      const svgs = GARMENT_VIEWS[g].map((v) => garmentSvg(g, "red", v, 400, 400));
      expect(new Set(svgs).size).toBe(svgs.length);
    }
  });
});

describe("renderImage", () => {
  it("renders every garment view to a WebP of the requested width", async () => {
    const colors = Object.keys(COLORS) as (keyof typeof COLORS)[];
    let i = 0;
    for (const g of GARMENT_SLUGS) {
      for (const view of GARMENT_VIEWS[g]) {
        const color = colors[i++ % colors.length]!;
        const image = await renderImage(`/images/products/${g}/${color}/${view}-200.webp`);
        expect(image, `${g}/${color}/${view}`).not.toBeNull();
        expect(image!.contentType).toBe("image/webp");
        const meta = await readBack(image!.body);
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(200);
        expect(meta.height).toBe(200);
      }
    }
  }, 60_000);

  it("uses 800 px by default for products and renders AVIF", async () => {
    const webp = await renderImage(productImageUrl("hoodie", "navy", "front"));
    expect((await readBack(webp!.body)).width).toBe(800);
    const avif = await renderImage("/images/products/jeans/blue/back-400.avif");
    expect(avif!.contentType).toBe("image/avif");
    const meta = await readBack(avif!.body);
    expect(meta.format).toBe("heif");
    expect(meta.width).toBe(400);
  }, 30_000);

  it("renders categories, brands and banners at their widths", async () => {
    for (const key of CATEGORY_KEYS) {
      const image = await renderImage(`/images/categories/${key}-200.webp`);
      expect((await readBack(image!.body)).width, key).toBe(200);
    }
    expect((await readBack((await renderImage(categoryImageUrl("women")))!.body)).width).toBe(400);
    for (const slug of [
      "acme",
      "urban-threads",
      "studio-42",
      "x",
      "a-very-long-brand-name-for-testing-fit",
    ]) {
      const image = await renderImage(`/images/brands/${slug}-200.webp`);
      const meta = await readBack(image!.body);
      expect([meta.width, meta.height], slug).toEqual([200, 200]);
    }
    expect((await readBack((await renderImage(brandImageUrl("acme")))!.body)).width).toBe(400);
    for (let n = 1; n <= BANNER_COUNT; n++) {
      const image = await renderImage(`/images/banners/${n}-640.webp`);
      const meta = await readBack(image!.body);
      expect([meta.width, meta.height], `banner ${n}`).toEqual([640, 213]);
    }
    const big = await readBack((await renderImage(bannerImageUrl(3)))!.body);
    expect([big.width, big.height]).toEqual([1920, 640]);
  }, 60_000);

  it("is deterministic", async () => {
    for (const path of [
      "/images/products/sweater/burgundy/front-400.webp",
      "/images/products/sneakers/white/pair-200.avif",
      "/images/categories/kids-200.webp",
      "/images/brands/maison-rouge-200.webp",
      "/images/banners/2-640.avif",
    ]) {
      const a = await renderImage(path);
      const b = await renderImage(path);
      expect(a, path).not.toBeNull();
      expect(Buffer.compare(a!.body, b!.body), path).toBe(0);
    }
    expect(garmentSvg("coat", "navy", "back", 800, 800)).toBe(garmentSvg("coat", "navy", "back", 800, 800));
  }, 30_000);

  it.each([
    "/images/products/kilt/red/front.webp",
    "/images/products/tshirt/magenta/front.webp",
    "/images/products/tshirt/red/side.webp",
    "/images/products/sneakers/red/front.webp",
    "/images/products/tshirt/red/front-300.webp",
    "/images/products/tshirt/red/front-0800.webp",
    "/images/products/tshirt/red/front.png",
    "/images/products/tshirt/red/front.jpg",
    "/images/products/tshirt/red/front",
    "/images/products/tshirt/red/front.webp/",
    "/images/products/tshirt/red/front.webp?x=1",
    "/images/products/Tshirt/red/front.webp",
    "/images/products/../../etc/passwd",
    "/images/products/%2e%2e/%2e%2e/etc/passwd",
    "/images/products/tshirt/red/..%2f..%2fpasswd.webp",
    "/images/products/tshirt/red/../../../front.webp",
    "/images/categories/pyjamas.webp",
    "/images/categories/women-800.webp",
    "/images/categories/../brands/acme.webp",
    "/images/brands/Acme.webp",
    "/images/brands/acme_co.webp",
    "/images/brands/---.webp",
    `/images/brands/${"a".repeat(41)}.webp`,
    "/images/brands/acme.gif",
    "/images/banners/0.webp",
    "/images/banners/12.webp",
    "/images/banners/01.webp",
    "/images/banners/3-800.webp",
    "/images/other/1.webp",
    "/etc/passwd",
    "",
  ])("rejects %s", async (path) => {
    expect(parseImagePath(path)).toBeNull();
    expect(await renderImage(path)).toBeNull();
  });

  it("reads a trailing allowed width on brand slugs as the width", () => {
    expect(parseImagePath("/images/brands/studio-42.webp")).toMatchObject({ slug: "studio-42", width: 400 });
    expect(parseImagePath("/images/brands/acme-200.avif")).toMatchObject({ slug: "acme", width: 200 });
    expect(parseImagePath(brandImageUrl("club-200"))).toMatchObject({ slug: "club-200", width: 400 });
  });

  it("returns null from the art functions for unknown keys", () => {
    expect(categorySvg("pyjamas", 200)).toBeNull();
    expect(brandSvg("Not A Slug", 200)).toBeNull();
  });
});
