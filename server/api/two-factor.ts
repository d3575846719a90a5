import { messageResponse, tokenResponse } from "#contract/accounts.ts";
import {
  confirmTwoFactorBody,
  reauthenticateBody,
  recoveryCodesResponse,
  startTwoFactorBody,
  twoFactorEnrolmentResponse,
  twoFactorLogInBody,
  twoFactorStatusResponse,
} from "#contract/admin-two-factor.ts";
import {
  confirmTwoFactor,
  disableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactor,
} from "#core/staff/two-factor.ts";
import { completeTwoFactorLogIn } from "#core/staff/two-factor-log-in.ts";
import { setSessionCookie } from "./accounts.ts";
import { defineOperation } from "./operation.ts";

// Staff two-step verification (docs/back-office/two-factor.md#api): the log-in's second step, and a
// staff member's own settings under /staff/me/two-factor (any staff role; each acts on their own
// account only).

const CODE_FAILS = "`code` is not the app's code now, was used already, or is not an unused recovery code.";

export const twoFactorOperations = [
  defineOperation(
    {
      method: "post",
      path: "/auth/login/two-factor",
      summary: "Finish a log-in with two-step verification",
      description:
        "The `challenge` of POST /auth/login's 401 `two-factor-required` (good for 5 minutes) and the app's 6-digit code or an unused recovery code, which is then spent. Each app code is good once.",
      access: "visitor",
      body: twoFactorLogInBody,
      ok: {
        status: "200",
        description: "The session token (also set as the JWTToken cookie).",
        schema: tokenResponse,
      },
      fails: {
        "400": CODE_FAILS,
        "401": "The challenge has expired, is not valid, or the account changed since (log in again).",
        "429": "Too many codes tried for this account (15 minutes).",
      },
    },
    async (c, { body }, deps) => {
      const result = await completeTwoFactorLogIn(deps.ctx, body.challenge, body.code);
      setSessionCookie(c, result.token, deps, result.deviceToken);
      return c.json({ status: "Success", message: "You are logged in.", token: result.token });
    },
  ),
  defineOperation(
    {
      method: "get",
      path: "/staff/me/two-factor",
      summary: "Your two-step verification",
      access: "manager",
      ok: {
        status: "200",
        description: "Whether it is on, since when, and how many recovery codes are left.",
        schema: twoFactorStatusResponse,
      },
    },
    async (c, _input, { ctx }) => c.json({ data: await getTwoFactorStatus(ctx, c.get("staff")) }),
  ),
  defineOperation(
    {
      method: "post",
      path: "/staff/me/two-factor",
      summary: "Start setting up two-step verification",
      description:
        "Makes a new key for an authenticator app (it replaces one still waiting for its first code) and answers it as base32 and as an `otpauth://` URI for a QR code. Nothing changes at log-in until POST /staff/me/two-factor/confirm.",
      access: "manager",
      body: startTwoFactorBody,
      ok: { status: "201", description: "The key, shown this once.", schema: twoFactorEnrolmentResponse },
      fails: { "400": "Or the password is not right.", "409": "Two-step verification is already on." },
    },
    async (c, { body }, { ctx }) => c.json({ data: await startTwoFactor(ctx, c.get("staff"), body) }, 201),
  ),
  defineOperation(
    {
      method: "post",
      path: "/staff/me/two-factor/confirm",
      summary: "Turn two-step verification on",
      description:
        "A code from the app proves it holds the key; the answer carries the ten recovery codes, shown this once.",
      access: "manager",
      body: confirmTwoFactorBody,
      ok: { status: "200", description: "On; the recovery codes.", schema: recoveryCodesResponse },
      fails: {
        "400": "Or the code is not the app's code now, or was used already.",
        "409": "Already on, or no key is waiting (start first).",
      },
    },
    async (c, { body }, { ctx }) => c.json({ data: await confirmTwoFactor(ctx, c.get("staff"), body) }),
  ),
  defineOperation(
    {
      method: "post",
      path: "/staff/me/two-factor/disable",
      summary: "Turn two-step verification off",
      description:
        "With the current `password`, or a `code` (the app's or a recovery code). The key and the recovery codes are deleted.",
      access: "manager",
      body: reauthenticateBody,
      ok: { status: "200", description: "Off.", schema: messageResponse },
      fails: { "400": "Or the password or code is not right.", "409": "Two-step verification is not on." },
    },
    async (c, { body }, { ctx }) => {
      await disableTwoFactor(ctx, c.get("staff"), body);
      return c.json({ status: "Success", message: "Two-step verification is off." });
    },
  ),
  defineOperation(
    {
      method: "post",
      path: "/staff/me/two-factor/recovery-codes",
      summary: "New recovery codes",
      description:
        "With the current `password`, or a `code`. Ten new codes replace the old ones, used or not; shown this once.",
      access: "manager",
      body: reauthenticateBody,
      ok: { status: "201", description: "The new recovery codes.", schema: recoveryCodesResponse },
      fails: { "400": "Or the password or code is not right.", "409": "Two-step verification is not on." },
    },
    async (c, { body }, { ctx }) =>
      c.json({ data: await regenerateRecoveryCodes(ctx, c.get("staff"), body) }, 201),
  ),
];
