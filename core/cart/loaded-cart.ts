import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { ts } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";
import { type Coupon, couponRefusal, findCouponById } from "../coupons/coupons.ts";
import { lockCart } from "../stock/holds.ts";
import { lockStock, stockKey } from "../stock/locks.ts";
import { itemLabel, type StockItemRef } from "./items.ts";
import { holdMinutesSql } from "./pricing.ts";

// The cart as a transaction reads it: its lines made current (lapsed holds held again or dropped,
// every hold extended) and its coupon re-checked.

export interface CartLine extends StockItemRef {
  id: string;
  quantity: number;
  expiresAt: Date;
  imageCover: string;
  color: string;
  unitPriceCents: number;
}

/**
 * When holds taken or extended at `now` lapse: `minutes` is the shop's reservation setting as the
 * operation's statement read it (holdMinutesSql); the context's RESERVATION_MINUTES only seeds it.
 */
export function holdUntil(minutes: number, now: Date): Date {
  return new Date(now.getTime() + minutes * 60_000);
}

interface LineRow {
  id: string;
  product_id: string;
  product_size_id: string | null;
  quantity: number;
  expires_at: Date | string;
  title: string;
  image_cover: string;
  color: string;
  size: string | null;
  unit_price_cents: number;
  withdrawn: boolean;
  reservation_minutes: number;
}

/**
 * Whether the line of `h` (product `p`, size `s`) is of an item no longer sold: staff archived the
 * product, removed the size, or gave the product sizes since it was held without one
 * (docs/back-office/products.md).
 */
const withdrawnSql = sql`(p.archived_at IS NOT NULL OR s.removed_at IS NOT NULL
  OR (h.product_size_id IS NULL) = p.has_sizes)`;

/**
 * The cart's lines, locked until the transaction ends, in the order they were added, the ids of
 * those whose item is no longer sold, and the hold time the shop's settings give them now (read by
 * the same statement; none without lines).
 */
async function readLines(
  db: Executor,
  customerId: string,
): Promise<{ lines: CartLine[]; withdrawn: Set<string>; holdMinutes: number | null }> {
  const rows = await queryRows<LineRow>(
    db,
    sql`SELECT h.id, h.product_id, h.product_size_id, h.quantity, h.expires_at, p.title, p.image_cover, p.color,
          s.size, COALESCE(s.price_cents, p.price_cents) AS unit_price_cents, ${withdrawnSql} AS withdrawn,
          ${holdMinutesSql} AS reservation_minutes
        FROM stock_holds h JOIN products p ON p.id = h.product_id
        LEFT JOIN product_sizes s ON s.id = h.product_size_id
        WHERE h.customer_id = ${customerId} ORDER BY h.created_at, h.id FOR UPDATE OF h`,
  );
  return {
    lines: rows.map(toCartLine),
    withdrawn: new Set(rows.filter((r) => r.withdrawn).map((r) => r.id)),
    holdMinutes: rows[0]?.reservation_minutes ?? null,
  };
}

/** The ids of the cart's lines whose item is no longer sold, read again (after stock locks). */
async function withdrawnLineIds(db: Executor, customerId: string): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT h.id FROM stock_holds h JOIN products p ON p.id = h.product_id
        LEFT JOIN product_sizes s ON s.id = h.product_size_id
        WHERE h.customer_id = ${customerId} AND ${withdrawnSql}`,
  );
  return new Set(rows.map((r) => r.id));
}

function toCartLine(r: LineRow): CartLine {
  return {
    id: r.id,
    productId: r.product_id,
    sizeId: r.product_size_id,
    title: r.title,
    size: r.size,
    quantity: r.quantity,
    expiresAt: new Date(r.expires_at),
    imageCover: r.image_cover,
    color: r.color,
    unitPriceCents: r.unit_price_cents,
  };
}

export const itemsCents = (lines: readonly CartLine[]) =>
  lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);

export interface LoadedCart {
  lines: CartLine[];
  coupon: Coupon | null;
  /** What changed on the way, for the answer's message (lapsed lines dropped, a coupon removed). */
  notes: string[];
  /**
   * For each item whose stock row this transaction locked (stockKey): on hand − other customers'
   * active holds. Every line's item with `lockAllLines`, else those of lapsed lines.
   */
  free: Map<string, number>;
}

/** What the caller's transaction already holds when it loads the cart: loadCart does not lock it again. */
interface CartLocks {
  /** What lockCart returned: the cart row is locked. */
  couponId: string | null;
  /**
   * What lockStock returned in this transaction, with the same `now`, for (at least) every lapsed
   * line's item: used instead of locking and counting those rows a second time. The cart lock keeps
   * the lapsed lines as they were and the stock locks keep the counts; what other carts change
   * without a stock lock (a removal, an extension) could as well have landed after a second count.
   * Ignored when it misses an item.
   */
  free?: Map<string, number>;
}

/**
 * The customer's cart, made current inside the caller's transaction: the cart is locked, lines of
 * items no longer sold (archived, a size removed) are removed with a notice, lines
 * whose hold lapsed are held again when stock allows, otherwise removed; every hold is extended
 * (reading the cart is cart activity); a coupon that no longer applies is removed. The stock rows of
 * the lapsed lines are locked all at once (lockStock), those of every line with `lockAllLines`
 * (checkout, which then sells them). What `locked` says the caller holds is not locked again.
 */
export async function loadCart(
  ctx: CoreContext,
  tx: Executor,
  customerId: string,
  now: Date,
  options: { lockAllLines?: boolean; locked?: CartLocks } = {},
): Promise<LoadedCart> {
  const { couponId } = options.locked ?? (await lockCart(tx, customerId, now));
  const notes: string[] = [];
  const lines: CartLine[] = [];
  const { lines: current, withdrawn: seenWithdrawn, holdMinutes } = await readLines(tx, customerId);
  const lapsed = current.filter((line) => line.expiresAt <= now && !seenWithdrawn.has(line.id));
  const toLock = options.lockAllLines ? current : lapsed;
  const counted = options.locked?.free;
  const free =
    counted && toLock.every((line) => counted.has(stockKey(line)))
      ? counted
      : toLock.length > 0
        ? await lockStock(tx, toLock, customerId, now)
        : new Map<string, number>();
  // Checkout sells what it locked: an archive or a size removal takes the same stock row locks
  // (core/catalog/product-edits.ts), so one that committed while checkout waited is read again here.
  const withdrawn = options.lockAllLines ? await withdrawnLineIds(tx, customerId) : seenWithdrawn;
  for (const line of current) {
    if (withdrawn.has(line.id)) {
      // The line lapses as a hold that cannot be held again does, with a notice of its own.
      await tx.execute(sql`DELETE FROM stock_holds WHERE id = ${line.id}`);
      notes.push(`${itemLabel(line)} is no longer sold and was removed from your cart.`);
      continue;
    }
    if (line.expiresAt > now) {
      lines.push(line);
      continue;
    }
    if (line.quantity <= (free.get(stockKey(line)) ?? 0)) {
      lines.push(line);
    } else {
      await tx.execute(sql`DELETE FROM stock_holds WHERE id = ${line.id}`);
      notes.push(
        `${itemLabel(line)} is no longer available in that quantity and was removed from your cart.`,
      );
    }
  }
  if (lines.length > 0) {
    const until = holdUntil(holdMinutes ?? ctx.reservationMinutes, now);
    await tx.execute(sql`UPDATE stock_holds SET expires_at = ${ts(until)} WHERE customer_id = ${customerId}`);
    for (const line of lines) line.expiresAt = until;
  }
  // A coupon stays only on a cart it still applies to; gone quietly from an empty cart.
  let coupon = couponId ? ((await findCouponById(tx, couponId)) ?? null) : null;
  const refusal = coupon && lines.length > 0 ? couponRefusal(coupon, itemsCents(lines), now) : null;
  if (couponId && (refusal || lines.length === 0 || !coupon)) {
    await tx.execute(sql`UPDATE carts SET coupon_id = NULL WHERE customer_id = ${customerId}`);
    if (refusal) notes.push(`${refusal} It was removed from your cart.`);
    coupon = null;
  }
  return { lines, coupon, notes, free };
}
