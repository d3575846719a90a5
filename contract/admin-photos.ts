import { z } from "zod";

// Product photos in the back office (docs/back-office/photos.md): the upload's limits, and the
// payloads of reordering, choosing the cover and removing a photo, for the API and the page alike.

/** The largest photo file taken (the upload's own body limit allows this plus the form's overhead). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Decoding a photo holds it in memory: a bound on its pixels bounds that (and refuses decompression bombs). */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** The storefront shows product pictures at 200 px and more: a smaller photo would only look blurred. */
export const MIN_PHOTO_SIDE = 200;
/** Product pictures are shown square: a strip longer than this is no product photo. */
export const MAX_PHOTO_ASPECT = 4;
/** As the catalogue file allows (contract/catalogue-file.ts: images, at most 10). */
export const MAX_PRODUCT_IMAGES = 10;
/** What the file input offers; the server decides by the file's content, not its name or type. */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

export const PHOTO_FIELD = "photo";

export const PHOTO_MESSAGES = {
  missing: "photo is required: choose a JPEG, PNG, WebP or AVIF file.",
  type: "photo must be a JPEG, PNG, WebP or AVIF image.",
  bytes: `photo must be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`,
  pixels: `photo must be at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`,
  small: `photo must be at least ${MIN_PHOTO_SIDE} pixels on its short side.`,
  aspect: `photo must be at most ${MAX_PHOTO_ASPECT} times as long as it is wide.`,
  full: `photo cannot be added: a product has at most ${MAX_PRODUCT_IMAGES} images.`,
} as const;

const imageUrl = z
  .string({ message: "must be an image URL" })
  .regex(/^(\/|https?:\/\/)\S+$/, { message: "must be an absolute URL or a path starting with /" })
  .max(500, { message: "must be at most 500 characters" });

/** PUT /products/{id}/photos: the product's images in their new order, and which is the cover. */
export const photoArrangementBody = z.object({
  images: z
    .array(imageUrl, { message: "images must be a list of the product's image URLs" })
    .min(1, { message: "images must list the product's images" })
    .max(MAX_PRODUCT_IMAGES, { message: `images must have at most ${MAX_PRODUCT_IMAGES} entries` }),
  imageCover: imageUrl.optional(),
});
export type PhotoArrangement = z.output<typeof photoArrangementBody>;

/** DELETE /products/{id}/photos?url=…: the image to take off the product (query values come as lists). */
export const photoRemovalQuery = z.object({
  url: z
    .array(z.string(), { message: "url is required: the image to remove" })
    .refine((values) => values.length === 1, { message: "url must be given once" })
    .transform((values) => values[0]!)
    .pipe(
      z
        .string()
        .regex(/^(\/|https?:\/\/)\S+$/, { message: "url must be an absolute URL or a path starting with /" })
        .max(500, { message: "url must be at most 500 characters" }),
    ),
});

/** A product's pictures as the photo endpoints answer them. */
export const productPhotos = z.object({
  _id: z.string(),
  imageCover: z.string(),
  images: z.array(z.string()),
});
export type ProductPhotos = z.output<typeof productPhotos>;

export const productPhotosResponse = z.object({ data: productPhotos });
/** After an upload: the product's pictures, and under `image` the new photo's URL. */
export const addedPhotoResponse = z.object({ data: productPhotos.extend({ image: z.string() }) });

/** The photos page's small forms (the upload is a multipart form of its own, read by the action). */
export const photoPageIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cover"), url: imageUrl }),
  z.object({ intent: z.literal("move"), url: imageUrl, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("delete"), url: imageUrl }),
]);
