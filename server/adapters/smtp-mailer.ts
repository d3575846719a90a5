import nodemailer from "nodemailer";
import type { Mailer } from "#core/ports/mailer.ts";

/** Mail through an SMTP server (SMTP_URL, e.g. `smtps://user:pass@smtp.example.com:465`). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  // A send gives up well inside the job queue's 60 s claim on its delivery (server/adapters/job-queue.ts):
  // a send still hanging when the claim lapses would be retried beside itself. nodemailer's own
  // defaults wait minutes. SMTP_URL's query (`?connectionTimeout=…`) still overrides them.
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dnsTimeout: 10_000,
  });
  // Message-IDs in the sender's domain (`"shop" <shop@example.com>` → example.com).
  const domain = /@([^>\s]+)/.exec(options.from)?.[1] ?? "shop.invalid";
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId ? `<${message.messageId}@${domain}>` : undefined,
      });
    },
    async close() {
      transport.close();
    },
  };
}
