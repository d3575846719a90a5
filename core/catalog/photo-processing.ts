import sharp, { type Metadata, type OutputInfo } from "sharp";
import {
  MAX_PHOTO_ASPECT,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MIN_PHOTO_SIDE,
  PHOTO_FIELD,
  PHOTO_MESSAGES,
} from "#contract/admin-photos.ts";
import { PRODUCT_WIDTHS } from "#contract/images.ts";
import { PHOTO_BASE_WIDTH, PHOTO_FORMATS, type PhotoFormat } from "#contract/photo-urls.ts";
import { invalidField } from "../errors.ts";

// An uploaded product photo, checked and turned into the renditions the storefront serves
// (docs/back-office/photos.md#processing): the widths of PRODUCT_WIDTHS in WebP and AVIF, upright,
// with no metadata left (EXIF, GPS, XMP, ICC: sharp writes none unless asked).

export interface PhotoRendition {
  format: PhotoFormat;
  /** Undefined for the plain name, which holds the PHOTO_BASE_WIDTH rendition. */
  width?: number;
  bytes: Uint8Array;
  contentType: string;
}

/** The formats taken, as sharp names them by content; AVIF is HEIF with AV1 inside. */
const ACCEPTED = new Set(["jpeg", "png", "webp", "heif"]);

const ENCODE = {
  webp: { options: { quality: 82 }, contentType: "image/webp" },
  // Effort 2 of 9: an upload's five AVIFs in a fraction of a second; higher efforts gain a few percent.
  avif: { options: { quality: 55, effort: 2 }, contentType: "image/avif" },
} as const satisfies Record<PhotoFormat, unknown>;

const refuse = (message: string) => invalidField(PHOTO_FIELD, message);

/** A 400 naming `photo` for what is no photo the shop takes; read from the header alone. */
async function checkPhoto(bytes: Uint8Array): Promise<void> {
  if (bytes.byteLength === 0) throw refuse(PHOTO_MESSAGES.missing);
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw refuse(PHOTO_MESSAGES.bytes);
  let meta: Metadata;
  try {
    // The header only: nothing is decoded yet.
    meta = await sharp(bytes).metadata();
  } catch {
    throw refuse(PHOTO_MESSAGES.type);
  }
  // HEIF that is not AV1 (an iPhone's HEIC) is no AVIF: sharp's build cannot decode it anyway.
  if (!meta.format || !ACCEPTED.has(meta.format) || (meta.format === "heif" && meta.compression !== "av1")) {
    throw refuse(PHOTO_MESSAGES.type);
  }
  const { width, height } = meta;
  if (!width || !height) throw refuse(PHOTO_MESSAGES.type);
  if (width * height > MAX_PHOTO_PIXELS) throw refuse(PHOTO_MESSAGES.pixels);
  if (Math.min(width, height) < MIN_PHOTO_SIDE) throw refuse(PHOTO_MESSAGES.small);
  if (Math.max(width, height) > MAX_PHOTO_ASPECT * Math.min(width, height))
    throw refuse(PHOTO_MESSAGES.aspect);
}

/**
 * Checks an upload (bytes, format by content, pixels, short side, shape) and renders it: turned
 * upright by its EXIF orientation, then every metadata block dropped, at each width of
 * PRODUCT_WIDTHS (never enlarged: a 500 px photo's `-1200` rendition is 500 px wide) in WebP and
 * AVIF, plus the plain names. Bad input is a 400 naming `photo`; nothing is stored here.
 */
export async function processPhoto(bytes: Uint8Array): Promise<PhotoRendition[]> {
  await checkPhoto(bytes);
  const largest = Math.max(...PRODUCT_WIDTHS);
  let master: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once, upright and at most as wide as the largest rendition (at most 1200 × 4800 by
    // the shape bound); the renditions are cut from this, so a 40-megapixel upload is decoded once,
    // not ten times. The pixel bound is sharp's own too, in case a header lied.
    master = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw refuse(PHOTO_MESSAGES.type);
  }
  const raw = {
    raw: { width: master.info.width, height: master.info.height, channels: master.info.channels },
  };
  const renditions: PhotoRendition[] = [];
  for (const format of PHOTO_FORMATS) {
    const { options, contentType } = ENCODE[format];
    for (const width of PRODUCT_WIDTHS) {
      const out = await sharp(master.data, raw)
        .resize({ width, withoutEnlargement: true })
        .toFormat(format, options)
        .toBuffer();
      const rendition = { format, width, bytes: new Uint8Array(out), contentType };
      renditions.push(rendition);
      if (width === PHOTO_BASE_WIDTH) renditions.push({ ...rendition, width: undefined });
    }
  }
  return renditions;
}
