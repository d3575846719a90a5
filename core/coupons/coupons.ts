import { sql } from "drizzle-orm";
import { formatPrice } from "#contract/money-format.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { ts } from "#db/sql.ts";

/**
 * A coupon as the cart reads it (docs/storefront/cart.md#coupon: case-insensitive code, percent,
 * start, expiry, limit, minimum; staff may disable it, docs/back-office/coupons-and-settings.md).
 */
export interface Coupon {
  id: string;
  code: string;
  discountPercent: number;
  /** Null: valid from its creation. */
  startsAt: Date | null;
  expiresAt: Date;
  usageLimit: number | null;
  usedCount: number;
  minSubtotalCents: number;
  /** Set when staff disabled it: it applies to no cart until enabled again. */
  disabledAt: Date | null;
}

export interface CouponRow {
  id: string;
  code: string;
  discount_percent: number;
  starts_at: Date | string | null;
  expires_at: Date | string;
  usage_limit: number | null;
  used_count: number;
  min_subtotal_cents: number;
  disabled_at: Date | string | null;
}

const columns = sql`id, code, discount_percent, starts_at, expires_at, usage_limit, used_count, min_subtotal_cents, disabled_at`;

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

export function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    discountPercent: row.discount_percent,
    startsAt: dateOrNull(row.starts_at),
    expiresAt: new Date(row.expires_at),
    usageLimit: row.usage_limit,
    usedCount: row.used_count,
    minSubtotalCents: row.min_subtotal_cents,
    disabledAt: dateOrNull(row.disabled_at),
  };
}

/**
 * A coupon row as one JSON value, for a statement that reads it beside other things
 * (`SELECT ${couponJsonSql} FROM coupons …`): its keys are the columns' names, so toCoupon reads it.
 */
export const couponJsonSql = sql`to_json(coupons)`;

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
  if (coupon.disabledAt !== null) return `Coupon ${coupon.code} is no longer valid.`;
  if (coupon.startsAt !== null && coupon.startsAt.getTime() > now.getTime()) {
    return `Coupon ${coupon.code} is not valid yet.`;
  }
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
 * Counts one use at order time, atomically: the update only happens while the coupon still applies
 * (enabled, started, not expired) and uses remain, so two orders cannot both take a coupon's last
 * use (the CHECK on coupons backs it), and an order placed while staff disable the coupon either
 * counts its use before the disabling commits or sees it disabled (the row lock orders the two).
 * Null when it counted; else why the coupon no longer applies, read under that lock.
 */
export async function countCouponUse(db: Executor, couponId: string, now: Date): Promise<string | null> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE coupons SET used_count = used_count + 1
        WHERE id = ${couponId} AND (usage_limit IS NULL OR used_count < usage_limit)
          AND disabled_at IS NULL AND (starts_at IS NULL OR starts_at <= ${ts(now)}) AND expires_at > ${ts(now)}
        RETURNING id`,
  );
  if (rows.length > 0) return null;
  const coupon = await findCouponById(db, couponId);
  if (!coupon) return "The coupon no longer exists.";
  return couponRefusal(coupon, Number.MAX_SAFE_INTEGER, now) ?? `Coupon ${coupon.code} has been used up.`;
}

/** Gives a use back when an unpaid card order is cancelled. */
export async function releaseCouponUse(db: Executor, couponId: string): Promise<void> {
  await db.execute(
    sql`UPDATE coupons SET used_count = used_count - 1 WHERE id = ${couponId} AND used_count > 0`,
  );
}
