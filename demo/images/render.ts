// Parses demo image URLs and renders them (SVG → sharp → WebP/AVIF). Output is a pure function of the
// URL path: no dates, no randomness, so every server instance produces byte-identical files.
//
// URL patterns (anything else → null):
//   /images/products/{garment|style}/{color}/{view}[-{200|400|800|1200}].{webp|avif}   square, default 800
//   /images/categories/{key}[-{200|400}].{webp|avif}                              square, default 400
//   /images/brands/{slug}[-{200|400}].{webp|avif}                                 square, default 400
//   /images/banners/{1..11}[-{640|1280|1920}].{webp|avif}                         3:1, default 1920
// A brand slug that itself ends in "-200"/"-400" must be requested with an explicit width suffix
// (brandImageUrl does this), because a trailing allowed width is always read as the width.

import sharp from "sharp";
import { BANNER_WIDTHS, BRAND_WIDTHS, CATEGORY_WIDTHS, PRODUCT_WIDTHS } from "#contract/images.ts";
import { BANNER_COUNT, bannerSvg } from "./banner-art.ts";
import { BRAND_SLUG, brandSvg } from "./brand-art.ts";
import { categorySvg, isCategoryKey } from "./category-art.ts";
import { type ArtSlug, garmentSvg, hasView, isArtSlug } from "./garments.ts";
import { type ColorSlug, isColorSlug } from "./palette.ts";

export type ImageFormat = "webp" | "avif";

export type ImageSpec =
  | {
      kind: "product";
      garment: ArtSlug;
      color: ColorSlug;
      view: string;
      width: number;
      format: ImageFormat;
    }
  | { kind: "category"; key: string; width: number; format: ImageFormat }
  | { kind: "brand"; slug: string; width: number; format: ImageFormat }
  | { kind: "banner"; n: number; width: number; format: ImageFormat };

const WEBP_QUALITY = 82;
const AVIF_QUALITY = 55;
const AVIF_EFFORT = 1;

const CONTENT_TYPES: Record<ImageFormat, string> = { webp: "image/webp", avif: "image/avif" };

/** Splits "name-400" into name and width when the suffix is an allowed width. */
function splitWidth(name: string, allowed: readonly number[], fallback: number): [string, number] {
  const m = /^(.+)-([1-9]\d{2,3})$/.exec(name);
  if (m && allowed.includes(Number(m[2]))) return [m[1]!, Number(m[2])];
  return [name, fallback];
}

/** Validates an image URL path; null when it is not one of the patterns above. */
export function parseImagePath(pathname: string): ImageSpec | null {
  if (pathname.length > 200) return null;
  let m =
    /^\/images\/products\/([a-z]{2,20})\/([a-z]{2,20})\/([a-z]{2,20})(?:-([1-9]\d{2,3}))?\.(webp|avif)$/.exec(
      pathname,
    );
  if (m) {
    const [garment, color, view, w, format] = [m[1]!, m[2]!, m[3]!, m[4], m[5] as ImageFormat];
    const width = w === undefined ? 800 : Number(w);
    if (!isArtSlug(garment) || !isColorSlug(color) || !hasView(garment, view)) return null;
    if (!(PRODUCT_WIDTHS as readonly number[]).includes(width)) return null;
    return { kind: "product", garment, color, view, width, format };
  }
  m = /^\/images\/categories\/([a-z]{2,20})(?:-([1-9]\d{2,3}))?\.(webp|avif)$/.exec(pathname);
  if (m) {
    const [key, w, format] = [m[1]!, m[2], m[3] as ImageFormat];
    const width = w === undefined ? 400 : Number(w);
    if (!isCategoryKey(key) || !(CATEGORY_WIDTHS as readonly number[]).includes(width)) return null;
    return { kind: "category", key, width, format };
  }
  m = /^\/images\/brands\/([a-z0-9-]{1,46})\.(webp|avif)$/.exec(pathname);
  if (m) {
    const [name, format] = [m[1]!, m[2] as ImageFormat];
    const [slug, width] = splitWidth(name, BRAND_WIDTHS, 400);
    if (!BRAND_SLUG.test(slug) || !/[a-z0-9]/.test(slug)) return null;
    return { kind: "brand", slug, width, format };
  }
  m = /^\/images\/banners\/([1-9]\d?)(?:-([1-9]\d{2,3}))?\.(webp|avif)$/.exec(pathname);
  if (m) {
    const [num, w, format] = [m[1]!, m[2], m[3] as ImageFormat];
    const n = Number(num);
    const width = w === undefined ? 1920 : Number(w);
    if (n > BANNER_COUNT || !(BANNER_WIDTHS as readonly number[]).includes(width)) return null;
    return { kind: "banner", n, width, format };
  }
  return null;
}

/** The SVG document and output size for a parsed spec. */
export function specSvg(spec: ImageSpec): { svg: string; width: number; height: number } | null {
  switch (spec.kind) {
    case "product":
      return {
        svg: garmentSvg(spec.garment, spec.color, spec.view, spec.width, spec.width),
        width: spec.width,
        height: spec.width,
      };
    case "category": {
      const svg = categorySvg(spec.key, spec.width);
      return svg ? { svg, width: spec.width, height: spec.width } : null;
    }
    case "brand": {
      const svg = brandSvg(spec.slug, spec.width);
      return svg ? { svg, width: spec.width, height: spec.width } : null;
    }
    case "banner": {
      const height = Math.round(spec.width / 3);
      const svg = bannerSvg(spec.n, spec.width, height);
      return svg ? { svg, width: spec.width, height } : null;
    }
  }
}

export async function renderSpec(spec: ImageSpec): Promise<{ body: Buffer; contentType: string } | null> {
  const doc = specSvg(spec);
  if (!doc) return null;
  const img = sharp(Buffer.from(doc.svg)).resize(doc.width, doc.height, { fit: "cover" });
  const body =
    spec.format === "avif"
      ? await img.avif({ quality: AVIF_QUALITY, effort: AVIF_EFFORT }).toBuffer()
      : await img.webp({ quality: WEBP_QUALITY, effort: 4 }).toBuffer();
  return { body, contentType: CONTENT_TYPES[spec.format] };
}

/** Renders the image for a URL path, or null when the path is not a known image. */
export async function renderImage(pathname: string): Promise<{ body: Buffer; contentType: string } | null> {
  const spec = parseImagePath(pathname);
  return spec ? renderSpec(spec) : null;
}

export function productImageUrl(garment: ArtSlug, color: ColorSlug, view: string): string {
  return `/images/products/${garment}/${color}/${view}.webp`;
}

export function categoryImageUrl(key: string): string {
  return `/images/categories/${key}.webp`;
}

export function brandImageUrl(slug: string): string {
  // A slug ending in an allowed width would be misread as slug+width: spell the default width out.
  return /-(200|400)$/.test(slug) ? `/images/brands/${slug}-400.webp` : `/images/brands/${slug}.webp`;
}

export function bannerImageUrl(n: number): string {
  return `/images/banners/${n}.webp`;
}
