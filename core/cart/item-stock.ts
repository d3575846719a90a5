import { sql } from "drizzle-orm";
import type { AddToCartBody } from "#contract/shopping.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { ts } from "#db/sql.ts";
import { conflict, notFound } from "../errors.ts";
import { productHoldsSql, sizeHoldsSql } from "../stock/availability.ts";
import { lockStockRow } from "../stock/locks.ts";
import {
  type ItemRow,
  itemLabel,
  noSuchSize,
  type StockItemRef,
  sameSizeSql,
  shortageText,
  toItem,
  withdrawnColumns,
} from "./items.ts";
import { holdMinutesSql } from "./pricing.ts";

// An item's stock as one customer may use it: a first look without locks, the count under the
// item's stock row lock, and the refusal when the cart cannot hold what is asked for.

export interface StockState {
  /** On hand − the other customers' active holds: the most this customer's line may hold. */
  free: number;
  /** What this customer's line holds now (active or lapsed). */
  own: number;
  /** Of `own`, what is still held (0 when the line has lapsed). */
  ownActive: number;
}

interface StockStateRow {
  free: number;
  own: number;
  own_active: number;
}

const toStockState = (row: StockStateRow): StockState => ({
  free: row.free,
  own: row.own,
  ownActive: row.own_active,
});

/**
 * The columns of a StockStateRow, for a statement that has the item's product as `p`, its size as
 * `s` (NULL columns for a product without sizes) and the customer's line of it as `h` (ownLine).
 */
const stockStateColumns = (customerId: string, now: Date) =>
  sql`(CASE WHEN s.id IS NULL THEN p.stock - ${productHoldsSql(sql`p.id`, now, customerId)}
        ELSE s.stock - ${sizeHoldsSql(sql`s.id`, now, customerId)} END)::int AS free,
      COALESCE(h.quantity, 0)::int AS own,
      (CASE WHEN h.expires_at > ${ts(now)} THEN h.quantity ELSE 0 END)::int AS own_active`;

/** The customer's line of the item of `p` and `s`, if any (one at most: a unique index). */
const ownLine = (customerId: string) =>
  sql`LEFT JOIN stock_holds h ON h.customer_id = ${customerId} AND h.product_id = p.id
        AND coalesce(h.product_size_id, '') = coalesce(s.id, '')`;

/**
 * The item a request names (as resolveItem) and its stock as this customer may use it, in one
 * statement and without locks: a first look, to be checked again under the lock before holding.
 * The same statement reads the shop's hold time (holdMinutesSql) for the add to use.
 */
export async function glanceAtItem(
  db: Executor,
  customerId: string,
  body: AddToCartBody,
  now: Date,
): Promise<{ item: StockItemRef; state: StockState; holdMinutes: number }> {
  const [row] = await queryRows<ItemRow & StockStateRow & { reservation_minutes: number }>(
    db,
    sql`SELECT p.title, p.has_sizes, s.id AS size_id, s.size, ${withdrawnColumns},
          ${stockStateColumns(customerId, now)}, ${holdMinutesSql} AS reservation_minutes
        FROM products p
        LEFT JOIN product_sizes s ON s.product_id = p.id AND ${sameSizeSql(sql`s.size`, body.size)}
        ${ownLine(customerId)}
        WHERE p.id = ${body.productId}`,
  );
  return {
    item: toItem(row, body.productId, body.size),
    state: toStockState(row!),
    holdMinutes: row!.reservation_minutes,
  };
}

/**
 * Locks the item's stock row until the transaction ends, so no one else can hold or sell from it
 * meanwhile, and returns its stock as this customer may use it.
 */
export async function lockItemStock(
  db: Executor,
  customerId: string,
  item: StockItemRef,
  now: Date,
): Promise<StockState> {
  // The lock first, the count after it in a statement of its own: under READ COMMITTED a statement
  // sees what was committed when it started, and waiting for the lock does not refresh that, so a
  // count made by the locking statement would miss the hold of the buyer it waited for.
  if (!(await lockStockRow(db, item))) throw notFound(`No product for this ID: ${item.productId}.`);
  const [row] = await queryRows<StockStateRow & Pick<ItemRow, "archived" | "size_removed">>(
    db,
    sql`SELECT ${stockStateColumns(customerId, now)}, ${withdrawnColumns}
        FROM products p LEFT JOIN product_sizes s ON s.id = ${item.sizeId}
        ${ownLine(customerId)}
        WHERE p.id = ${item.productId}`,
  );
  // Staff may have archived the product or removed the size since the first look; an edit takes
  // the same row locks (core/catalog/product-edits.ts), so what this reads now stays true.
  if (!row || row.archived) throw notFound(`No product for this ID: ${item.productId}.`);
  if (row.size_removed) throw noSuchSize(item.title, item.size ?? "");
  return toStockState(row);
}

/** Refuses a line of `wanted` when only `free` can be held; says how many more the cart can take. */
export function refuseShortage(
  item: StockItemRef,
  state: Pick<StockState, "free" | "own">,
  wanted: number,
): void {
  if (wanted <= state.free) return;
  if (state.free > 0 && state.own > 0) {
    const more = state.free - state.own;
    const label = itemLabel(item);
    throw conflict(
      more > 0
        ? `Only ${more} more ${label} can be added: ${state.free} left in stock.`
        : `Your cart already holds all the ${label} in stock.`,
      "quantity",
    );
  }
  throw conflict(shortageText(item, state.free), "quantity");
}
