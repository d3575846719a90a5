import { sql } from "drizzle-orm";
import { MAX_LINE_QUANTITY } from "#contract/shopping.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { newId } from "#db/ids.ts";
import { ts } from "#db/sql.ts";
import type { StockRef } from "./locks.ts";

// A customer's holds (docs/decisions/012-cart-lines-are-stock-holds.md): `stock_holds` (the cart's
// lines) and `carts` (the row whose lock serialises changes to one customer's holds; it carries the
// cart's coupon). The cart's rules are in core/cart/; orders use these to put a cancelled order's
// items back and payments to take a late-paid order's items out again, without calling the cart.

const sameItem = (item: StockRef) =>
  sql`product_id = ${item.productId} AND coalesce(product_size_id, '') = ${item.sizeId ?? ""}`;

/** Locks the customer's cart row (creating it), so changes to one cart run one at a time. */
export async function lockCart(
  db: Executor,
  customerId: string,
  now: Date,
): Promise<{ couponId: string | null }> {
  const [row] = await queryRows<{ coupon_id: string | null }>(
    db,
    sql`INSERT INTO carts (customer_id, updated_at) VALUES (${customerId}, ${ts(now)})
        ON CONFLICT (customer_id) DO UPDATE SET updated_at = EXCLUDED.updated_at RETURNING coupon_id`,
  );
  return { couponId: row?.coupon_id ?? null };
}

/** Sets the line of an item to `quantity`, held until `until` (creating the line). */
export async function writeLine(
  db: Executor,
  customerId: string,
  item: StockRef,
  quantity: number,
  until: Date,
  now: Date,
) {
  await db.execute(sql`INSERT INTO stock_holds (id, customer_id, product_id, product_size_id, quantity, expires_at, created_at)
    VALUES (${newId()}, ${customerId}, ${item.productId}, ${item.sizeId}, ${quantity}, ${ts(until)}, ${ts(now)})
    ON CONFLICT (customer_id, product_id, coalesce(product_size_id, ''))
    DO UPDATE SET quantity = EXCLUDED.quantity, expires_at = EXCLUDED.expires_at`);
}

/** Whether the cart has a line of the item. */
export async function hasLine(db: Executor, customerId: string, item: StockRef): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 FROM stock_holds WHERE customer_id = ${customerId} AND ${sameItem(item)}`,
  );
  return rows.length > 0;
}

/** Removes the lines of these items; returns how many there were. */
export async function deleteLines(db: Executor, customerId: string, items: readonly StockRef[]) {
  let removed = 0;
  for (const item of items) {
    const rows = await queryRows(
      db,
      sql`DELETE FROM stock_holds WHERE customer_id = ${customerId} AND ${sameItem(item)} RETURNING id`,
    );
    removed += rows.length;
  }
  return removed;
}

/**
 * Puts items back into the customer's cart (a cancelled order's), added to any line of the same item,
 * as lapsed lines: they hold nothing until the next cart read holds them again, stock allowing.
 */
export async function putBackInCart(
  db: Executor,
  customerId: string,
  items: readonly (StockRef & { quantity: number })[],
  now: Date,
) {
  for (const item of items) {
    await db.execute(sql`INSERT INTO stock_holds (id, customer_id, product_id, product_size_id, quantity, expires_at, created_at)
      VALUES (${newId()}, ${customerId}, ${item.productId}, ${item.sizeId}, ${item.quantity}, ${ts(now)}, ${ts(now)})
      ON CONFLICT (customer_id, product_id, coalesce(product_size_id, ''))
      DO UPDATE SET quantity = LEAST(${MAX_LINE_QUANTITY}, stock_holds.quantity + EXCLUDED.quantity)`);
  }
}
