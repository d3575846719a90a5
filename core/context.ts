import type { Database } from "#db/client.ts";
import type { ImageStore } from "./ports/image-store.ts";
import type { JobQueue } from "./ports/job-queue.ts";
import type { Mailer } from "./ports/mailer.ts";
import type { PaymentProvider } from "./ports/payments.ts";
import type { PhoneIdTokenVerifier } from "./ports/phone-verification.ts";
import type { RateLimiter } from "./ports/rate-limiter.ts";
import type { SmsTransport } from "./ports/sms.ts";

/**
 * What core functions need from the outside world, built once in the server entry (or a test) and
 * passed in. Plain values: no container, no globals.
 */
export interface CoreContext {
  db: Database;
  /** The current time; tests pass a fixed clock. */
  now: () => Date;
  /**
   * RESERVATION_MINUTES: the hold time a new shop's settings start with (core/settings). The cart
   * holds for `shop_settings.reservation_minutes`, which admins change (docs/back-office/coupons-and-settings.md).
   */
  reservationMinutes: number;
  accounts: AccountsContext;
  /** Hosted card checkout: the built-in test checkout or Stripe (PAYMENT_PROVIDER). */
  payments: PaymentProvider;
  /** Uploaded product photos: files under SHOP_DATA_DIR/media, or an S3-compatible bucket (S3_*). */
  images: ImageStore;
  /** Mail and webhook deliveries, queued in the transaction of the change that causes them. */
  jobs: JobQueue;
  /**
   * The shop's public address (PUBLIC_URL, else `http://localhost:<PORT>`): the absolute links of
   * queued order mail, which has no request to take an origin from (docs/back-office/notifications.md).
   */
  publicUrl: string;
  /**
   * True outside production: webhook endpoints may be on this machine over http:// (tests, local
   * development) and on private addresses. Unset, only https:// on public addresses
   * (core/webhooks/webhook-url.ts, docs/integrations/webhooks.md).
   */
  localWebhooks?: boolean;
}

export interface AccountsContext {
  /** Signs session and phone tokens and keys the code hashes (JWT_SECRET, 32+ characters). */
  secret: string;
  mailer: Mailer;
  sms: SmsTransport;
  phoneVerifier: PhoneIdTokenVerifier;
  /** Log-in, sign-up, reset and code-check limits; shared between instances through Redis. */
  limiter: RateLimiter;
  /**
   * The shop's name when its settings have none: mail and texts read `shop_settings.store_name`
   * when they are sent (core/accounts/mail-sender.ts).
   */
  shopName: string;
}
