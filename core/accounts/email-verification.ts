import { sql } from "drizzle-orm";
import type { VerificationStatus } from "#contract/accounts.ts";
import { queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { invalidField, rateLimited, unauthenticated } from "../errors.ts";
import { type CheckResult, CODE_TTL_MINUTES, checkCode, sendCode } from "./codes.ts";
import { INVALID_SESSION } from "./customers.ts";
import { AUTH_LIMITS, enforceLimit } from "./limits.ts";
import { verificationMail } from "./mail.ts";
import { mailSender } from "./mail-sender.ts";

export const ALREADY_VERIFIED = "Your email is already verified.";
export const EMAIL_VERIFIED = "Your email has been verified.";

async function readCustomer(ctx: CoreContext, customerId: string) {
  const [row] = await queryRows<{ email: string; first_name: string; email_verified_at: unknown }>(
    ctx.db,
    sql`SELECT email, first_name, email_verified_at FROM customers WHERE id = ${customerId}`,
  );
  if (!row) throw unauthenticated(INVALID_SESSION);
  return row;
}

/**
 * Sends the customer an email verification code, or says the email is verified already (the API's
 * GET /customer/verify-email and the verification page call it). Asking twice within a minute does
 * not send a second mail; the first code stays good.
 */
export async function requestEmailVerification(
  ctx: CoreContext,
  customerId: string,
): Promise<VerificationStatus> {
  const customer = await readCustomer(ctx, customerId);
  if (customer.email_verified_at) return { status: "Verified", message: ALREADY_VERIFIED };
  const sent = await sendCode(
    ctx,
    { customerId, purpose: "verify_email", target: customer.email },
    async (code) =>
      ctx.accounts.mailer.send(
        verificationMail(customer.email, customer.first_name, await mailSender(ctx), code),
      ),
  );
  if (!sent.issued && sent.reason === "hourly_limit") {
    throw rateLimited("Too many verification codes requested. Please try again in an hour.");
  }
  return {
    status: "Success",
    message: `A verification code has been sent to ${customer.email}. It expires in ${CODE_TTL_MINUTES} minutes.`,
  };
}

/** Checks an email verification code: the right code marks the email verified. */
export async function verifyEmail(
  ctx: CoreContext,
  customerId: string,
  code: string,
): Promise<VerificationStatus> {
  const customer = await readCustomer(ctx, customerId);
  if (customer.email_verified_at) return { status: "Verified", message: ALREADY_VERIFIED };
  await enforceLimit(ctx, AUTH_LIMITS.codeChecksPerAccount, customerId);
  const result = await checkCode(ctx, { customerId, purpose: "verify_email", code, target: customer.email });
  if (result !== "ok") throw invalidField("emailVerificationCode", CODE_REFUSED[result]);
  await ctx.db.execute(
    sql`UPDATE customers SET email_verified_at = ${ctx.now().toISOString()}::timestamptz, updated_at = now() WHERE id = ${customerId}`,
  );
  return { status: "Verified", message: EMAIL_VERIFIED };
}

const CODE_REFUSED: Record<Exclude<CheckResult, "ok">, string> = {
  wrong: "The verification code is incorrect. Please try again.",
  expired: "The verification code has expired. Please request a new one.",
  exhausted: "Too many wrong attempts. Please request a new verification code.",
  missing: "There is no verification code for your account. Please request a new one.",
};
