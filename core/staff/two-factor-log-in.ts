import { sql } from "drizzle-orm";
import type { LoginBody } from "#contract/accounts.ts";
import { queryRows } from "#db/client.ts";
import {
  type LoggedIn,
  logIn,
  type RequestMeta,
  startSession,
  type TwoFactorRequired,
} from "../accounts/customers.ts";
import { verifyToken } from "../accounts/tokens.ts";
import type { CoreContext } from "../context.ts";
import { unauthenticated } from "../errors.ts";
import { checkAuthenticationCode } from "./totp.ts";
import { refuseCode } from "./two-factor.ts";

// The second step of a staff log-in (docs/back-office/two-factor.md#log-in): the challenge a right
// password earned (core/accounts/customers.ts: logIn) and a code make the session.

export const CHALLENGE_EXPIRED = "Your sign-in has expired. Please log in again.";

/**
 * Exchanges a log-in challenge and a code (the app's, or a recovery code, which is spent) for the
 * session logIn would have given. The challenge names the account and its token version: a
 * password change since, or two-step verification turned off, ends it. `field` names the code in
 * the caller's form (`code`, or `totpCode` for POST /auth/login).
 */
export async function completeTwoFactorLogIn(
  ctx: CoreContext,
  challenge: string,
  code: string,
  field = "code",
): Promise<LoggedIn> {
  const verified = verifyToken(ctx, "two-factor", challenge);
  if (!verified.ok) throw unauthenticated(CHALLENGE_EXPIRED);
  const { sub: accountId, ver, email } = verified.claims;
  return ctx.db.transaction(async (tx) => {
    const [account] = await queryRows<{
      id: string;
      token_version: number;
      role: string;
      email_verified_at: string | Date | null;
      totp_secret: string | null;
      totp_enabled_at: string | Date | null;
    }>(
      tx,
      sql`SELECT id, token_version, role, email_verified_at, totp_secret, totp_enabled_at
          FROM customers WHERE id = ${accountId} FOR UPDATE`,
    );
    if (!account || account.token_version !== ver || account.totp_enabled_at === null || !account.totp_secret)
      throw unauthenticated(CHALLENGE_EXPIRED);
    const check = await checkAuthenticationCode(
      ctx,
      tx,
      { id: account.id, sealedSecret: account.totp_secret },
      code,
    );
    if (check !== "ok") refuseCode(check, field);
    return startSession(ctx, account, typeof email === "string" ? email : "");
  });
}

/**
 * Log-in in one call for the API: the password, and for an account with two-step verification
 * the code too (`totpCode`). Without it the challenge comes back for POST /auth/login/two-factor.
 */
export async function logInWithCode(
  ctx: CoreContext,
  body: LoginBody,
  meta: RequestMeta,
): Promise<LoggedIn | TwoFactorRequired> {
  const first = await logIn(ctx, body, meta);
  if (!("twoFactorChallenge" in first) || body.totpCode === undefined) return first;
  return completeTwoFactorLogIn(ctx, first.twoFactorChallenge, body.totpCode, "totpCode");
}
