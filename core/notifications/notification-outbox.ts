import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { newId } from "#db/ids.ts";
import { ts } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";

export type NotificationChannel = "email" | "sms";

export interface NotificationDraft {
  orderId: string | null;
  /** What it announces: the order event's type (`order.shipped`) or `staff.new_order`. */
  kind: string;
  channel: NotificationChannel;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  /** One message per key, however often the change that causes it is repeated. */
  dedupeKey: string;
}

/**
 * Writes one message into the outbox and queues its delivery, both in the caller's transaction.
 * Returns the new row's id, or null when a message with this key already exists (nothing queued).
 */
export async function queueNotification(
  db: Executor,
  ctx: Pick<CoreContext, "jobs" | "now">,
  draft: NotificationDraft,
): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO notifications (id, order_id, kind, channel, recipient, subject, text, html, dedupe_key, created_at)
        VALUES (${newId()}, ${draft.orderId}, ${draft.kind}, ${draft.channel}, ${draft.recipient}, ${draft.subject},
          ${draft.text}, ${draft.html}, ${draft.dedupeKey}, ${ts(ctx.now())})
        ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
  );
  if (!row) return null;
  await ctx.jobs.enqueue(db, "notification", { id: row.id });
  return row.id;
}
