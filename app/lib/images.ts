import { BANNER_WIDTHS, CATEGORY_WIDTHS, PRODUCT_WIDTHS } from "#contract/images.ts";
import { isUploadedPhotoUrl } from "#contract/photo-urls.ts";

/**
 * Responsive sources for the shop's generated images and uploaded photos. The image server renders
 * a few fixed widths per kind (`/images/products/…/front-400.webp`), and an uploaded photo is
 * stored at the product widths (`/media/products/<product>/<photo>-400.webp`, or the same key on
 * the bucket's address: contract/photo-urls.ts); any other URL (an imported catalogue's own CDN)
 * is used as it is.
 */
const WIDTHS: { pattern: { test(url: string): boolean }; widths: readonly number[] }[] = [
  { pattern: /^\/images\/products\/[a-z]+\/[a-z]+\/[a-z]+\.(webp|avif)$/, widths: PRODUCT_WIDTHS },
  { pattern: { test: isUploadedPhotoUrl }, widths: PRODUCT_WIDTHS },
  { pattern: /^\/images\/categories\/[a-z]+\.(webp|avif)$/, widths: CATEGORY_WIDTHS },
  { pattern: /^\/images\/banners\/\d+\.(webp|avif)$/, widths: BANNER_WIDTHS },
];

export function sizedImageUrl(url: string, width: number): string {
  return url.replace(/\.(webp|avif)$/, `-${width}.$1`);
}

/** A `srcset` for a generated image or an uploaded photo, or undefined when the URL is not one of ours. */
export function imageSrcSet(url: string): string | undefined {
  const known = WIDTHS.find((w) => w.pattern.test(url));
  if (!known) return undefined;
  // Every known URL ends in `.webp` or `.avif`: split once rather than run sizedImageUrl's
  // replace per width (a product page builds about twenty of these on every render).
  const dot = url.lastIndexOf(".");
  const name = url.slice(0, dot);
  const extension = url.slice(dot);
  return known.widths.map((w) => `${name}-${w}${extension} ${w}w`).join(", ");
}

/** Shown when an image fails to load (docs/storefront/README.md#images): a neutral tile with a picture outline. */
export const PLACEHOLDER_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="#e5e7eb"/><path d="M30 66l13-17 9 11 7-8 11 14z" fill="#9ca3af"/><circle cx="62" cy="38" r="6" fill="#9ca3af"/></svg>',
)}`;
