import { sql } from "drizzle-orm";
import { queryRows } from "#db/client.ts";
import { type LoggedIn, startSession } from "../accounts/customers.ts";
import { hashPassword } from "../accounts/passwords.ts";
import { verifyToken } from "../accounts/tokens.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { CoreContext } from "../context.ts";
import { DomainError } from "../errors.ts";

// The set-password link of a new staff account (docs/back-office/two-factor.md#set-password): the
// command line (`npm run staff -- add`) and an admin's invitation mint it with setPasswordToken
// (core/staff/staff-accounts.ts); the page /auth/set-password spends it.

export const LINK_NOT_VALID = "This link is not valid. Ask an administrator for a new one.";
export const LINK_EXPIRED = "This link has expired. Ask an administrator for a new one.";
export const LINK_USED = "This link has already been used. Log in with the password you chose.";

/** Why a link does not work, for the page to say so before asking for a password. */
export type LinkProblem = "invalid" | "expired" | "used";

/** The account a set-password link stands for, or why it does not work now. */
export async function checkSetPasswordLink(
  ctx: CoreContext,
  token: string,
): Promise<{ ok: true; email: string } | { ok: false; problem: LinkProblem }> {
  const verified = verifyToken(ctx, "set-password", token);
  if (!verified.ok) return verified;
  const [account] = await queryRows<{ email: string; token_version: number }>(
    ctx.db,
    sql`SELECT email, token_version FROM customers WHERE id = ${verified.claims.sub}`,
  );
  if (!account) return { ok: false, problem: "invalid" };
  if (account.token_version !== verified.claims.ver) return { ok: false, problem: "used" };
  return { ok: true, email: account.email };
}

const MESSAGES: Record<LinkProblem, string> = {
  invalid: LINK_NOT_VALID,
  expired: LINK_EXPIRED,
  used: LINK_USED,
};

/**
 * Sets the password of the account the link names and raises its token version, so the link works
 * once and any older session ends; the address is verified (the link came by mail). The person is
 * then logged in — unless the account has two-step verification on, when they log in with their
 * code like any other time (`session` is absent): a mailed link must not skip the second factor.
 */
export async function setPasswordWithToken(
  ctx: CoreContext,
  token: string,
  password: string,
): Promise<{ email: string; session?: LoggedIn }> {
  const verified = verifyToken(ctx, "set-password", token);
  if (!verified.ok)
    throw new DomainError("invalid", MESSAGES[verified.problem], undefined, `link-${verified.problem}`);
  const passwordHash = await hashPassword(password);
  const now = ctx.now().toISOString();
  const account = await ctx.db.transaction(async (tx) => {
    const [updated] = await queryRows<{
      id: string;
      email: string;
      token_version: number;
      role: string;
      email_verified_at: string | Date;
      totp_enabled_at: string | Date | null;
    }>(
      tx,
      sql`UPDATE customers SET password_hash = ${passwordHash}, token_version = token_version + 1,
            email_verified_at = coalesce(email_verified_at, ${now}::timestamptz), updated_at = ${now}::timestamptz
          WHERE id = ${verified.claims.sub} AND token_version = ${verified.claims.ver}
          RETURNING id, email, token_version, role, email_verified_at, totp_enabled_at`,
    );
    if (!updated) throw new DomainError("invalid", LINK_USED, undefined, "link-used");
    await recordAudit(
      tx,
      { id: updated.id, email: updated.email },
      {
        action: "staff.set-password",
        entity: "staff",
        entityId: updated.id,
        before: null,
        after: { passwordSet: true },
        at: ctx.now(),
      },
    );
    return updated;
  });
  if (account.totp_enabled_at !== null) return { email: account.email };
  return { email: account.email, session: await startSession(ctx, account, account.email) };
}
