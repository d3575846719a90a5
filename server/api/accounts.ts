import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { z } from "zod";
import {
  addPhoneNumberBody,
  addressBody,
  addressesChangedResponse,
  addressListResponse,
  addressSavedResponse,
  confirmPhoneCodeBody,
  customerItemParams,
  forgotPasswordBody,
  loginBody,
  messageResponse,
  PHONE_ADD_FAILED,
  PHONE_ALREADY_SAVED,
  phoneCodeConfirmedResponse,
  phoneCodeSentResponse,
  phoneNumberListResponse,
  phoneNumbersChangedResponse,
  profileResponse,
  resetPasswordBody,
  sendPhoneCodeBody,
  signupBody,
  tokenResponse,
  verificationStatusResponse,
  verifyEmailBody,
  WRONG_CREDENTIALS,
} from "#contract/accounts.ts";
import { TWO_FACTOR_REQUIRED, twoFactorRequiredResponse } from "#contract/admin-two-factor.ts";
import {
  CLEAR_SESSION_COOKIE,
  DEVICE_COOKIE,
  deviceCookie,
  isCrossSiteWrite,
  isSecureRequest,
  sessionCookie,
} from "#contract/session.ts";
import { addAddress, deleteAddress, listAddresses } from "#core/accounts/addresses.ts";
import { getProfile, signUp } from "#core/accounts/customers.ts";
import { requestEmailVerification, verifyEmail } from "#core/accounts/email-verification.ts";
import { requestPasswordReset, resetPassword } from "#core/accounts/password-reset.ts";
import { addPhoneNumber, deletePhoneNumber, listPhoneNumbers } from "#core/accounts/phone-numbers.ts";
import { confirmPhoneCode, sendPhoneCode } from "#core/accounts/phone-verification.ts";
import type { CoreContext } from "#core/context.ts";
import { logInWithCode } from "#core/staff/two-factor-log-in.ts";
import { clientIp } from "../middleware/rate-limit.ts";
import { type ApiDeps, defineOperation } from "./operation.ts";

/**
 * Log-in, sign-up and reset also set the session cookie (docs/storefront/accounts.md#session), so a browser client is signed in
 * too; but not for a form posted from another site's page, which could otherwise sign the visitor
 * in to the attacker's account (login CSRF). That page cannot read the token in the body.
 */
export function setSessionCookie(c: Context, token: string, options: ApiDeps, deviceToken?: string) {
  if (isCrossSiteWrite(c.req.raw, options.allowedOrigins)) return;
  const secure = isSecureRequest(c.req.url, options.publicUrl);
  c.header("Set-Cookie", sessionCookie(token, secure), { append: true });
  // A log-in also marks this browser as one the account uses (docs/decisions/024-log-in-limits.md).
  if (deviceToken) c.header("Set-Cookie", deviceCookie(deviceToken, secure), { append: true });
}

export const meta = (c: Context, deps: ApiDeps) => ({ ip: clientIp(c, deps.proxyHops) });
const id = (c: Context) => c.get("session").customerId;

/** GET of one of the customer's lists (phone numbers, addresses), oldest first. */
function ownListOperation(
  path: string,
  summary: string,
  schema: z.ZodType,
  list: (ctx: CoreContext, customerId: string) => Promise<unknown[]>,
) {
  return defineOperation(
    {
      method: "get",
      path,
      summary,
      access: "customer",
      ok: { status: "200", description: "Oldest first.", schema },
    },
    async (c, _input, { ctx }) => {
      const data = await list(ctx, id(c));
      return c.json({ results: data.length, data });
    },
  );
}

/** DELETE of one of the customer's entries by its id; another customer's id is not found. */
function removeOwnOperation(
  path: string,
  remove: (ctx: CoreContext, customerId: string, entryId: string) => Promise<unknown>,
  doc: { summary: string; okDescription: string; schema: z.ZodType; notFound: string },
) {
  return defineOperation(
    {
      method: "delete",
      path,
      summary: doc.summary,
      access: "customer",
      params: customerItemParams,
      ok: { status: "200", description: doc.okDescription, schema: doc.schema },
      fails: { "400": "The id is not 24 hex characters.", "404": doc.notFound },
    },
    async (c, { params }, { ctx }) => c.json(await remove(ctx, id(c), params.id)),
  );
}

/** POST /auth/signup, /auth/login, /auth/forgotPassword, /auth/logout; PUT /auth/passwordResetCode (docs/storefront/api.md#calls). */
export const authOperations = [
  defineOperation(
    {
      method: "post",
      path: "/auth/signup",
      summary: "Create an account",
      description:
        "Mails a 6-digit email verification code (10 minutes, 5 attempts) and logs the new customer in.",
      access: "visitor",
      body: signupBody,
      ok: {
        status: "201",
        description: "Created; the session token (also set as the JWTToken cookie).",
        schema: tokenResponse,
      },
      fails: { "409": "An account with this email already exists." },
    },
    async (c, { body }, deps) => {
      const { token } = await signUp(deps.ctx, body, meta(c, deps));
      setSessionCookie(c, token, deps);
      return c.json(
        {
          status: "Success",
          message: "Your account has been created. Check your email for a verification code.",
          token,
        },
        201,
      );
    },
  ),
  defineOperation(
    {
      method: "post",
      path: "/auth/login",
      summary: "Log in with email and password",
      description:
        "A staff account with two-step verification on also needs its code: `totpCode` (the app's 6 digits or a recovery code) in the same call, or POST /auth/login/two-factor with the `challenge` of the 401 `two-factor-required` (docs/back-office/two-factor.md#api).",
      access: "visitor",
      body: loginBody,
      ok: {
        status: "200",
        description: "The session token (also set as the JWTToken cookie).",
        schema: tokenResponse,
      },
      fails: {
        "400": "Or `totpCode` is not the account's code now, or was used already.",
        "401": `\`${WRONG_CREDENTIALS}\` for a wrong password and an unknown email alike; or \`code: "two-factor-required"\` with a \`challenge\` (5 minutes) when the account has two-step verification and no \`totpCode\` came.`,
        "429": "Too many attempts from this address or for this account (15 minutes).",
      },
      errorBody: twoFactorRequiredResponse,
    },
    async (c, { body }, deps) => {
      const deviceToken = getCookie(c, DEVICE_COOKIE);
      const result = await logInWithCode(deps.ctx, body, { ...meta(c, deps), deviceToken });
      if ("twoFactorChallenge" in result) {
        return c.json(
          {
            status: "fail",
            message: TWO_FACTOR_REQUIRED,
            code: "two-factor-required",
            challenge: result.twoFactorChallenge,
          },
          401,
        );
      }
      setSessionCookie(c, result.token, deps, result.deviceToken);
      return c.json({ status: "Success", message: "You are logged in.", token: result.token });
    },
  ),
  defineOperation(
    {
      method: "post",
      path: "/auth/forgotPassword",
      summary: "Mail a password reset code",
      description:
        "The answer is the same whether or not the email has an account. At most one code a minute and five an hour are mailed; throttled requests are answered the same way.",
      access: "visitor",
      body: forgotPasswordBody,
      ok: {
        status: "200",
        description: "The code is on its way if the account exists.",
        schema: messageResponse,
      },
    },
    async (c, { body }, deps) => c.json(await requestPasswordReset(deps.ctx, body.email, meta(c, deps))),
  ),
  defineOperation(
    {
      method: "put",
      path: "/auth/passwordResetCode",
      summary: "Set a new password with the reset code",
      description:
        "Ends every older session, marks the email verified and logs the customer in. `email` is optional: with it, wrong codes count against that account's code (5 attempts).",
      access: "visitor",
      body: resetPasswordBody,
      ok: {
        status: "200",
        description: "The new session token (also set as the JWTToken cookie).",
        schema: tokenResponse,
      },
      fails: { "400": "Or the code is wrong, expired, used up or already used." },
    },
    async (c, { body }, deps) => {
      const result = await resetPassword(deps.ctx, body, meta(c, deps));
      setSessionCookie(c, result.token, deps);
      return c.json(result);
    },
  ),
  defineOperation(
    {
      method: "post",
      path: "/auth/logout",
      summary: "Log out (clear the JWTToken cookie)",
      access: "visitor",
      ok: { status: "200", description: "The cookie is cleared.", schema: messageResponse },
    },
    (c) => {
      c.header("Set-Cookie", CLEAR_SESSION_COOKIE, { append: true });
      return c.json({ status: "Success", message: "You are logged out." });
    },
  ),
];

/**
 * GET /customer, verify-email, phone numbers and their verification, addresses (docs/storefront/api.md#calls).
 * Verifying the email, and verifying and saving a phone number, work before the email is verified.
 */
export const customerOperations = [
  defineOperation(
    {
      method: "get",
      path: "/customer",
      summary: "The customer's profile with phone numbers and addresses",
      access: "customer",
      ok: { status: "200", description: "The profile.", schema: profileResponse },
    },
    async (c, _input, { ctx }) => c.json({ data: await getProfile(ctx, id(c)) }),
  ),
  defineOperation(
    {
      method: "get",
      path: "/customer/verify-email",
      summary: "Mail an email verification code",
      description:
        "`Verified` when the email is verified already. Asking again within a minute mails nothing new; the first code stays good.",
      access: "verifying",
      ok: {
        status: "200",
        description: "A code was sent, or the email is verified.",
        schema: verificationStatusResponse,
      },
      fails: { "429": "Five codes this hour already." },
    },
    async (c, _input, { ctx }) => c.json(await requestEmailVerification(ctx, id(c))),
  ),
  defineOperation(
    {
      method: "post",
      path: "/customer/verify-email",
      summary: "Verify the email with the code",
      access: "verifying",
      body: verifyEmailBody,
      ok: { status: "200", description: "`Verified`.", schema: verificationStatusResponse },
      fails: {
        "400": "Or the code is wrong, expired or used up (5 attempts).",
        "429": "Too many code checks for this account (15 minutes).",
      },
    },
    async (c, { body }, { ctx }) => c.json(await verifyEmail(ctx, id(c), body.emailVerificationCode)),
  ),
  defineOperation(
    {
      method: "post",
      path: "/customer/phone-verification/send-code",
      summary: "Text a verification code to a phone number (built-in identity provider)",
      description:
        "Failures carry the identity error `code` of docs/storefront/accounts.md#phone-errors (`invalid-phone-number`, `too-many-requests`, ...).",
      access: "verifying",
      body: sendPhoneCodeBody,
      ok: {
        status: "200",
        description: "The code was texted; `verificationId` names this attempt.",
        schema: phoneCodeSentResponse,
      },
      fails: {
        "400": "Or `code: invalid-phone-number` / `missing-phone-number`.",
        "429": "`code: too-many-requests`.",
      },
    },
    async (c, { body }, { ctx }) => c.json(await sendPhoneCode(ctx, id(c), body.phoneNumber)),
  ),
  defineOperation(
    {
      method: "post",
      path: "/customer/phone-verification/confirm-code",
      summary: "Confirm the texted code; returns the ID token that saves the number",
      access: "verifying",
      body: confirmPhoneCodeBody,
      ok: {
        status: "200",
        description: "The ID token for POST /customer/phone-numbers (10 minutes).",
        schema: phoneCodeConfirmedResponse,
      },
      fails: {
        "400": "Or `code`: `invalid-verification-code`, `code-expired` or `invalid-verification-id`.",
        "429": "`code: too-many-requests`: the code is used up or the account made too many checks.",
      },
    },
    async (c, { body }, { ctx }) => c.json(await confirmPhoneCode(ctx, id(c), body)),
  ),
  ownListOperation(
    "/customer/phone-numbers",
    "The customer's phone numbers",
    phoneNumberListResponse,
    listPhoneNumbers,
  ),
  defineOperation(
    {
      method: "post",
      path: "/customer/phone-numbers",
      summary: "Save the phone number an ID token vouches for",
      description:
        "The ID token comes from the identity provider (built in, or Firebase) after the code was confirmed.",
      access: "verifying",
      body: addPhoneNumberBody,
      ok: {
        status: "201",
        description: "Saved; all the customer's numbers.",
        schema: phoneNumbersChangedResponse,
      },
      fails: {
        "400": `Or \`${PHONE_ADD_FAILED}\` for an invalid, expired or foreign ID token (with its \`code\`), or ten numbers saved already.`,
        "409": `\`${PHONE_ALREADY_SAVED}\``,
      },
    },
    async (c, { body }, { ctx }) => c.json(await addPhoneNumber(ctx, id(c), body.idToken), 201),
  ),
  removeOwnOperation("/customer/phone-numbers/{id}", deletePhoneNumber, {
    summary: "Remove a phone number",
    okDescription: "Removed; the numbers left.",
    schema: phoneNumbersChangedResponse,
    notFound: "No such number among the customer's (another customer's id answers the same).",
  }),
  ownListOperation(
    "/customer/addresses",
    "The customer's saved addresses",
    addressListResponse,
    listAddresses,
  ),
  defineOperation(
    {
      method: "post",
      path: "/customer/addresses",
      summary: "Save an address",
      description: "The same address again (ignoring case and spacing) is the one already saved.",
      access: "customer",
      body: addressBody,
      ok: {
        status: "201",
        description: "The saved address and all of them.",
        schema: addressSavedResponse,
      },
      fails: { "400": "Or ten addresses saved already." },
    },
    async (c, { body }, { ctx }) => c.json(await addAddress(ctx, id(c), body), 201),
  ),
  removeOwnOperation("/customer/addresses/{id}", deleteAddress, {
    summary: "Remove an address",
    okDescription: "Removed; the addresses left.",
    schema: addressesChangedResponse,
    notFound: "No such address among the customer's (another customer's id answers the same).",
  }),
];
