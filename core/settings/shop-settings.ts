import { sql } from "drizzle-orm";
import type { ShopSettingsBody, ShopSettingsRecord } from "#contract/admin-settings.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { CoreContext } from "../context.ts";
import { amountToCents, centsToAmount } from "../money.ts";
import { requireRole, type Staff } from "../staff/roles.ts";

// The shop's settings (the one `shop_settings` row): tax, shipping, the cart's hold time, the
// low-stock threshold, the name and contact address in mail, where the staff's new-order alert goes
// (docs/back-office/coupons-and-settings.md, docs/back-office/notifications.md).
// Nothing keeps a copy in memory: every reader (pricing, the cart's holds, mail, the low-stock list)
// reads the row when it needs it, so a change is in force at once on every instance.

/** The settings in core's units: cents and basis points. */
export interface ShopSettings {
  /** 1400 = 14 %. */
  taxRateBasisPoints: number;
  shippingCents: number;
  freeShippingThresholdCents: number;
  reservationMinutes: number;
  lowStockThreshold: number;
  storeName: string;
  contactEmail: string;
  /** Where the staff's new-order alert goes; "" for none (docs/back-office/notifications.md). */
  orderAlertEmail: string;
}

interface SettingsRow {
  tax_rate_basis_points: number;
  shipping_cents: number;
  free_shipping_threshold_cents: number;
  reservation_minutes: number;
  low_stock_threshold: number;
  store_name: string;
  contact_email: string;
  order_alert_email: string;
  updated_at: Date | string;
}

const toSettings = (row: SettingsRow): ShopSettings => ({
  taxRateBasisPoints: row.tax_rate_basis_points,
  shippingCents: row.shipping_cents,
  freeShippingThresholdCents: row.free_shipping_threshold_cents,
  reservationMinutes: row.reservation_minutes,
  lowStockThreshold: row.low_stock_threshold,
  storeName: row.store_name,
  contactEmail: row.contact_email,
  orderAlertEmail: row.order_alert_email,
});

/** The row, locked until the transaction ends when `forUpdate`. */
async function readRow(db: Executor, forUpdate = false): Promise<SettingsRow> {
  const [row] = await queryRows<SettingsRow>(
    db,
    sql`SELECT tax_rate_basis_points, shipping_cents, free_shipping_threshold_cents, reservation_minutes,
          low_stock_threshold, store_name, contact_email, order_alert_email, updated_at
        FROM shop_settings WHERE id = 1 ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) throw new Error("shop_settings has no row: run the migrations");
  return row;
}

/** The settings as they stand, in core's units. */
export async function readShopSettings(db: Executor): Promise<ShopSettings> {
  return toSettings(await readRow(db));
}

/** The settings as the staff API and the settings page show them: dollars, percent. */
function toRecord(row: SettingsRow): ShopSettingsRecord {
  return {
    taxRate: row.tax_rate_basis_points / 100,
    shipping: centsToAmount(row.shipping_cents),
    freeShippingThreshold: centsToAmount(row.free_shipping_threshold_cents),
    reservationMinutes: row.reservation_minutes,
    lowStockThreshold: row.low_stock_threshold,
    storeName: row.store_name,
    contactEmail: row.contact_email,
    orderAlertEmail: row.order_alert_email,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** GET /settings and the settings page: admins only. */
export async function shopSettingsFor(ctx: CoreContext, actor: Staff): Promise<ShopSettingsRecord> {
  requireRole(actor, "admin");
  return toRecord(await readRow(ctx.db));
}

/**
 * Replaces every setting (PUT /settings, the settings page), audited as `settings.update` with the
 * row before and after in core's units. The row is locked, so two admins saving at once are
 * recorded one after the other, each `before` being what the other left.
 */
export async function updateShopSettings(
  ctx: CoreContext,
  actor: Staff,
  body: ShopSettingsBody,
): Promise<ShopSettingsRecord> {
  requireRole(actor, "admin");
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = toSettings(await readRow(tx, true));
    const next: ShopSettings = {
      taxRateBasisPoints: Math.round(body.taxRate * 100),
      shippingCents: amountToCents(body.shipping),
      freeShippingThresholdCents: amountToCents(body.freeShippingThreshold),
      reservationMinutes: body.reservationMinutes,
      lowStockThreshold: body.lowStockThreshold,
      storeName: body.storeName,
      contactEmail: body.contactEmail,
      // Left out by a client that predates it: the saved address stands.
      orderAlertEmail: body.orderAlertEmail ?? before.orderAlertEmail,
    };
    const [row] = await queryRows<SettingsRow>(
      tx,
      sql`UPDATE shop_settings SET tax_rate_basis_points = ${next.taxRateBasisPoints},
            shipping_cents = ${next.shippingCents}, free_shipping_threshold_cents = ${next.freeShippingThresholdCents},
            reservation_minutes = ${next.reservationMinutes}, low_stock_threshold = ${next.lowStockThreshold},
            store_name = ${next.storeName}, contact_email = ${next.contactEmail},
            order_alert_email = ${next.orderAlertEmail}, updated_at = ${now.toISOString()}::timestamptz
          WHERE id = 1
          RETURNING tax_rate_basis_points, shipping_cents, free_shipping_threshold_cents, reservation_minutes,
            low_stock_threshold, store_name, contact_email, order_alert_email, updated_at`,
    );
    await recordAudit(tx, actor, {
      action: "settings.update",
      entity: "settings",
      entityId: "shop",
      before,
      after: next,
      at: now,
    });
    return toRecord(row!);
  });
}

/**
 * RESERVATION_MINUTES at start-up: the hold time of a shop whose settings no admin has saved yet
 * (no `settings.update` in the audit log), so an operator's environment keeps working as before
 * until the settings page takes over; after a save the page's value stands and the variable is
 * ignored. Idempotent: instances starting together write the same value.
 */
export async function seedReservationMinutes(db: Executor, minutes: number): Promise<void> {
  await db.execute(sql`UPDATE shop_settings SET reservation_minutes = ${minutes}
    WHERE id = 1 AND reservation_minutes <> ${minutes}
      AND NOT EXISTS (SELECT 1 FROM audit_log WHERE action = 'settings.update')`);
}
