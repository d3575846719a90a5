import type { Context } from "hono";
import { z } from "zod";
import {
  addedPhotoResponse,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MAX_PRODUCT_IMAGES,
  MIN_PHOTO_SIDE,
  PHOTO_ACCEPT,
  PHOTO_FIELD,
  PHOTO_MESSAGES,
  photoArrangementBody,
  photoRemovalQuery,
  productPhotosResponse,
} from "#contract/admin-photos.ts";
import { addPhoto, arrangePhotos, deletePhoto } from "#core/catalog/product-photos.ts";
import { invalidField } from "#core/errors.ts";
import { defineOperation } from "./operation.ts";

// Product photos for staff (docs/back-office/photos.md#api): upload, arrange (order and cover),
// remove. Path: the product's, as the original back end's resource paths go.

const product = z.object({ id: z.string() });
const NOT_FOUND = { "404": "`No product for this ID: {id}.`" };

/**
 * Image URLs as the product stores them: the API answers them absolute (absolute-images.ts), so a
 * client sends back `https://shop/media/…`; the shop's own origin is taken off again.
 */
function storedUrl(c: Context, publicUrl: string | undefined, url: string): string {
  const origin = new URL(publicUrl ?? c.req.url).origin;
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}

/** The `photo` file of a multipart form; anything else is a 400 naming `photo`. */
async function readPhoto(c: Context): Promise<Uint8Array> {
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw invalidField(PHOTO_FIELD, PHOTO_MESSAGES.missing);
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw invalidField(PHOTO_FIELD, PHOTO_MESSAGES.missing);
  }
  const file = form.get(PHOTO_FIELD);
  if (!(file instanceof File) || file.size === 0) throw invalidField(PHOTO_FIELD, PHOTO_MESSAGES.missing);
  if (file.size > MAX_PHOTO_BYTES) throw invalidField(PHOTO_FIELD, PHOTO_MESSAGES.bytes);
  return new Uint8Array(await file.arrayBuffer());
}

export const photoOperations = [
  defineOperation(
    {
      method: "post",
      path: "/products/{id}/photos",
      access: "manager",
      summary: "Upload a product photo",
      description: `A JPEG, PNG, WebP or AVIF file (told by its content) of at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB and ${MAX_PHOTO_PIXELS / 1_000_000} megapixels, ${MIN_PHOTO_SIDE} px or more on its short side. It is turned upright, stripped of its metadata (EXIF, GPS) and rendered at the storefront's widths in WebP and AVIF. The first uploaded photo becomes the cover and goes first; later ones go last. A product has at most ${MAX_PRODUCT_IMAGES} images.`,
      unparsedParams: product,
      upload: { field: PHOTO_FIELD, description: "The photo file.", accept: PHOTO_ACCEPT },
      ok: {
        status: "201",
        description: "The product's pictures; `image` is the new photo.",
        schema: addedPhotoResponse,
      },
      fails: { ...NOT_FOUND, "413": "The body is larger than a photo may be." },
    },
    async (c, _input, { ctx }) => {
      const bytes = await readPhoto(c);
      const { photo, ...photos } = await addPhoto(ctx, c.get("staff"), c.req.param("id") as string, bytes);
      return c.json({ data: { ...photos, image: photo } }, 201);
    },
  ),
  defineOperation(
    {
      method: "put",
      path: "/products/{id}/photos",
      access: "manager",
      summary: "Reorder a product's images and choose its cover",
      description:
        "`images` lists every image of the product (as GET /products/{id} shows them, absolute or root-relative) in the new order; `imageCover`, one of them, becomes the cover.",
      unparsedParams: product,
      body: photoArrangementBody,
      ok: { status: "200", description: "The product's pictures.", schema: productPhotosResponse },
      fails: NOT_FOUND,
    },
    async (c, { body }, { ctx, publicUrl }) => {
      const stored = (url: string) => storedUrl(c, publicUrl, url);
      const photos = await arrangePhotos(ctx, c.get("staff"), c.req.param("id") as string, {
        images: body.images.map(stored),
        imageCover: body.imageCover === undefined ? undefined : stored(body.imageCover),
      });
      return c.json({ data: photos });
    },
  ),
  defineOperation(
    {
      method: "delete",
      path: "/products/{id}/photos",
      access: "manager",
      summary: "Remove an image from a product",
      description:
        "Takes the image `url` off the product; the cover cannot be removed (choose another first). An uploaded photo's files are deleted unless an order's line still shows it; generated and imported images only leave the product.",
      unparsedParams: product,
      query: photoRemovalQuery,
      ok: { status: "200", description: "The product's pictures.", schema: productPhotosResponse },
      fails: { ...NOT_FOUND, "409": "The image is the product's cover." },
    },
    async (c, { query }, { ctx, publicUrl }) => {
      const url = storedUrl(c, publicUrl, query.url);
      return c.json({ data: await deletePhoto(ctx, c.get("staff"), c.req.param("id") as string, url) });
    },
  ),
];
