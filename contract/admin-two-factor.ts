import { z } from "zod";
import {
  accountErrorResponse,
  authenticationCode,
  CODE_LENGTH,
  newPassword,
  PASSWORD_MAX,
  requiredText,
} from "./accounts.ts";

// Staff two-step verification and the set-password link (docs/back-office/two-factor.md): one schema
// per payload, for the API, the page actions and the forms in the browser.

export const RECOVERY_CODE_COUNT = 10;
export const TWO_FACTOR_REQUIRED = "Enter the code from your authenticator app to finish logging in.";
export const REAUTH_REQUIRED = "Enter your password or an authentication code.";

const currentPassword = requiredText("Password is required.").pipe(
  z.string().max(PASSWORD_MAX, { message: `Password should be at most ${PASSWORD_MAX} characters.` }),
);

/** A code from the app only (turning two-step verification on proves the app has the key). */
const appCode = requiredText(`Authentication code is required.`).pipe(
  z.string().regex(new RegExp(`^\\s*\\d{${CODE_LENGTH}}\\s*$`), {
    message: `Authentication code must be exactly ${CODE_LENGTH} digits.`,
  }),
);

/** The challenge a right password earned (five minutes), with the app's code or a recovery code. */
export const twoFactorLogInBody = z.object({
  challenge: requiredText("Your sign-in has expired. Please log in again.").pipe(z.string().max(2048)),
  code: authenticationCode,
});
export type TwoFactorLogInBody = z.infer<typeof twoFactorLogInBody>;

/** Starting over with a new key asks for the password: a borrowed session cannot lock its owner out. */
export const startTwoFactorBody = z.object({ password: currentPassword });
export type StartTwoFactorBody = z.infer<typeof startTwoFactorBody>;

export const confirmTwoFactorBody = z.object({ code: appCode });
export type ConfirmTwoFactorBody = z.infer<typeof confirmTwoFactorBody>;

/** Turning two-step verification off or replacing the recovery codes: the password, or a code. */
export const reauthenticateBody = z
  .object({
    password: currentPassword.optional(),
    code: authenticationCode.optional(),
  })
  .refine((v) => v.password !== undefined || v.code !== undefined, {
    path: ["password"],
    message: REAUTH_REQUIRED,
  });
export type ReauthenticateBody = z.infer<typeof reauthenticateBody>;

/** The set-password link's form: sign-up's password rules and messages. */
export const setPasswordBody = z
  .object({
    token: requiredText("This link is not valid.").pipe(z.string().max(2048)),
    password: newPassword,
    confirmPassword: requiredText("Please confirm your password."),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords must match.",
  });
export type SetPasswordBody = z.infer<typeof setPasswordBody>;

export const twoFactorStatus = z.object({
  email: z.string(),
  role: z.enum(["manager", "admin"]),
  /** On since this time (ISO 8601), or null when off. */
  enabledAt: z.string().nullable(),
  /** A key was made and waits for its first code. */
  pending: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;
export const twoFactorStatusResponse = z.object({ data: twoFactorStatus });

export const twoFactorEnrolment = z.object({
  /** The key in base32, for typing into an app by hand. */
  secret: z.string(),
  /** The `otpauth://totp/…` URI an app reads from a QR code. */
  otpauthUri: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolment>;
export const twoFactorEnrolmentResponse = z.object({ data: twoFactorEnrolment });

/** Shown once: only their HMACs are kept. */
export const recoveryCodesResponse = z.object({ data: z.object({ recoveryCodes: z.array(z.string()) }) });

/** POST /auth/login's 401 for an account with two-step verification when no code came along. */
export const twoFactorRequiredResponse = accountErrorResponse.extend({ challenge: z.string().optional() });
