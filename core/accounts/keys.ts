import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import type { CoreContext } from "../context.ts";

export type KeyUse =
  | "session"
  | "phone-verification"
  | "phone-id-token"
  | "one-time-code"
  | "device"
  | "set-password"
  /** The challenge between a right password and the second step (core/staff/two-factor-log-in.ts). */
  | "two-factor"
  /** AES-256-GCM key that seals staff TOTP secrets at rest (core/staff/totp.ts). */
  | "totp-seal"
  /** HMAC key of stored recovery codes (core/staff/recovery-codes.ts). */
  | "recovery-code"
  /** AES-256-GCM key that seals webhook endpoints' signing secrets at rest (core/webhooks). */
  | "webhook-seal";

// One configured secret, a separate key per use: a token minted for one purpose can never be
// replayed as another, and code hashes do not share a key with signatures.
const cache = new WeakMap<object, Map<KeyUse, Uint8Array>>();

export function keyFor(ctx: Pick<CoreContext, "accounts">, use: KeyUse): Uint8Array {
  let keys = cache.get(ctx.accounts);
  if (!keys) {
    keys = new Map();
    cache.set(ctx.accounts, keys);
  }
  let key = keys.get(use);
  if (!key) {
    key = new Uint8Array(createHmac("sha256", ctx.accounts.secret).update(`shop:${use}`).digest());
    keys.set(use, key);
  }
  return key;
}

/** The sealed keys' format: `v1.<iv>.<ciphertext>.<tag>`, each part base64url. */
const SEAL_VERSION = "v1";

/** The AES-256-GCM uses of keyFor: secrets the shop must read back, sealed at rest. */
export type SealUse = Extract<KeyUse, "totp-seal" | "webhook-seal">;

/**
 * Seals a secret the shop must read back (a staff member's TOTP key, a webhook's signing secret)
 * with AES-256-GCM under the key of its use. `boundTo` (the row's id) is the additional data, so a
 * sealed value copied onto another row does not open there. A leaked table alone gives no secret
 * away.
 */
export function sealSecret(
  ctx: Pick<CoreContext, "accounts">,
  use: SealUse,
  boundTo: string,
  secret: string,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(ctx, use), iv);
  cipher.setAAD(Buffer.from(boundTo));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [SEAL_VERSION, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The secret `sealSecret` sealed for this use and row; throws when it was tampered with or moved. */
export function openSecret(
  ctx: Pick<CoreContext, "accounts">,
  use: SealUse,
  boundTo: string,
  sealed: string,
): string {
  const [version, iv, data, tag] = sealed.split(".");
  if (version !== SEAL_VERSION || !iv || !data || !tag) throw new Error("not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", keyFor(ctx, use), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
