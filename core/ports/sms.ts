/** Sends a text message: the built-in outbox by default (a real SMS gateway plugs in here). */
export interface SmsTransport {
  send(message: { to: string; text: string; messageId?: string }): Promise<void>;
}
