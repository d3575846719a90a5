import { sql } from "drizzle-orm";
import { queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { requireRole, type Staff } from "../staff/roles.ts";

// INTERIM (issue 15): a coupon's own entries of the audit log for its page, until the shared
// `auditTrailOf` (core/audit/audit-query.ts) and `<AuditTrail>` (app/components/admin/audit-trail.tsx)
// land; then the coupon page calls those and this file goes.

export interface CouponHistoryEntry {
  at: string;
  actorEmail: string;
  action: string;
  /** The fields the entry changed, each as it was and as it became. */
  changes: { field: string; before: unknown; after: unknown }[];
}

/** The coupon's audit entries, newest first (at most 50). */
export async function couponHistory(
  ctx: CoreContext,
  actor: Staff,
  couponId: string,
): Promise<CouponHistoryEntry[]> {
  requireRole(actor, "manager");
  const rows = await queryRows<{
    at: Date | string;
    actor_email: string;
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    ctx.db,
    sql`SELECT at, actor_email, action, before, after FROM audit_log
        WHERE entity = 'coupon' AND entity_id = ${couponId} ORDER BY at DESC, id DESC LIMIT 50`,
  );
  return rows.map((row) => {
    const fields = [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})])];
    return {
      at: new Date(row.at).toISOString(),
      actorEmail: row.actor_email,
      action: row.action,
      changes: fields
        .map((field) => ({ field, before: row.before?.[field] ?? null, after: row.after?.[field] ?? null }))
        .filter((c) => JSON.stringify(c.before) !== JSON.stringify(c.after)),
    };
  });
}
