import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { refreshListingPrices } from "../catalog/listing.ts";
import { refreshSearchPostings } from "../catalog/search-postings.ts";

/** A quantity of one item leaving or returning to the shelf. */
export interface StockMove {
  productId: string;
  sizeId: string | null;
  quantity: number;
}

/** Sizes by id, then products without sizes by id: the one order every writer of stock locks in. */
function inLockOrder<T extends { productId: string; sizeId: string | null }>(items: readonly T[]): T[] {
  const key = (item: T) => (item.sizeId ? `0${item.sizeId}` : `1${item.productId}`);
  return [...items].sort((a, b) => key(a).localeCompare(key(b)));
}

/**
 * Locks the stock rows (a size's, or a product's without sizes) of these items in the global order,
 * so transactions sharing items wait for each other instead of deadlocking. Each lock is taken in a
 * statement of its own, before anything is counted: under READ COMMITTED a statement that waited for
 * a lock still sees other tables as of its start, and would miss the holds committed by the
 * transaction it waited for.
 */
export async function lockStockRows(
  db: Executor,
  items: readonly { productId: string; sizeId: string | null }[],
): Promise<void> {
  const sizeIds = [...new Set(items.filter((m) => m.sizeId).map((m) => m.sizeId!))].sort();
  const productIds = [...new Set(items.filter((m) => !m.sizeId).map((m) => m.productId))].sort();
  if (sizeIds.length > 0) {
    await db.execute(sql`SELECT 1 FROM product_sizes WHERE id = ANY(${sql.param(sizeIds)}::text[])
      ORDER BY id FOR NO KEY UPDATE`);
  }
  if (productIds.length > 0) {
    await db.execute(sql`SELECT 1 FROM products WHERE id = ANY(${sql.param(productIds)}::text[])
      ORDER BY id FOR NO KEY UPDATE`);
  }
}

/**
 * Locks the stock rows of these items (lockStockRows) and returns on-hand stock minus the holds of
 * *other* customers that are still active: what this order may take.
 */
export async function lockStock(
  db: Executor,
  moves: readonly StockMove[],
  customerId: string,
  now: Date,
): Promise<Map<string, number>> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const sizeIds = [...new Set(moves.filter((m) => m.sizeId).map((m) => m.sizeId!))].sort();
  const productIds = [...new Set(moves.filter((m) => !m.sizeId).map((m) => m.productId))].sort();
  const free = new Map<string, number>();
  await lockStockRows(db, moves);
  if (sizeIds.length > 0) {
    const rows = await queryRows<{ id: string; free: number }>(
      db,
      sql`SELECT s.id, (s.stock - COALESCE((SELECT sum(h.quantity) FROM stock_holds h
            WHERE h.product_size_id = s.id AND h.customer_id <> ${customerId} AND h.expires_at > ${at}), 0))::int AS free
          FROM product_sizes s WHERE s.id = ANY(${sql.param(sizeIds)}::text[])`,
    );
    for (const r of rows) free.set(r.id, r.free);
  }
  if (productIds.length > 0) {
    const rows = await queryRows<{ id: string; free: number }>(
      db,
      sql`SELECT p.id, (p.stock - COALESCE((SELECT sum(h.quantity) FROM stock_holds h
            WHERE h.product_id = p.id AND h.product_size_id IS NULL AND h.customer_id <> ${customerId}
              AND h.expires_at > ${at}), 0))::int AS free
          FROM products p WHERE p.id = ANY(${sql.param(productIds)}::text[])`,
    );
    for (const r of rows) free.set(r.id, r.free);
  }
  return free;
}

export const stockKey = (move: { productId: string; sizeId: string | null }) => move.sizeId ?? move.productId;

/**
 * Takes stock off the shelf (negative `direction` puts it back). `CHECK (stock >= 0)` on both
 * tables refuses any move that would oversell, whatever the caller checked before.
 */
export async function moveStock(db: Executor, moves: readonly StockMove[], direction: 1 | -1): Promise<void> {
  const sorted = inLockOrder(moves);
  for (const move of sorted) {
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
