import { sql } from "drizzle-orm";
import type { Mailer } from "#core/ports/mailer.ts";
import type { SmsTransport } from "#core/ports/sms.ts";
import { type Database, queryRows } from "#db/client.ts";
import { newId } from "#db/ids.ts";

export interface OutboxEntry {
  channel: "email" | "sms";
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

/**
 * The built-in mail and SMS adapters: messages go into the database (every instance sees them) and
 * are read at /dev/outbox outside production, by a person or a test.
 */
export function createOutbox(db: Database, now: () => Date = () => new Date()) {
  // A message with an id already kept is a retried delivery: it is kept once.
  const store = (
    channel: "email" | "sms",
    to: string,
    subject: string,
    text: string,
    html: string | null,
    messageId: string | undefined,
  ) =>
    db.execute(sql`INSERT INTO outbox_messages (id, channel, recipient, subject, text, html, message_id, created_at)
      VALUES (${newId()}, ${channel}, ${to}, ${subject}, ${text}, ${html}, ${messageId ?? null},
        ${now().toISOString()}::timestamptz)
      ON CONFLICT (message_id) DO NOTHING`);
  const mailer: Mailer = {
    async send(message) {
      await store("email", message.to, message.subject, message.text, message.html, message.messageId);
    },
  };
  const sms: SmsTransport = {
    async send(message) {
      await store("sms", message.to, "", message.text, null, message.messageId);
    },
  };
  return { mailer, sms };
}

/** Newest first. */
export async function listOutbox(
  db: Database,
  options: { to?: string; limit?: number } = {},
): Promise<OutboxEntry[]> {
  const rows = await queryRows<{
    channel: "email" | "sms";
    recipient: string;
    subject: string;
    text: string;
    html: string | null;
    created_at: string | Date;
  }>(
    db,
    sql`SELECT channel, recipient, subject, text, html, created_at FROM outbox_messages
        ${options.to ? sql`WHERE lower(recipient) = lower(${options.to})` : sql``}
        ORDER BY created_at DESC, id DESC LIMIT ${options.limit ?? 100}`,
  );
  return rows.map((r) => ({
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    text: r.text,
    html: r.html,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
