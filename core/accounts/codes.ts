import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { CODE_LENGTH } from "#contract/accounts.ts";
import { type Executor, queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { keyFor } from "./keys.ts";

export type CodePurpose = "verify_email" | "reset_password" | "verify_phone";

/** docs/storefront/accounts.md#codes: codes expire after 10 minutes and allow 5 attempts. */
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/** Re-sending is throttled: one code a minute to the same address, five an hour. */
export const RESEND_COOLDOWN_MS = 60_000;
export const MAX_SENDS_PER_HOUR = 5;

type Ctx = Pick<CoreContext, "accounts" | "now" | "db">;

export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
}

/** HMAC under the server's key: a leaked table does not give the codes away by brute force. */
export function hashCode(ctx: Pick<CoreContext, "accounts">, purpose: CodePurpose, code: string): string {
  return createHmac("sha256", keyFor(ctx, "one-time-code")).update(`${purpose}:${code}`).digest("base64url");
}

export type IssueResult =
  | { issued: true; code: string }
  /** A code went to the same address less than a minute ago; it is still good. */
  | { issued: false; reason: "cooldown" }
  /** Five codes this hour already. */
  | { issued: false; reason: "hourly_limit" };

interface CodeRow {
  target: string;
  code_hash: string;
  attempts: number;
  expires_at: string | Date;
  sent_at: string | Date;
  send_window_started_at: string | Date;
  sends_in_window: number;
}

const time = (v: string | Date) => new Date(v).getTime();

/**
 * Creates a fresh code for (customer, purpose), replacing any earlier one, unless re-sending is
 * throttled. Requests racing for the same customer take turns on the customer's row.
 */
async function issueCode(
  ctx: Ctx,
  input: { customerId: string; purpose: CodePurpose; target: string },
  executor: Executor = ctx.db,
): Promise<IssueResult> {
  const now = ctx.now();
  return executor.transaction(async (tx) => {
    // The customer row is the lock: a code row that does not exist yet cannot be locked, and without
    // this two first requests (a page asking twice) would both send a code, the first one dead on arrival.
    await tx.execute(sql`SELECT 1 FROM customers WHERE id = ${input.customerId} FOR NO KEY UPDATE`);
    const [row] = await queryRows<CodeRow>(
      tx,
      sql`SELECT * FROM one_time_codes WHERE customer_id = ${input.customerId} AND purpose = ${input.purpose} FOR UPDATE`,
    );
    let windowStart = now;
    let sends = 1;
    if (row) {
      const sinceLast = now.getTime() - time(row.sent_at);
      const codeStillGood = time(row.expires_at) > now.getTime() && row.attempts < CODE_MAX_ATTEMPTS;
      if (row.target === input.target && sinceLast < RESEND_COOLDOWN_MS && codeStillGood) {
        return { issued: false, reason: "cooldown" } as const;
      }
      if (now.getTime() - time(row.send_window_started_at) < 60 * 60_000) {
        if (row.sends_in_window >= MAX_SENDS_PER_HOUR)
          return { issued: false, reason: "hourly_limit" } as const;
        windowStart = new Date(row.send_window_started_at);
        sends = row.sends_in_window + 1;
      }
    }
    let code = generateCode();
    if (input.purpose === "reset_password") {
      // A reset code may arrive without its email; keep live reset codes distinct so one code names one account.
      for (let i = 0; i < 5; i++) {
        const [clash] = await queryRows(
          tx,
          sql`SELECT 1 FROM one_time_codes WHERE purpose = 'reset_password' AND code_hash = ${hashCode(ctx, input.purpose, code)}
                AND expires_at > ${now.toISOString()}::timestamptz`,
        );
        if (!clash) break;
        code = generateCode();
      }
    }
    const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
    await tx.execute(sql`
      INSERT INTO one_time_codes (customer_id, purpose, target, code_hash, attempts, expires_at, sent_at, send_window_started_at, sends_in_window)
      VALUES (${input.customerId}, ${input.purpose}, ${input.target}, ${hashCode(ctx, input.purpose, code)}, 0,
              ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${windowStart.toISOString()}::timestamptz, ${sends})
      ON CONFLICT (customer_id, purpose) DO UPDATE SET
        target = EXCLUDED.target, code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at,
        sent_at = EXCLUDED.sent_at, send_window_started_at = EXCLUDED.send_window_started_at,
        sends_in_window = EXCLUDED.sends_in_window`);
    return { issued: true, code } as const;
  });
}

export type CheckResult = "ok" | "wrong" | "expired" | "exhausted" | "missing";

/**
 * Checks a code against the customer's live one. A wrong code uses up one of the five attempts (the
 * count is committed even though the caller then refuses); the right one is consumed.
 */
export async function checkCode(
  ctx: Ctx,
  input: { customerId: string; purpose: CodePurpose; code: string; target?: string },
): Promise<CheckResult> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await queryRows<CodeRow>(
      tx,
      sql`SELECT * FROM one_time_codes WHERE customer_id = ${input.customerId} AND purpose = ${input.purpose} FOR UPDATE`,
    );
    if (!row || (input.target !== undefined && row.target !== input.target)) return "missing";
    if (row.attempts >= CODE_MAX_ATTEMPTS) return "exhausted";
    if (time(row.expires_at) <= now.getTime()) return "expired";
    const expected = Buffer.from(row.code_hash);
    const actual = Buffer.from(hashCode(ctx, input.purpose, input.code));
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
      await tx.execute(
        sql`DELETE FROM one_time_codes WHERE customer_id = ${input.customerId} AND purpose = ${input.purpose}`,
      );
      return "ok";
    }
    await tx.execute(
      sql`UPDATE one_time_codes SET attempts = attempts + 1 WHERE customer_id = ${input.customerId} AND purpose = ${input.purpose}`,
    );
    return row.attempts + 1 >= CODE_MAX_ATTEMPTS ? "exhausted" : "wrong";
  });
}

/**
 * A reset code given without its email: the one live, unexhausted reset code with this hash names
 * the account. Consumed when found. Wrong guesses cannot be pinned to an account, so the caller
 * limits them per IP and shop-wide.
 */
export async function consumeResetCodeAlone(ctx: Ctx, code: string): Promise<string | undefined> {
  const now = ctx.now().toISOString();
  const rows = await queryRows<{ customer_id: string }>(
    ctx.db,
    sql`DELETE FROM one_time_codes WHERE purpose = 'reset_password' AND code_hash = ${hashCode(ctx, "reset_password", code)}
          AND expires_at > ${now}::timestamptz AND attempts < ${CODE_MAX_ATTEMPTS}
        RETURNING customer_id`,
  );
  return rows.length === 1 ? rows[0]!.customer_id : undefined;
}

/**
 * Issues a code (unless re-sending is throttled) and hands it to `deliver` (mail or SMS). When
 * delivery fails the code is withdrawn, so the customer's next request sends a new one at once
 * instead of waiting out the throttle for a code nobody got.
 */
export async function sendCode(
  ctx: Ctx,
  input: { customerId: string; purpose: CodePurpose; target: string },
  deliver: (code: string) => Promise<void>,
): Promise<IssueResult> {
  const issued = await issueCode(ctx, input);
  if (!issued.issued) return issued;
  try {
    await deliver(issued.code);
  } catch (error) {
    await ctx.db.execute(
      sql`DELETE FROM one_time_codes WHERE customer_id = ${input.customerId} AND purpose = ${input.purpose}
            AND code_hash = ${hashCode(ctx, input.purpose, issued.code)}`,
    );
    throw error;
  }
  return issued;
}
