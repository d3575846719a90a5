import { sql } from "drizzle-orm";
import type { Executor } from "#db/client.ts";

/** The acting staff member as the log names them (core/staff/roles.ts: Staff fits). */
export interface AuditActor {
  /** Null for the command line (`npm run staff`), which acts as nobody in particular. */
  id: string | null;
  email: string;
}

export interface AuditEntry {
  /** What was done, as `<entity>.<verb>`: `product.create`, `coupon.disable`, `settings.update`… */
  action: string;
  /** The kind of record: `product`, `coupon`, `settings`, `staff`, `category`… */
  entity: string;
  entityId: string;
  /** The record before and after the change (null for a creation or a removal); plain JSON. */
  before: unknown;
  after: unknown;
  /** When (ctx.now() of the write). */
  at: Date;
}

/**
 * Appends one entry to the audit log (docs/decisions/037-audit-log.md). Called inside the
 * transaction of the write it describes, so the change and its record commit or roll back together.
 * The table refuses UPDATE and DELETE (migration 0007).
 */
export async function recordAudit(db: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.execute(sql`INSERT INTO audit_log (at, actor_id, actor_email, action, entity, entity_id, before, after)
    VALUES (${entry.at.toISOString()}::timestamptz, ${actor.id}, ${actor.email}, ${entry.action}, ${entry.entity}, ${entry.entityId},
            ${entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before)}::jsonb,
            ${entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after)}::jsonb)`);
}
