import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { anyOf } from "#db/sql.ts";
import { productHoldsSql, sizeHoldsSql } from "./availability.ts";

/** An item whose stock a transaction locks: a size of a product, or a product without sizes. */
export interface StockRef {
  productId: string;
  sizeId: string | null;
}

/**
 * Locks one item's stock row (its size's, or its product's when it has no sizes) until the
 * transaction ends, so no one else can hold or sell from it meanwhile: what an add to the cart,
 * which needs only its item, takes. False when there is no such row.
 */
export async function lockStockRow(db: Executor, item: StockRef): Promise<boolean> {
  const locked = await queryRows(
    db,
    item.sizeId
      ? sql`SELECT 1 FROM product_sizes WHERE id = ${item.sizeId} FOR NO KEY UPDATE`
      : sql`SELECT 1 FROM products WHERE id = ${item.productId} FOR NO KEY UPDATE`,
  );
  return locked.length > 0;
}

/**
 * Locks the stock rows of these items: their sizes by id, then their products by id (products
 * without sizes, and the products the sizes belong to, whose listing price and sales count a sale
 * updates). Every transaction that locks more than one stock row takes them here, all at once and
 * in this one order, so two orders sharing items wait for each other instead of deadlocking.
 */
export async function lockStockRows(db: Executor, items: readonly StockRef[]): Promise<void> {
  const sizeIds = [...new Set(items.filter((m) => m.sizeId).map((m) => m.sizeId!))].sort();
  const productIds = [...new Set(items.map((m) => m.productId))].sort();
  if (sizeIds.length > 0) {
    await db.execute(sql`SELECT 1 FROM product_sizes WHERE id = ${anyOf(sizeIds)}
      ORDER BY id FOR NO KEY UPDATE`);
  }
  if (productIds.length > 0) {
    await db.execute(sql`SELECT 1 FROM products WHERE id = ${anyOf(productIds)}
      ORDER BY id FOR NO KEY UPDATE`);
  }
}

/**
 * Locks the stock rows of these items (lockStockRows) and returns, per item (stockKey), on-hand
 * stock minus the holds of *other* customers that are still active: what this customer may take.
 */
export async function lockStock(
  db: Executor,
  items: readonly StockRef[],
  customerId: string,
  now: Date,
): Promise<Map<string, number>> {
  await lockStockRows(db, items);
  // Counted in a statement of its own, after the locks: under READ COMMITTED a statement sees what
  // was committed when it started, and waiting for a row lock does not refresh that. Counted in
  // the locking statement, the holds and sales of the transaction we waited for would be missed
  // (two buyers would both see the last unit free).
  const sizeIds = [...new Set(items.filter((m) => m.sizeId).map((m) => m.sizeId!))];
  const productIds = [...new Set(items.filter((m) => !m.sizeId).map((m) => m.productId))];
  const rows = await queryRows<{ id: string; free: number }>(
    db,
    sql`SELECT s.id, (s.stock - ${sizeHoldsSql(sql`s.id`, now, customerId)})::int AS free
        FROM product_sizes s WHERE s.id = ${anyOf(sizeIds)}
        UNION ALL
        SELECT p.id, (p.stock - ${productHoldsSql(sql`p.id`, now, customerId)})::int AS free
        FROM products p WHERE p.id = ${anyOf(productIds)}`,
  );
  return new Map(rows.map((r) => [r.id, r.free]));
}

export const stockKey = (move: { productId: string; sizeId: string | null }) => move.sizeId ?? move.productId;
