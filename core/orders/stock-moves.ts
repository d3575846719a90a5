import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { anyOf } from "#db/sql.ts";
import { refreshListingPrices } from "../catalog/listing.ts";
import { refreshSearchPostings } from "../catalog/search-postings.ts";
import { productHoldsSql, sizeHoldsSql } from "../catalog/stock.ts";

/** An item whose stock a transaction locks: a size of a product, or a product without sizes. */
export interface StockRef {
  productId: string;
  sizeId: string | null;
}

/** A quantity of one item leaving or returning to the shelf. */
export interface StockMove extends StockRef {
  quantity: number;
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

/**
 * Takes stock off the shelf (negative `direction` puts it back). The caller has locked the rows
 * (lockStock, lockStockRows), so the updates wait for no one and their order does not matter.
 * `CHECK (stock >= 0)` on both tables refuses any move that would oversell, whatever the caller
 * checked before.
 */
export async function moveStock(db: Executor, moves: readonly StockMove[], direction: 1 | -1): Promise<void> {
  for (const move of moves) {
    const delta = move.quantity * direction;
    if (move.sizeId) {
      await db.execute(sql`UPDATE product_sizes SET stock = stock - ${delta} WHERE id = ${move.sizeId}`);
    } else {
      await db.execute(sql`UPDATE products SET stock = stock - ${delta} WHERE id = ${move.productId}`);
    }
  }
  // A size that ran out (or came back) can change the price a listing shows.
  await refreshListingPrices(db, [...new Set(moves.filter((m) => m.sizeId).map((m) => m.productId))]);
}

/** Counts units as sold (or un-sold): the best-seller order and the search postings follow. */
export async function countSold(db: Executor, moves: readonly StockMove[], direction: 1 | -1): Promise<void> {
  const perProduct = new Map<string, number>();
  for (const m of moves) perProduct.set(m.productId, (perProduct.get(m.productId) ?? 0) + m.quantity);
  const ids = [...perProduct.keys()].sort();
  for (const id of ids) {
    await db.execute(
      sql`UPDATE products SET sold = GREATEST(0, sold + ${perProduct.get(id)! * direction}) WHERE id = ${id}`,
    );
  }
  await refreshSearchPostings(db, ids);
}
