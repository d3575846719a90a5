import { createHmac, randomBytes } from "node:crypto";
import { openSecret, sealSecret } from "../accounts/keys.ts";
import type { CoreContext } from "../context.ts";

// An endpoint's signing secret (docs/integrations/webhooks.md#signatures): 32 random bytes, shown to
// the admin once when the endpoint is made or its secret rotated, and kept only sealed
// (AES-256-GCM under the server's key, bound to the endpoint's id, core/accounts/keys.ts), since the
// shop must read it back to sign each delivery — a hash would not do.

export const SECRET_PREFIX = "whsec_";

export const newSigningSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;

export const sealSigningSecret = (ctx: Pick<CoreContext, "accounts">, endpointId: string, secret: string) =>
  sealSecret(ctx, "webhook-seal", endpointId, secret);

export const openSigningSecret = (ctx: Pick<CoreContext, "accounts">, endpointId: string, sealed: string) =>
  openSecret(ctx, "webhook-seal", endpointId, sealed);

/**
 * The `x-shop-signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with
 * the whole secret as the admin copied it (prefix included). The time inside the signed text lets a
 * receiver refuse an old request replayed.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const digest = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${digest}`;
}
