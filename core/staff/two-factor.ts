import { sql } from "drizzle-orm";
import type {
  ConfirmTwoFactorBody,
  ReauthenticateBody,
  StartTwoFactorBody,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from "#contract/admin-two-factor.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { enforceLimit } from "../accounts/limits.ts";
import { verifyPassword } from "../accounts/passwords.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { CoreContext } from "../context.ts";
import { conflict, invalidField, unauthenticated } from "../errors.ts";
import { recoveryCodesLeft, replaceRecoveryCodes } from "./recovery-codes.ts";
import { requireRole, type Staff } from "./roles.ts";
import {
  CODE_ALREADY_USED,
  type CodeCheck,
  checkAuthenticationCode,
  checkTotpCode,
  newTotpKey,
  openSecret,
  sealSecret,
  TWO_FACTOR_CODE_LIMIT,
  totpKey,
} from "./totp.ts";

// A staff member's own two-step verification (docs/back-office/two-factor.md): start (a new key,
// waiting for its first code), confirm (on, with ten recovery codes), turn off, new recovery codes.
// Every step is the actor's own account, checked against the role in core and audited without the
// key or the codes.

export const WRONG_PASSWORD = "The password is not right.";
export const WRONG_CODE = "That code is not right. Check your app and try again.";
export const ALREADY_ON = "Two-step verification is already on.";
export const NOT_ON = "Two-step verification is not on.";
export const NOTHING_PENDING = "Start setting up two-step verification first.";

interface AccountRow {
  id: string;
  email: string;
  password_hash: string;
  totp_secret: string | null;
  totp_enabled_at: string | Date | null;
}

/** The actor's account, locked for the write: two tabs setting up at once take turns. */
async function lockAccount(tx: Executor, actor: Staff): Promise<AccountRow> {
  const [row] = await queryRows<AccountRow>(
    tx,
    sql`SELECT id, email, password_hash, totp_secret, totp_enabled_at FROM customers WHERE id = ${actor.id} FOR UPDATE`,
  );
  if (!row) throw unauthenticated("Your session is invalid or has expired. Please log in again.");
  return row;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** Wrong codes and a used one are the form's field errors. */
export function refuseCode(check: Exclude<CodeCheck, "ok">, field: string): never {
  throw invalidField(field, check === "used" ? CODE_ALREADY_USED : WRONG_CODE);
}

export async function getTwoFactorStatus(ctx: CoreContext, actor: Staff): Promise<TwoFactorStatus> {
  requireRole(actor, "manager");
  const [row] = await queryRows<Pick<AccountRow, "totp_secret" | "totp_enabled_at">>(
    ctx.db,
    sql`SELECT totp_secret, totp_enabled_at FROM customers WHERE id = ${actor.id}`,
  );
  const enabledAt = iso(row?.totp_enabled_at ?? null);
  return {
    email: actor.email,
    role: actor.role,
    enabledAt,
    pending: enabledAt === null && Boolean(row?.totp_secret),
    recoveryCodesLeft: enabledAt === null ? 0 : await recoveryCodesLeft(ctx.db, actor.id),
  };
}

/**
 * The key waiting for its first code, for the account page to show again until it is confirmed (it
 * protects nothing yet); null when none waits.
 */
export async function pendingTwoFactorKey(
  ctx: CoreContext,
  actor: Staff,
): Promise<TwoFactorEnrolment | null> {
  requireRole(actor, "manager");
  const [row] = await queryRows<Pick<AccountRow, "email" | "totp_secret" | "totp_enabled_at">>(
    ctx.db,
    sql`SELECT email, totp_secret, totp_enabled_at FROM customers WHERE id = ${actor.id}`,
  );
  if (!row?.totp_secret || row.totp_enabled_at !== null) return null;
  return totpKey(ctx.accounts.shopName, row.email, openSecret(ctx, actor.id, row.totp_secret));
}

/**
 * A new key for the actor's authenticator app, kept sealed until a code from the app confirms it.
 * Asks for the password, so a session left open elsewhere cannot put someone else's phone on the
 * account. Starting again replaces a key still waiting.
 */
export async function startTwoFactor(
  ctx: CoreContext,
  actor: Staff,
  body: StartTwoFactorBody,
): Promise<TwoFactorEnrolment> {
  requireRole(actor, "manager");
  await enforceLimit(ctx, TWO_FACTOR_CODE_LIMIT, actor.id);
  return ctx.db.transaction(async (tx) => {
    const account = await lockAccount(tx, actor);
    if (account.totp_enabled_at !== null) throw conflict(ALREADY_ON);
    if (!(await verifyPassword(body.password, account.password_hash)))
      throw invalidField("password", WRONG_PASSWORD);
    const key = newTotpKey(ctx.accounts.shopName, account.email);
    await tx.execute(sql`UPDATE customers SET totp_secret = ${sealSecret(ctx, actor.id, key.secret)},
      updated_at = ${ctx.now().toISOString()}::timestamptz WHERE id = ${actor.id}`);
    await recordAudit(tx, actor, {
      action: "staff.two-factor.start",
      entity: "staff",
      entityId: actor.id,
      before: null,
      after: { pending: true },
      at: ctx.now(),
    });
    return key;
  });
}

/** The first code from the app turns two-step verification on; the ten recovery codes are shown once. */
export async function confirmTwoFactor(
  ctx: CoreContext,
  actor: Staff,
  body: ConfirmTwoFactorBody,
): Promise<{ recoveryCodes: string[] }> {
  requireRole(actor, "manager");
  await enforceLimit(ctx, TWO_FACTOR_CODE_LIMIT, actor.id);
  return ctx.db.transaction(async (tx) => {
    const account = await lockAccount(tx, actor);
    if (account.totp_enabled_at !== null) throw conflict(ALREADY_ON);
    if (!account.totp_secret) throw conflict(NOTHING_PENDING);
    const secret = openSecret(ctx, actor.id, account.totp_secret);
    const check = await checkTotpCode(ctx, { id: actor.id, secret }, body.code.trim());
    if (check !== "ok") refuseCode(check, "code");
    const now = ctx.now();
    await tx.execute(sql`UPDATE customers SET totp_enabled_at = ${now.toISOString()}::timestamptz,
      updated_at = ${now.toISOString()}::timestamptz WHERE id = ${actor.id}`);
    const recoveryCodes = await replaceRecoveryCodes(ctx, tx, actor.id);
    await recordAudit(tx, actor, {
      action: "staff.two-factor.enable",
      entity: "staff",
      entityId: actor.id,
      before: { twoFactor: false },
      after: { twoFactor: true, enabledAt: now.toISOString() },
      at: now,
    });
    return { recoveryCodes };
  });
}

/** The password, or a code from the app or a recovery code (spent): the person is at the keyboard. */
async function proveItIsThem(ctx: CoreContext, tx: Executor, account: AccountRow, body: ReauthenticateBody) {
  if (body.password !== undefined) {
    await enforceLimit(ctx, TWO_FACTOR_CODE_LIMIT, account.id);
    if (!(await verifyPassword(body.password, account.password_hash)))
      throw invalidField("password", WRONG_PASSWORD);
    return;
  }
  if (!account.totp_secret || account.totp_enabled_at === null) throw invalidField("code", WRONG_CODE);
  const check = await checkAuthenticationCode(
    ctx,
    tx,
    { id: account.id, sealedSecret: account.totp_secret },
    body.code ?? "",
  );
  if (check !== "ok") refuseCode(check, "code");
}

/** Turns two-step verification off (or drops a key still waiting): the key and recovery codes go. */
export async function disableTwoFactor(
  ctx: CoreContext,
  actor: Staff,
  body: ReauthenticateBody,
): Promise<void> {
  requireRole(actor, "manager");
  await ctx.db.transaction(async (tx) => {
    const account = await lockAccount(tx, actor);
    if (account.totp_enabled_at === null && !account.totp_secret) throw conflict(NOT_ON);
    await proveItIsThem(ctx, tx, account, body);
    await tx.execute(sql`UPDATE customers SET totp_secret = NULL, totp_enabled_at = NULL,
      updated_at = ${ctx.now().toISOString()}::timestamptz WHERE id = ${actor.id}`);
    await tx.execute(sql`DELETE FROM staff_recovery_codes WHERE customer_id = ${actor.id}`);
    await recordAudit(tx, actor, {
      action: "staff.two-factor.disable",
      entity: "staff",
      entityId: actor.id,
      before: { twoFactor: account.totp_enabled_at !== null, enabledAt: iso(account.totp_enabled_at) },
      after: { twoFactor: false },
      at: ctx.now(),
    });
  });
}

/** Ten new recovery codes in place of the old ones (used or not), shown once. */
export async function regenerateRecoveryCodes(
  ctx: CoreContext,
  actor: Staff,
  body: ReauthenticateBody,
): Promise<{ recoveryCodes: string[] }> {
  requireRole(actor, "manager");
  return ctx.db.transaction(async (tx) => {
    const account = await lockAccount(tx, actor);
    if (account.totp_enabled_at === null) throw conflict(NOT_ON);
    await proveItIsThem(ctx, tx, account, body);
    const recoveryCodes = await replaceRecoveryCodes(ctx, tx, actor.id);
    await recordAudit(tx, actor, {
      action: "staff.two-factor.recovery-codes",
      entity: "staff",
      entityId: actor.id,
      before: null,
      after: { recoveryCodes: recoveryCodes.length },
      at: ctx.now(),
    });
    return { recoveryCodes };
  });
}
