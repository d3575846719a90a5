import { createHmac } from "node:crypto";
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
  | "recovery-code";

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
