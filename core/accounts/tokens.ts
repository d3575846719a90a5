import { errors, type JWTPayload, jwtVerify, SignJWT } from "jose";
// The session lasts as long as its cookie (SPEC §9: 90 days).
import { SESSION_MAX_AGE_SECONDS } from "#contract/session.ts";
import type { CoreContext } from "../context.ts";
import { type KeyUse, keyFor } from "./keys.ts";

const AUDIENCE: Record<Exclude<KeyUse, "one-time-code">, string> = {
  session: "shop:session",
  "phone-verification": "shop:phone-verification",
  "phone-id-token": "shop:phone-id-token",
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

/**
 * The token's claims, or why not. Only HS256 under this use's key is accepted: `alg: none`, another
 * algorithm, another use's token and a bad signature are all "invalid".
 */
export async function verifyToken(
  ctx: Ctx,
  use: keyof typeof AUDIENCE,
  token: string,
): Promise<{ ok: true; claims: JWTPayload & { sub: string } } | { ok: false; problem: TokenProblem }> {
  try {
    const { payload } = await jwtVerify(token, keyFor(ctx, use), {
      algorithms: ["HS256"],
      audience: AUDIENCE[use],
      currentDate: ctx.now(),
    });
    if (typeof payload.sub !== "string") return { ok: false, problem: "invalid" };
    return { ok: true, claims: payload as JWTPayload & { sub: string } };
  } catch (error) {
    return { ok: false, problem: error instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}

/** A session token: the customer id and the token version (a password change raises it). */
export function createSessionToken(ctx: Ctx, customer: { id: string; tokenVersion: number }) {
  return signToken(ctx, "session", customer.id, { ver: customer.tokenVersion }, SESSION_MAX_AGE_SECONDS);
}
