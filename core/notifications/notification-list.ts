import { sql } from "drizzle-orm";
import type { OrderNotification } from "#contract/staff-orders.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { iso } from "../shared/timestamps.ts";

// What an order's changes queued in the outbox and how each delivery stands, for the back office's
// order page (docs/back-office/orders.md#messages). The rows are written by notification-outbox.ts
// and updated by notification-delivery.ts; this only reads them.

interface NotificationRow {
  id: string;
  kind: string;
  channel: "email" | "sms";
  recipient: string;
  subject: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  last_error: string | null;
  sent_at: Date | string | null;
  created_at: Date | string;
}

/** The messages of one order, oldest first (notifications_order_idx). */
export async function orderNotifications(db: Executor, orderId: string): Promise<OrderNotification[]> {
  const rows = await queryRows<NotificationRow>(
    db,
    sql`SELECT id, kind, channel, recipient, subject, status, attempts, last_error, sent_at, created_at
        FROM notifications WHERE order_id = ${orderId} ORDER BY created_at, id`,
  );
  return rows.map((row) => ({
    _id: row.id,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    sentAt: row.sent_at ? iso(row.sent_at) : null,
    createdAt: iso(row.created_at),
  }));
}
