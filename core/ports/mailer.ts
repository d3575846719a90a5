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
  /**
   * The message's own id (a notification's row id): the outbox keeps one message per id, and SMTP
   * sends it as the Message-ID, so a retried delivery is recognisably the same message.
   */
  messageId?: string;
}
