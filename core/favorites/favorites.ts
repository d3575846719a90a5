import { sql } from "drizzle-orm";
import type { FavoriteListResponse } from "#contract/shopping.ts";
import { queryRows } from "#db/client.ts";
import { ts } from "#db/sql.ts";
import { listFavoriteProducts } from "../catalog/products.ts";
import type { CoreContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { pagination } from "../shared/pages.ts";

const noProduct = (productId: string) => notFound(`No product for this ID: ${productId}.`);

/** Saves a product; saving it again is not an error (a double click lands on the same state). */
export async function addFavorite(ctx: CoreContext, customerId: string, productId: string) {
  const inserted = await queryRows<{ product_id: string | null }>(
    ctx.db,
    sql`WITH product AS (SELECT id FROM products WHERE id = ${productId} AND archived_at IS NULL),
        added AS (
          INSERT INTO favorites (customer_id, product_id, created_at)
          SELECT ${customerId}, id, ${ts(ctx.now())} FROM product
          ON CONFLICT DO NOTHING RETURNING product_id)
        SELECT (SELECT id FROM product) AS product_id`,
  );
  if (!inserted[0]?.product_id) throw noProduct(productId);
  return {
    status: "Success" as const,
    message: "Product added to your favorites.",
    productId,
    isFavorite: true,
  };
}

/** Removes a product from the favorites; one that was not saved is already removed. */
export async function removeFavorite(ctx: CoreContext, customerId: string, productId: string) {
  const found = await queryRows<{ id: string }>(
    ctx.db,
    sql`WITH removed AS (DELETE FROM favorites WHERE customer_id = ${customerId} AND product_id = ${productId})
        SELECT id FROM products WHERE id = ${productId}`,
  );
  if (found.length === 0) throw noProduct(productId);
  return {
    status: "Success" as const,
    message: "Product removed from your favorites.",
    productId,
    isFavorite: false,
  };
}

/** A page of favorites, newest first; each entry's `productId` holds the product (docs/storefront/api.md#favorites). */
export async function listFavorites(
  ctx: CoreContext,
  customerId: string,
  query: { page: number; limit: number },
): Promise<FavoriteListResponse> {
  const { total, items } = await listFavoriteProducts(ctx, customerId, query);
  return {
    results: items.length,
    paginationResults: pagination(query, total),
    data: items.map((product) => ({ _id: product._id, productId: product, save: true })),
  };
}
