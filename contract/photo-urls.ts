import { PRODUCT_WIDTHS } from "./images.ts";

/**
 * Where uploaded product photos live (docs/back-office/photos.md). Each photo is stored under keys
 * `products/<productId>/<photoId>.<webp|avif>` (the 800 px rendition, as generated images default
 * to) and `…/<photoId>-<width>.<webp|avif>` for every width of PRODUCT_WIDTHS; its URL is the store's
 * public URL of the `.webp` key: `/media/products/…` served by the shop, or the bucket's (S3_PUBLIC_URL).
 * Dependency-free: the storefront's srcset code imports it.
 */
export type PhotoFormat = "webp" | "avif";

export const PHOTO_FORMATS = ["webp", "avif"] as const satisfies readonly PhotoFormat[];

/** The rendition a photo's plain name (without `-<width>`) holds. */
export const PHOTO_BASE_WIDTH = 800;

/** Where the shop serves its image store when S3_PUBLIC_URL is unset. */
export const MEDIA_PREFIX = "/media/";

/**
 * A photo's URL: the shop's `/media/…` or any absolute URL (a bucket, a CDN, perhaps with a path
 * of its own) ending in the store's key. Ids are 24 hex characters, so no imported catalogue's own
 * image URL looks like one by chance.
 */
const PHOTO_URL = /^(?:\/media|https?:\/\/[^\s?#]+)\/products\/([0-9a-f]{24})\/([0-9a-f]{24})\.webp$/;

/** A stored key: `products/<productId>/<photoId>[-<width>].<format>`; nothing else is ever read or served. */
const PHOTO_KEY = /^products\/([0-9a-f]{24})\/([0-9a-f]{24})(?:-([1-9]\d{2,3}))?\.(webp|avif)$/;

export interface PhotoRef {
  productId: string;
  photoId: string;
}

/** The product and photo an uploaded photo's URL names, or null for any other URL (generated, imported). */
export function parsePhotoUrl(url: string): PhotoRef | null {
  const m = PHOTO_URL.exec(url);
  return m ? { productId: m[1]!, photoId: m[2]! } : null;
}

export const isUploadedPhotoUrl = (url: string) => PHOTO_URL.test(url);

/** The key of one rendition; `width` undefined is the plain name. */
export function photoKey(ref: PhotoRef, format: PhotoFormat, width?: number): string {
  return `products/${ref.productId}/${ref.photoId}${width === undefined ? "" : `-${width}`}.${format}`;
}

/** Every key a photo is stored under: the plain name and each width, in both formats. */
export function photoKeys(ref: PhotoRef): string[] {
  return PHOTO_FORMATS.flatMap((format) => [
    photoKey(ref, format),
    ...PRODUCT_WIDTHS.map((width) => photoKey(ref, format, width)),
  ]);
}

/** A key as the media route takes it, with its format; null for any other path (the traversal guard). */
export function parsePhotoKey(key: string): { format: PhotoFormat } | null {
  const m = PHOTO_KEY.exec(key);
  if (!m) return null;
  if (m[3] !== undefined && !(PRODUCT_WIDTHS as readonly number[]).includes(Number(m[3]))) return null;
  return { format: m[4] as PhotoFormat };
}
