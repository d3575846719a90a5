import { generateSecret, generateURI, verify } from "otplib";
import { normalizeAuthenticationCode } from "#contract/accounts.ts";
import type { Executor } from "#db/client.ts";
import { openSecret as openWith, sealSecret as sealWith } from "../accounts/keys.ts";
import { enforceLimit, type LimitRule } from "../accounts/limits.ts";
import type { CoreContext } from "../context.ts";
import { DomainError } from "../errors.ts";
import { isRecoveryCodeShape, spendRecoveryCode } from "./recovery-codes.ts";

// TOTP (RFC 6238, otplib) for staff two-step verification (docs/back-office/two-factor.md,
// docs/decisions/039-staff-two-factor.md): the secret sealed at rest, codes checked with one step
// of clock drift either way, each code good once, and wrong codes limited per account.

/** The app's period and the drift allowed: a code of the step before or after is accepted too. */
export const TOTP_PERIOD_SECONDS = 30;
const DRIFT_SECONDS = TOTP_PERIOD_SECONDS;

export const TWO_FACTOR_CODE_LIMIT: LimitRule = {
  name: "two-factor-codes",
  limit: 10,
  windowMs: 15 * 60_000,
  message: "Too many authentication codes tried. Please try again in 15 minutes.",
  unavailableMessage: "Verification is briefly unavailable. Please try again in a minute.",
};

export const CODE_ALREADY_USED = "This code has already been used. Wait for the next one in your app.";

/**
 * Seals a TOTP secret at rest under its own key (core/accounts/keys.ts: sealSecret). The account id
 * is the additional data, so a sealed secret copied onto another account's row does not open there.
 */
export const sealSecret = (ctx: Pick<CoreContext, "accounts">, accountId: string, secret: string): string =>
  sealWith(ctx, "totp-seal", accountId, secret);

/** The secret `sealSecret` sealed for this account; throws when it was tampered with or moved. */
export const openSecret = (ctx: Pick<CoreContext, "accounts">, accountId: string, sealed: string): string =>
  openWith(ctx, "totp-seal", accountId, sealed);

/** The key (base32) and the URI an authenticator app reads from a QR code or a link. */
export function totpKey(
  issuer: string,
  email: string,
  secret: string,
): { secret: string; otpauthUri: string } {
  return { secret, otpauthUri: generateURI({ issuer, label: email, secret, period: TOTP_PERIOD_SECONDS }) };
}

/** A new key: 160 random bits, as RFC 4226 recommends. */
export const newTotpKey = (issuer: string, email: string) => totpKey(issuer, email, generateSecret());

/**
 * Whether `code` is the app's code now (one step of drift either way). A right code is then spent:
 * its time step is recorded in the shared rate-limit store for as long as it could be accepted, so
 * the same code presented again — a replay, or a second instance — is refused
 * (docs/decisions/039-staff-two-factor.md).
 */
export async function checkTotpCode(
  ctx: Pick<CoreContext, "accounts" | "now">,
  account: { id: string; secret: string },
  code: string,
): Promise<"ok" | "wrong" | "used"> {
  const result = await verify({
    secret: account.secret,
    token: code,
    period: TOTP_PERIOD_SECONDS,
    epoch: Math.floor(ctx.now().getTime() / 1000),
    epochTolerance: DRIFT_SECONDS,
  });
  if (!result.valid || !("timeStep" in result)) return "wrong";
  const spent = await ctx.accounts.limiter
    .hit(
      `totp-step:${account.id}:${result.timeStep}`,
      1,
      (2 * DRIFT_SECONDS + TOTP_PERIOD_SECONDS) * 1000 + 5_000,
    )
    .catch(() => {
      throw new DomainError("unavailable", TWO_FACTOR_CODE_LIMIT.unavailableMessage);
    });
  return spent.allowed ? "ok" : "used";
}

export type CodeCheck = "ok" | "wrong" | "used";

/**
 * The second factor as a person types it: the app's six digits, or a recovery code (spent in `tx`,
 * so it stays unused if the caller's write rolls back). Every try counts against the account's
 * limit first, right or wrong.
 */
export async function checkAuthenticationCode(
  ctx: Pick<CoreContext, "accounts" | "now">,
  tx: Executor,
  account: { id: string; sealedSecret: string },
  code: string,
): Promise<CodeCheck> {
  await enforceLimit(ctx, TWO_FACTOR_CODE_LIMIT, account.id);
  if (isRecoveryCodeShape(code)) return (await spendRecoveryCode(ctx, tx, account.id, code)) ? "ok" : "wrong";
  const secret = openSecret(ctx, account.id, account.sealedSecret);
  return checkTotpCode(ctx, { id: account.id, secret }, normalizeAuthenticationCode(code));
}
