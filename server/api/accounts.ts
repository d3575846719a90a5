import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import {
  addPhoneNumberBody,
  addressBody,
  confirmPhoneCodeBody,
  customerItemParams,
  forgotPasswordBody,
  loginBody,
  resetPasswordBody,
  sendPhoneCodeBody,
  signupBody,
  verifyEmailBody,
} from "#contract/accounts.ts";
import {
  CLEAR_SESSION_COOKIE,
  DEVICE_COOKIE,
  deviceCookie,
  isCrossSiteWrite,
  isSecureRequest,
  sessionCookie,
} from "#contract/session.ts";
import { addAddress, deleteAddress, listAddresses } from "#core/accounts/addresses.ts";
import { getProfile, logIn, signUp } from "#core/accounts/customers.ts";
import { requestEmailVerification, verifyEmail } from "#core/accounts/email-verification.ts";
import { requestPasswordReset, resetPassword } from "#core/accounts/password-reset.ts";
import { addPhoneNumber, deletePhoneNumber, listPhoneNumbers } from "#core/accounts/phone-numbers.ts";
import { confirmPhoneCode, sendPhoneCode } from "#core/accounts/phone-verification.ts";
import type { CoreContext } from "#core/context.ts";
import { clientIp } from "../middleware/rate-limit.ts";
import { requireSession } from "../middleware/session.ts";
import { parseBody, parseParams } from "./validate.ts";

interface Options {
  proxyHops: number;
  /** Origins besides our own whose pages may write with the cookie (PUBLIC_URL, CORS_ORIGINS). */
  allowedOrigins: string[];
  publicUrl?: string;
}

/**
 * Log-in, sign-up and reset also set the session cookie (DESIGN), so a browser client is signed in
 * too; but not for a form posted from another site's page, which could otherwise sign the visitor
 * in to the attacker's account (login CSRF). That page cannot read the token in the body.
 */
function setSessionCookie(c: Context, token: string, options: Options, deviceToken?: string) {
  if (isCrossSiteWrite(c.req.raw, options.allowedOrigins)) return;
  const secure = isSecureRequest(c.req.url, options.publicUrl);
  c.header("Set-Cookie", sessionCookie(token, secure), { append: true });
  // A log-in also marks this browser as one the account uses (docs/decisions/024-log-in-limits.md).
  if (deviceToken) c.header("Set-Cookie", deviceCookie(deviceToken, secure), { append: true });
}

/** POST /auth/signup, /auth/login, /auth/forgotPassword, /auth/logout; PUT /auth/passwordResetCode (SPEC §7). */
export function authRoutes(ctx: CoreContext, options: Options) {
  const meta = (c: Context) => ({ ip: clientIp(c, options.proxyHops) });
  return new Hono()
    .post("/signup", async (c) => {
      const { token } = await signUp(ctx, await parseBody(c, signupBody), meta(c));
      setSessionCookie(c, token, options);
      return c.json(
        {
          status: "Success",
          message: "Your account has been created. Check your email for a verification code.",
          token,
        },
        201,
      );
    })
    .post("/login", async (c) => {
      const deviceToken = getCookie(c, DEVICE_COOKIE);
      const result = await logIn(ctx, await parseBody(c, loginBody), { ...meta(c), deviceToken });
      setSessionCookie(c, result.token, options, result.deviceToken);
      return c.json({ status: "Success", message: "You are logged in.", token: result.token });
    })
    .post("/forgotPassword", async (c) => {
      const { email } = await parseBody(c, forgotPasswordBody);
      return c.json(await requestPasswordReset(ctx, email, meta(c)));
    })
    .put("/passwordResetCode", async (c) => {
      const result = await resetPassword(ctx, await parseBody(c, resetPasswordBody), meta(c));
      setSessionCookie(c, result.token, options);
      return c.json(result);
    })
    .post("/logout", (c) => {
      c.header("Set-Cookie", CLEAR_SESSION_COOKIE, { append: true });
      return c.json({ status: "Success", message: "You are logged out." });
    });
}

/** GET /customer, verify-email, phone numbers and their verification, addresses (SPEC §7, DESIGN). */
export function customerRoutes(ctx: CoreContext, options: Options) {
  const verified = requireSession(ctx, { allowedOrigins: options.allowedOrigins });
  // Verifying the email, and verifying and saving a phone number, work before the email is verified.
  const verifying = requireSession(ctx, { allowedOrigins: options.allowedOrigins, allowUnverified: true });
  const id = (c: Context) => c.get("session").customerId;
  const idParam = (c: Context) => parseParams(c, customerItemParams).id;
  return new Hono()
    .get("/verify-email", verifying, async (c) => c.json(await requestEmailVerification(ctx, id(c))))
    .post("/verify-email", verifying, async (c) => {
      const { emailVerificationCode } = await parseBody(c, verifyEmailBody);
      return c.json(await verifyEmail(ctx, id(c), emailVerificationCode));
    })
    .post("/phone-verification/send-code", verifying, async (c) => {
      const { phoneNumber } = await parseBody(c, sendPhoneCodeBody);
      return c.json(await sendPhoneCode(ctx, id(c), phoneNumber));
    })
    .post("/phone-verification/confirm-code", verifying, async (c) => {
      return c.json(await confirmPhoneCode(ctx, id(c), await parseBody(c, confirmPhoneCodeBody)));
    })
    .post("/phone-numbers", verifying, async (c) => {
      const { idToken } = await parseBody(c, addPhoneNumberBody);
      return c.json(await addPhoneNumber(ctx, id(c), idToken), 201);
    })
    .get("/phone-numbers", verified, async (c) => {
      const data = await listPhoneNumbers(ctx, id(c));
      return c.json({ results: data.length, data });
    })
    .delete("/phone-numbers/:id", verified, async (c) =>
      c.json(await deletePhoneNumber(ctx, id(c), idParam(c))),
    )
    .get("/addresses", verified, async (c) => {
      const data = await listAddresses(ctx, id(c));
      return c.json({ results: data.length, data });
    })
    .post("/addresses", verified, async (c) =>
      c.json(await addAddress(ctx, id(c), await parseBody(c, addressBody)), 201),
    )
    .delete("/addresses/:id", verified, async (c) => c.json(await deleteAddress(ctx, id(c), idParam(c))))
    .get("/", verified, async (c) => c.json({ data: await getProfile(ctx, id(c)) }));
}
