import { sql } from "drizzle-orm";
import {
  MAX_PRODUCT_IMAGES,
  PHOTO_FIELD,
  PHOTO_MESSAGES,
  type ProductPhotos,
} from "#contract/admin-photos.ts";
import {
  isUploadedPhotoUrl,
  type PhotoRef,
  parsePhotoUrl,
  photoKey,
  photoKeys,
} from "#contract/photo-urls.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { ID_PATTERN, newId } from "#db/ids.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { CoreContext } from "../context.ts";
import { conflict, invalidField, notFound } from "../errors.ts";
import { requireRole, type Staff } from "../staff/roles.ts";
import { processPhoto } from "./photo-processing.ts";

// A product's photos in the back office (docs/back-office/photos.md): upload, reorder, choose the
// cover, remove. The pictures are the product's `images` (in order) and `image_cover`, as the
// catalogue import writes them; an uploaded photo is one URL there, its renditions in the image
// store (contract/photo-urls.ts). Generated demo images and an imported catalogue's own URLs sit
// beside uploaded photos and are never in the store, so removing one only takes it off the product.

interface PhotoRow {
  image_cover: string;
  images: string[];
}

const missingProduct = (id: string) => notFound(`No product for this ID: ${id.slice(0, 100)}.`);

/** The product's pictures, its row locked until the transaction ends. */
async function lockedPhotos(tx: Executor, productId: string): Promise<PhotoRow> {
  const [row] = await queryRows<PhotoRow>(
    tx,
    sql`SELECT image_cover, images FROM products WHERE id = ${productId} FOR UPDATE`,
  );
  if (!row) throw missingProduct(productId);
  return row;
}

const answer = (productId: string, row: PhotoRow): ProductPhotos => ({
  _id: productId,
  imageCover: row.image_cover,
  images: row.images,
});

/** The product's title and pictures, for the photos page. */
export async function productPhotos(
  ctx: CoreContext,
  actor: Staff,
  productId: string,
): Promise<ProductPhotos & { title: string }> {
  requireRole(actor, "manager");
  if (!ID_PATTERN.test(productId)) throw missingProduct(productId);
  const [row] = await queryRows<PhotoRow & { title: string }>(
    ctx.db,
    sql`SELECT title, image_cover, images FROM products WHERE id = ${productId}`,
  );
  if (!row) throw missingProduct(productId);
  return { ...answer(productId, row), title: row.title };
}

/**
 * Changes the product's pictures under its row lock and records the change in the same
 * transaction, as `action` (or each action it names); `change` answers null for no change
 * (nothing written, nothing recorded).
 */
async function changePhotos(
  ctx: CoreContext,
  actor: Staff,
  productId: string,
  action: string | ((before: PhotoRow, after: PhotoRow) => string[]),
  change: (current: PhotoRow) => PhotoRow | null,
): Promise<{ before: PhotoRow; after: PhotoRow }> {
  requireRole(actor, "manager");
  if (!ID_PATTERN.test(productId)) throw missingProduct(productId);
  return ctx.db.transaction(async (tx) => {
    const before = await lockedPhotos(tx, productId);
    const after = change(before);
    if (!after) return { before, after: before };
    await tx.execute(sql`UPDATE products SET image_cover = ${after.image_cover},
        images = ${JSON.stringify(after.images)}::jsonb, updated_at = ${ctx.now().toISOString()}::timestamptz
      WHERE id = ${productId}`);
    for (const name of typeof action === "string" ? [action] : action(before, after)) {
      await recordAudit(tx, actor, {
        action: name,
        entity: "product",
        entityId: productId,
        before: { imageCover: before.image_cover, images: before.images },
        after: { imageCover: after.image_cover, images: after.images },
        at: ctx.now(),
      });
    }
    return { before, after };
  });
}

/**
 * Adds an uploaded photo: checked and rendered (photo-processing.ts), every rendition stored, then
 * its URL added to the product in one transaction. The first uploaded photo becomes the cover and
 * goes first, ahead of generated or imported pictures (which stay); later ones go last
 * (docs/decisions/045-image-store.md). If the product cannot take it after all, the stored
 * renditions are removed again.
 */
export async function addPhoto(
  ctx: CoreContext,
  actor: Staff,
  productId: string,
  bytes: Uint8Array,
): Promise<ProductPhotos & { photo: string }> {
  requireRole(actor, "manager");
  // Refused before the work of rendering: a missing product, or one with no room.
  const current = await productPhotos(ctx, actor, productId);
  if (current.images.length >= MAX_PRODUCT_IMAGES) throw invalidField(PHOTO_FIELD, PHOTO_MESSAGES.full);
  const renditions = await processPhoto(bytes);
  const ref: PhotoRef = { productId, photoId: newId() };
  const keys = renditions.map((r) => photoKey(ref, r.format, r.width));
  try {
    await Promise.all(renditions.map((r, i) => ctx.images.put(keys[i]!, r.bytes, r.contentType)));
    const url = ctx.images.publicUrl(photoKey(ref, "webp"));
    const { after } = await changePhotos(ctx, actor, productId, "product.photo.add", (row) => {
      if (row.images.length >= MAX_PRODUCT_IMAGES) throw invalidField(PHOTO_FIELD, PHOTO_MESSAGES.full);
      const takesCover = !isUploadedPhotoUrl(row.image_cover);
      return takesCover
        ? { image_cover: url, images: [url, ...row.images] }
        : { image_cover: row.image_cover, images: [...row.images, url] };
    });
    return { ...answer(productId, after), photo: url };
  } catch (error) {
    await removeStored(ctx, keys);
    throw error;
  }
}

const sameImages = (a: string[], b: string[]) => {
  if (a.length !== b.length) return false;
  const rest = [...b];
  for (const url of a) {
    const i = rest.indexOf(url);
    if (i < 0) return false;
    rest.splice(i, 1);
  }
  return true;
};

/**
 * Puts the product's images in a new order and, when given, makes `imageCover` (one of them) the
 * cover, in one transaction. `images` must list exactly the product's images; what changed is
 * recorded (`product.photo.reorder`, `product.photo.cover`).
 */
export async function arrangePhotos(
  ctx: CoreContext,
  actor: Staff,
  productId: string,
  input: { images: string[]; imageCover?: string },
): Promise<ProductPhotos> {
  const { after } = await changePhotos(
    ctx,
    actor,
    productId,
    (before, after) => [
      ...(after.images.some((url, i) => url !== before.images[i]) ? ["product.photo.reorder"] : []),
      ...(after.image_cover !== before.image_cover ? ["product.photo.cover"] : []),
    ],
    (row) => {
      if (!sameImages(input.images, row.images)) {
        throw invalidField(
          "images",
          `images must list each of the product's ${row.images.length} images once, in the new order`,
        );
      }
      if (input.imageCover !== undefined && !input.images.includes(input.imageCover)) {
        throw invalidField("imageCover", "imageCover must be one of images");
      }
      const next = { image_cover: input.imageCover ?? row.image_cover, images: input.images };
      const unchanged =
        next.image_cover === row.image_cover && next.images.every((url, i) => url === row.images[i]);
      return unchanged ? null : next;
    },
  );
  return answer(productId, after);
}

/** Makes one of the product's images its cover (the listing's picture). */
export async function setCover(
  ctx: CoreContext,
  actor: Staff,
  productId: string,
  url: string,
): Promise<ProductPhotos> {
  const { after } = await changePhotos(ctx, actor, productId, "product.photo.cover", (row) => {
    if (!row.images.includes(url)) throw invalidField("url", "url must be one of the product's images");
    return row.image_cover === url ? null : { image_cover: url, images: row.images };
  });
  return answer(productId, after);
}

/** Moves one image a place earlier or later in the product's gallery (the photos page's buttons). */
export async function movePhoto(
  ctx: CoreContext,
  actor: Staff,
  productId: string,
  url: string,
  direction: "up" | "down",
): Promise<ProductPhotos> {
  const { after } = await changePhotos(ctx, actor, productId, "product.photo.reorder", (row) => {
    const from = row.images.indexOf(url);
    if (from < 0) throw invalidField("url", "url must be one of the product's images");
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= row.images.length) return null;
    const images = [...row.images];
    [images[from], images[to]] = [images[to]!, images[from]!];
    return { image_cover: row.image_cover, images };
  });
  return answer(productId, after);
}

/**
 * Takes an image off the product. The cover cannot go (another is chosen first), so a product
 * always keeps a picture. An uploaded photo's renditions are then removed from the store unless
 * something still shows it: an order line's picture (order items keep the cover they were bought
 * with) or another product (docs/decisions/045-image-store.md).
 */
export async function deletePhoto(
  ctx: CoreContext,
  actor: Staff,
  productId: string,
  url: string,
): Promise<ProductPhotos> {
  const { after } = await changePhotos(ctx, actor, productId, "product.photo.remove", (row) => {
    if (!row.images.includes(url)) throw invalidField("url", "url must be one of the product's images");
    if (row.image_cover === url) {
      throw conflict("This image is the product's cover: choose another cover first.", "url");
    }
    return { image_cover: row.image_cover, images: row.images.filter((u) => u !== url) };
  });
  const ref = parsePhotoUrl(url);
  if (ref && ref.productId === productId && !(await isPhotoStillShown(ctx, productId, url))) {
    await removeStored(ctx, photoKeys(ref));
  }
  return answer(productId, after);
}

/** Whether an order line or any product still shows the photo (after it left this product). */
async function isPhotoStillShown(ctx: CoreContext, productId: string, url: string): Promise<boolean> {
  const [row] = await queryRows<{ shown: boolean }>(
    ctx.db,
    sql`SELECT EXISTS (SELECT 1 FROM order_items WHERE product_id = ${productId} AND image_cover = ${url})
        OR EXISTS (SELECT 1 FROM products WHERE image_cover = ${url}
                     OR images @> jsonb_build_array(${url}::text)) AS shown`,
  );
  return row?.shown ?? true;
}

/**
 * Best effort: a rendition left behind costs disk, never a broken page, so a store that fails
 * here does not undo the change the staff member asked for.
 */
async function removeStored(ctx: CoreContext, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => ctx.images.delete(key).catch(() => {})));
}
