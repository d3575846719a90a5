import nodemailer from "nodemailer";
import type { Mailer } from "#core/ports/mailer.ts";

/** Mail through an SMTP server (SMTP_URL, e.g. `smtps://user:pass@smtp.example.com:465`). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    async close() {
      transport.close();
    },
  };
}
