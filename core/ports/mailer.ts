/** Sends mail: the built-in outbox by default, SMTP (nodemailer) when SMTP_URL is set. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}
