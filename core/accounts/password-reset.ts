import { sql } from "drizzle-orm";
import type { ResetPasswordBody } from "#contract/accounts.ts";
import { queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { invalidField } from "../errors.ts";
import { CODE_TTL_MINUTES, checkCode, consumeResetCodeAlone, sendCode } from "./codes.ts";
import { findCustomerByEmail, type RequestMeta } from "./customers.ts";
import { AUTH_LIMITS, enforceLimit } from "./limits.ts";
import { passwordResetMail } from "./mail.ts";
import { mailSender } from "./mail-sender.ts";
import { hashPassword } from "./passwords.ts";
import { createSessionToken } from "./tokens.ts";

export const RESET_CODE_SENT = `If an account exists for this email, a password reset code has been sent to it. The code expires in ${CODE_TTL_MINUTES} minutes.`;

/**
 * Sends a password reset code to an email's account. The answer is the same whether or not the email has an account, and
 * whether or not a code was sent just now (throttled re-sends are silent).
 */
export async function requestPasswordReset(ctx: CoreContext, email: string, meta: RequestMeta) {
  await enforceLimit(ctx, AUTH_LIMITS.forgotPasswordPerIp, meta.ip);
  const customer = await findCustomerByEmail(ctx, email);
  if (customer) {
    await sendCode(
      ctx,
      { customerId: customer.id, purpose: "reset_password", target: customer.email },
      async (code) =>
        ctx.accounts.mailer.send(
          passwordResetMail(customer.email, customer.first_name, await mailSender(ctx), code),
        ),
    );
  }
  return { status: "Success" as const, message: RESET_CODE_SENT };
}

const field = "passwordResetCode";
const WRONG = "The password reset code is incorrect or has expired.";

/**
 * Resets a password with a reset code: the right code sets the new password, ends every older session
 * (token version + 1), marks the email verified (the code proved it) and logs the customer in.
 */
export async function resetPassword(ctx: CoreContext, body: ResetPasswordBody, meta: RequestMeta) {
  await enforceLimit(ctx, AUTH_LIMITS.resetPasswordPerIp, meta.ip);
  let customerId: string | undefined;
  if (body.email) {
    const customer = await findCustomerByEmail(ctx, body.email);
    const result = customer
      ? await checkCode(ctx, {
          customerId: customer.id,
          purpose: "reset_password",
          code: body.passwordResetCode,
        })
      : "missing";
    if (result === "exhausted") {
      throw invalidField(field, "Too many wrong attempts. Please request a new password reset code.");
    }
    if (result === "expired") {
      throw invalidField(field, "The password reset code has expired. Please request a new one.");
    }
    if (result !== "ok") throw invalidField(field, WRONG);
    customerId = customer!.id;
  } else {
    await enforceLimit(ctx, AUTH_LIMITS.resetByCodeOnly, "shop");
    customerId = await consumeResetCodeAlone(ctx, body.passwordResetCode);
    if (!customerId) throw invalidField(field, WRONG);
  }
  const passwordHash = await hashPassword(body.newPassword);
  const now = ctx.now().toISOString();
  const [updated] = await queryRows<{ token_version: number; role: string }>(
    ctx.db,
    sql`UPDATE customers SET password_hash = ${passwordHash}, token_version = token_version + 1,
          email_verified_at = coalesce(email_verified_at, ${now}::timestamptz), updated_at = ${now}::timestamptz
        WHERE id = ${customerId} RETURNING token_version, role`,
  );
  if (!updated) throw invalidField(field, WRONG);
  const token = await createSessionToken(ctx, {
    id: customerId,
    tokenVersion: updated.token_version,
    role: updated.role,
  });
  return { status: "Success" as const, message: "Your password has been changed.", token };
}
