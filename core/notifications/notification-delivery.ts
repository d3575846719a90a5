import { sql } from "drizzle-orm";
import { queryRows } from "#db/client.ts";
import { ts } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";

interface NotificationRow {
  id: string;
  channel: "email" | "sms";
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  status: "pending" | "sent" | "failed";
}

/**
 * Delivers one queued message (the job queue's `notification` worker). A message already sent is
 * left alone; every attempt carries the row's id as the message id, so a retry after a crash between
 * sending and recording adds nothing to the outbox and reaches an SMTP server as the same message.
 * A failure is recorded on the row and thrown, so the queue retries it; `final` marks it failed.
 */
export async function deliverNotification(
  ctx: CoreContext,
  id: string,
  attempt: { final: boolean },
): Promise<void> {
  const [row] = await queryRows<NotificationRow>(
    ctx.db,
    sql`SELECT id, channel, recipient, subject, text, html, status FROM notifications WHERE id = ${id}`,
  );
  if (!row || row.status === "sent") return;
  try {
    if (row.channel === "email") {
      await ctx.accounts.mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html ?? "",
        messageId: row.id,
      });
    } else {
      await ctx.accounts.sms.send({ to: row.recipient, text: row.text, messageId: row.id });
    }
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 500) : "delivery failed";
    await ctx.db.execute(sql`UPDATE notifications SET attempts = attempts + 1, last_error = ${message},
      status = ${attempt.final ? "failed" : "pending"} WHERE id = ${id} AND status <> 'sent'`);
    throw error;
  }
  await ctx.db.execute(sql`UPDATE notifications SET attempts = attempts + 1, status = 'sent', last_error = NULL,
    sent_at = ${ts(ctx.now())} WHERE id = ${id}`);
}
