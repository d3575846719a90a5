import { sql } from "drizzle-orm";
import type { CouponBody, CouponStatus, StaffCoupon } from "#contract/admin-coupons.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import { newId } from "#db/ids.ts";
import { ts } from "#db/sql.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { CoreContext } from "../context.ts";
import { conflict, invalidField, notFound } from "../errors.ts";
import { amountToCents, centsToAmount } from "../money.ts";
import { requireRole, type Staff } from "../staff/roles.ts";
import { type Coupon, toCoupon } from "./coupons.ts";

// Staff create, edit, disable and enable coupons (docs/back-office/coupons-and-settings.md). Every
// write checks the role (manager or above), locks the coupon's row and is audited in its transaction.
// A coupon that stops applying (disabled, moved to start later, expired, limit lowered) leaves the
// carts holding it on their next read, with a notice (core/cart/loaded-cart.ts), and checkout counts
// a use only while the coupon applies (countCouponUse).

/** What a coupon is now, as the staff list shows it (the first that holds, in this order). */
export function couponStatus(coupon: Coupon, now: Date): CouponStatus {
  if (coupon.disabledAt !== null) return "disabled";
  if (coupon.expiresAt.getTime() <= now.getTime()) return "expired";
  if (coupon.startsAt !== null && coupon.startsAt.getTime() > now.getTime()) return "scheduled";
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return "used up";
  return "active";
}

/** The same rule in SQL, for filtering the list by status. */
export const couponStatusSql = (now: Date) => sql`CASE
    WHEN disabled_at IS NOT NULL THEN 'disabled'
    WHEN expires_at <= ${ts(now)} THEN 'expired'
    WHEN starts_at > ${ts(now)} THEN 'scheduled'
    WHEN usage_limit IS NOT NULL AND used_count >= usage_limit THEN 'used up'
    ELSE 'active' END`;

export type StaffCouponRow = Parameters<typeof toCoupon>[0] & { created_at: Date | string };

export const staffCouponColumns = sql`id, code, discount_percent, starts_at, expires_at, usage_limit, used_count,
  min_subtotal_cents, disabled_at, created_at`;

/** A coupon row as staff read it (the API's `data`, the pages' rows). */
export function toStaffCoupon(row: StaffCouponRow, now: Date): StaffCoupon {
  const coupon = toCoupon(row);
  return {
    _id: coupon.id,
    name: coupon.code,
    discount: coupon.discountPercent,
    start: coupon.startsAt?.toISOString() ?? null,
    expire: coupon.expiresAt.toISOString(),
    usageLimit: coupon.usageLimit,
    usedCount: coupon.usedCount,
    minSubtotal: centsToAmount(coupon.minSubtotalCents),
    disabledAt: coupon.disabledAt?.toISOString() ?? null,
    status: couponStatus(coupon, now),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** What the audit log keeps of a coupon: its fields in core's units (cents), no status (it changes with time). */
function audited(row: StaffCouponRow) {
  const c = toCoupon(row);
  return {
    code: c.code,
    discountPercent: c.discountPercent,
    startsAt: c.startsAt?.toISOString() ?? null,
    expiresAt: c.expiresAt.toISOString(),
    usageLimit: c.usageLimit,
    usedCount: c.usedCount,
    minSubtotalCents: c.minSubtotalCents,
    disabledAt: c.disabledAt?.toISOString() ?? null,
  };
}

async function lockCoupon(tx: Executor, id: string): Promise<StaffCouponRow> {
  const [row] = await queryRows<StaffCouponRow>(
    tx,
    sql`SELECT ${staffCouponColumns} FROM coupons WHERE id = ${id} FOR UPDATE`,
  );
  if (!row) throw notFound(`No coupon for this ID: ${id}.`);
  return row;
}

/** A code taken by another coupon (codes are unique ignoring case): a 409 naming `name`. */
const codeTaken = (code: string) => conflict(`There is already a coupon ${code}.`, "name");

/** Runs a write whose statement may hit the unique code index, answering that as codeTaken. */
async function withUniqueCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken(code);
    throw error;
  }
}

/** One coupon for staff (GET /coupons/{id}, the coupon's page). */
export async function staffCoupon(ctx: CoreContext, actor: Staff, id: string): Promise<StaffCoupon> {
  requireRole(actor, "manager");
  const [row] = await queryRows<StaffCouponRow>(
    ctx.db,
    sql`SELECT ${staffCouponColumns} FROM coupons WHERE id = ${id}`,
  );
  if (!row) throw notFound(`No coupon for this ID: ${id}.`);
  return toStaffCoupon(row, ctx.now());
}

/** POST /coupons: a new coupon, enabled; its expiry must still be ahead. */
export async function createCoupon(ctx: CoreContext, actor: Staff, body: CouponBody): Promise<StaffCoupon> {
  requireRole(actor, "manager");
  const now = ctx.now();
  if (body.expire.getTime() <= now.getTime()) throw invalidField("expire", "Expiry must be in the future.");
  return withUniqueCode(body.name, () =>
    ctx.db.transaction(async (tx) => {
      const [row] = await queryRows<StaffCouponRow>(
        tx,
        sql`INSERT INTO coupons (id, code, discount_percent, starts_at, expires_at, usage_limit, min_subtotal_cents, created_at)
            VALUES (${newId()}, ${body.name}, ${body.discount}, ${body.start ? ts(body.start) : null},
              ${ts(body.expire)}, ${body.usageLimit ?? null}, ${amountToCents(body.minSubtotal ?? 0)}, ${ts(now)})
            RETURNING ${staffCouponColumns}`,
      );
      await recordAudit(tx, actor, {
        action: "coupon.create",
        entity: "coupon",
        entityId: row!.id,
        before: null,
        after: audited(row!),
        at: now,
      });
      return toStaffCoupon(row!, now);
    }),
  );
}

/**
 * PUT /coupons/{id}: replaces the coupon's code, percent, start, expiry, limit and minimum. Its use
 * count stays; the limit may not go below it (the row is locked, so no order counts a use meanwhile).
 */
export async function updateCoupon(
  ctx: CoreContext,
  actor: Staff,
  id: string,
  body: CouponBody,
): Promise<StaffCoupon> {
  requireRole(actor, "manager");
  const now = ctx.now();
  return withUniqueCode(body.name, () =>
    ctx.db.transaction(async (tx) => {
      const before = await lockCoupon(tx, id);
      if (body.usageLimit !== undefined && body.usageLimit < before.used_count) {
        throw invalidField(
          "usageLimit",
          `Usage limit must be at least ${before.used_count}: the coupon has been used ${before.used_count} times.`,
        );
      }
      const [row] = await queryRows<StaffCouponRow>(
        tx,
        sql`UPDATE coupons SET code = ${body.name}, discount_percent = ${body.discount},
              starts_at = ${body.start ? ts(body.start) : null}, expires_at = ${ts(body.expire)},
              usage_limit = ${body.usageLimit ?? null}, min_subtotal_cents = ${amountToCents(body.minSubtotal ?? 0)}
            WHERE id = ${id} RETURNING ${staffCouponColumns}`,
      );
      await recordAudit(tx, actor, {
        action: "coupon.update",
        entity: "coupon",
        entityId: id,
        before: audited(before),
        after: audited(row!),
        at: now,
      });
      return toStaffCoupon(row!, now);
    }),
  );
}

/**
 * Disables a coupon (it applies to no cart: carts holding it lose it on their next read, with a
 * notice) or enables it again. Asking for the state it is in changes nothing and logs nothing.
 */
export async function setCouponDisabled(
  ctx: CoreContext,
  actor: Staff,
  id: string,
  disabled: boolean,
): Promise<StaffCoupon> {
  requireRole(actor, "manager");
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockCoupon(tx, id);
    if ((before.disabled_at !== null) === disabled) return toStaffCoupon(before, now);
    const [row] = await queryRows<StaffCouponRow>(
      tx,
      sql`UPDATE coupons SET disabled_at = ${disabled ? ts(now) : null} WHERE id = ${id}
          RETURNING ${staffCouponColumns}`,
    );
    await recordAudit(tx, actor, {
      action: disabled ? "coupon.disable" : "coupon.enable",
      entity: "coupon",
      entityId: id,
      before: audited(before),
      after: audited(row!),
      at: now,
    });
    return toStaffCoupon(row!, now);
  });
}
