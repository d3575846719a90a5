import { createHmac } from "node:crypto";
import type { CoreContext } from "../context.ts";

export type KeyUse =
  | "session"
  | "phone-verification"
  | "phone-id-token"
  | "one-time-code"
  | "device"
  | "set-password";

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
