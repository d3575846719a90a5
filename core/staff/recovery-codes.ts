import { createHmac, randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { normalizeAuthenticationCode, RECOVERY_CODE_LENGTH } from "#contract/accounts.ts";
import { RECOVERY_CODE_COUNT } from "#contract/admin-two-factor.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { newId } from "#db/ids.ts";
import { keyFor } from "../accounts/keys.ts";
import type { CoreContext } from "../context.ts";

// Recovery codes (docs/back-office/two-factor.md#recovery-codes): ten per account, shown once, kept
// only as HMACs under a key of their own, each good for one log-in.

/** Digits and lower-case letters without the ones read alike (i, l, o, u): 32^10 = 2^50 per code. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, RECOVERY_CODE_LENGTH / 2)}-${code.slice(RECOVERY_CODE_LENGTH / 2)}`;
}

/** HMAC of the code as typed, case, spaces and dashes aside; keyed by the account too. */
export function hashRecoveryCode(
  ctx: Pick<CoreContext, "accounts">,
  accountId: string,
  code: string,
): string {
  return createHmac("sha256", keyFor(ctx, "recovery-code"))
    .update(`${accountId}:${normalizeAuthenticationCode(code)}`)
    .digest("base64url");
}

/** A code that looks like a recovery code rather than the app's six digits. */
export const isRecoveryCodeShape = (code: string) => !/^\d+$/.test(normalizeAuthenticationCode(code));

/**
 * Replaces the account's recovery codes with ten new ones, inside the caller's transaction, and
 * returns them: the only time they exist in clear.
 */
export async function replaceRecoveryCodes(
  ctx: Pick<CoreContext, "accounts" | "now">,
  tx: Executor,
  accountId: string,
): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await tx.execute(sql`DELETE FROM staff_recovery_codes WHERE customer_id = ${accountId}`);
  const now = ctx.now().toISOString();
  for (const code of codes) {
    await tx.execute(sql`INSERT INTO staff_recovery_codes (id, customer_id, code_hash, created_at)
      VALUES (${newId()}, ${accountId}, ${hashRecoveryCode(ctx, accountId, code)}, ${now}::timestamptz)`);
  }
  return [...codes];
}

/**
 * Spends one unused recovery code of the account: true when it was one. The update is the check, so
 * two log-ins racing with the same code cannot both have it.
 */
export async function spendRecoveryCode(
  ctx: Pick<CoreContext, "accounts" | "now">,
  tx: Executor,
  accountId: string,
  code: string,
): Promise<boolean> {
  const used = await queryRows(
    tx,
    sql`UPDATE staff_recovery_codes SET used_at = ${ctx.now().toISOString()}::timestamptz
        WHERE customer_id = ${accountId} AND code_hash = ${hashRecoveryCode(ctx, accountId, code)} AND used_at IS NULL
        RETURNING id`,
  );
  return used.length === 1;
}

/** How many of the account's recovery codes are still unused. */
export async function recoveryCodesLeft(db: Executor, accountId: string): Promise<number> {
  const [row] = await queryRows<{ remaining: number }>(
    db,
    sql`SELECT count(*)::int AS remaining FROM staff_recovery_codes WHERE customer_id = ${accountId} AND used_at IS NULL`,
  );
  return row?.remaining ?? 0;
}
