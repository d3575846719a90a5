import { sql } from "drizzle-orm";
import { formatPrice } from "#contract/money-format.ts";
import { type Executor, queryRows } from "#db/client.ts";

/** A coupon as the cart reads it (docs/storefront/cart.md#coupon: case-insensitive code, percent, expiry, limit, minimum). */
export interface Coupon {
  id: string;
  code: string;
  discountPercent: number;
  expiresAt: Date;
  usageLimit: number | null;
  usedCount: number;
  minSubtotalCents: number;
}

interface CouponRow {
  id: string;
  code: string;
  discount_percent: number;
  expires_at: Date | string;
  usage_limit: number | null;
  used_count: number;
  min_subtotal_cents: number;
}

const columns = sql`id, code, discount_percent, expires_at, usage_limit, used_count, min_subtotal_cents`;

function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    discountPercent: row.discount_percent,
    expiresAt: new Date(row.expires_at),
    usageLimit: row.usage_limit,
    usedCount: row.used_count,
    minSubtotalCents: row.min_subtotal_cents,
  };
}

export async function findCouponByCode(db: Executor, code: string): Promise<Coupon | undefined> {
  const [row] = await queryRows<CouponRow>(
    db,
    sql`SELECT ${columns} FROM coupons WHERE upper(code) = upper(${code})`,
  );
  return row ? toCoupon(row) : undefined;
}

export async function findCouponById(db: Executor, id: string): Promise<Coupon | undefined> {
  const [row] = await queryRows<CouponRow>(db, sql`SELECT ${columns} FROM coupons WHERE id = ${id}`);
  return row ? toCoupon(row) : undefined;
}

/** Why this coupon cannot discount a cart of these items now, or null when it can. */
export function couponRefusal(coupon: Coupon, itemsCents: number, now: Date): string | null {
  if (coupon.expiresAt.getTime() <= now.getTime()) return `Coupon ${coupon.code} has expired.`;
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) {
    return `Coupon ${coupon.code} has been used up.`;
  }
  if (itemsCents < coupon.minSubtotalCents) {
    return `Coupon ${coupon.code} needs items worth at least ${formatPrice(coupon.minSubtotalCents / 100)}.`;
  }
  return null;
}

/**
 * Counts one use at order time, atomically: the update only happens while uses remain, so two
 * orders cannot both take a coupon's last use (the CHECK on coupons backs it).
 */
export async function countCouponUse(db: Executor, couponId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE coupons SET used_count = used_count + 1
        WHERE id = ${couponId} AND (usage_limit IS NULL OR used_count < usage_limit) RETURNING id`,
  );
  return rows.length > 0;
}

/** Gives a use back when an unpaid card order is cancelled. */
export async function releaseCouponUse(db: Executor, couponId: string): Promise<void> {
  await db.execute(
    sql`UPDATE coupons SET used_count = used_count - 1 WHERE id = ${couponId} AND used_count > 0`,
  );
}
