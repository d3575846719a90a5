import { createHmac, timingSafeEqual } from "node:crypto";
import { type JWTPayload, SignJWT } from "jose";
// A customer's session lasts as long as its cookie (docs/storefront/accounts.md#session: 90 days);
// a staff member's, STAFF_SESSION_SECONDS (docs/decisions/036-staff-roles-and-sessions.md).
import { SESSION_MAX_AGE_SECONDS, STAFF_SESSION_SECONDS } from "#contract/session.ts";
import type { CoreContext } from "../context.ts";
import { type KeyUse, keyFor } from "./keys.ts";

/** The uses that sign tokens; the others key code hashes or encryption. */
type TokenUse = Exclude<KeyUse, "one-time-code" | "totp-seal" | "recovery-code" | "webhook-seal">;

const AUDIENCE: Record<TokenUse, string> = {
  session: "shop:session",
  "phone-verification": "shop:phone-verification",
  "phone-id-token": "shop:phone-id-token",
  device: "shop:device",
  "set-password": "shop:set-password",
  "two-factor": "shop:two-factor",
};

type Ctx = Pick<CoreContext, "accounts" | "now">;

export async function signToken(
  ctx: Ctx,
  use: keyof typeof AUDIENCE,
  subject: string,
  claims: JWTPayload,
  lifetimeSeconds: number,
): Promise<string> {
  const issuedAt = Math.floor(ctx.now().getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(subject)
    .setAudience(AUDIENCE[use])
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetimeSeconds)
    .sign(keyFor(ctx, use));
}

export type TokenProblem = "expired" | "invalid";

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeJsonObject(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/**
 * The token's claims, or why not. Only HS256 under this use's key is accepted: `alg: none`, another
 * algorithm, another use's token and a bad signature are all "invalid"; so is a token without an
 * expiry, a subject, or this use's audience.
 *
 * Verified with node:crypto rather than jose's WebCrypto: every authenticated request checks a
 * token, and WebCrypto imports the key and sends the HMAC to the thread pool each time, about
 * 0.15 ms a request against some microseconds here (bench/results/cart-*.md). The rules are jose's
 * jwtVerify with `algorithms: ["HS256"]` and an audience; tokens are still minted by jose (signToken).
 */
export function verifyToken(
  ctx: Ctx,
  use: keyof typeof AUDIENCE,
  token: string,
): { ok: true; claims: JWTPayload & { sub: string } } | { ok: false; problem: TokenProblem } {
  const invalid = { ok: false, problem: "invalid" } as const;
  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return invalid;
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  const header = decodeJsonObject(encodedHeader);
  // A critical header extension is one this verifier does not know, so the token is refused.
  if (header?.alg !== "HS256" || "crit" in header || header.b64 === false) return invalid;
  const expected = createHmac("sha256", keyFor(ctx, use))
    .update(`${encodedHeader}.${encodedPayload}`)
    .digest();
  const signature = Buffer.from(encodedSignature, "base64url");
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return invalid;
  const claims = decodeJsonObject(encodedPayload);
  if (!claims || typeof claims.sub !== "string") return invalid;
  const audience = claims.aud;
  const audienceOk = Array.isArray(audience) ? audience.includes(AUDIENCE[use]) : audience === AUDIENCE[use];
  if (!audienceOk) return invalid;
  if (!isNumber(claims.exp)) return invalid;
  if ("iat" in claims && !isNumber(claims.iat)) return invalid;
  if ("nbf" in claims && !isNumber(claims.nbf)) return invalid;
  const now = Math.floor(ctx.now().getTime() / 1000);
  if (isNumber(claims.nbf) && claims.nbf > now) return invalid;
  if (claims.exp <= now) return { ok: false, problem: "expired" };
  return { ok: true, claims: claims as JWTPayload & { sub: string } };
}

/**
 * A session token: the account id and the token version (a password or role change raises it).
 * Staff tokens are short-lived; the cookie that carries one lives as long (contract/session.ts).
 */
export function createSessionToken(ctx: Ctx, account: { id: string; tokenVersion: number; role?: string }) {
  const staff = account.role !== undefined && account.role !== "customer";
  const lifetime = staff ? STAFF_SESSION_SECONDS : SESSION_MAX_AGE_SECONDS;
  return signToken(ctx, "session", account.id, { ver: account.tokenVersion }, lifetime);
}
