import { z } from "zod";
import { ID_PATTERN } from "./query.ts";

// The spec's forms and their messages (docs/storefront/accounts.md#validation), word for word. The same schemas validate the
// API's bodies, the route actions and the forms in the browser.

export const FIRST_NAME_MIN = 3;
export const FIRST_NAME_MAX = 16;
export const LAST_NAME_MIN = 2;
export const LAST_NAME_MAX = 16;
export const PASSWORD_MIN = 8;
/** Not in the spec: a ceiling so that hashing a megabyte of "password" cannot tie up the server. */
export const PASSWORD_MAX = 128;
export const CODE_LENGTH = 6;
/** docs/storefront/accounts.md#add-phone-number: the phone input starts on Morocco (+212). */
export const DEFAULT_PHONE_COUNTRY = "MA";

/** Required text: absent, not a string or blank all read as "required". */
export function requiredText(required: string) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v : v === undefined || v === null ? "" : v),
    z.string({ message: required }).min(1, { message: required }),
  );
}

/** Typed text, trimmed; absent or null reads as "" so that the schema's "required" message answers. */
export function trimmedText<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v === undefined || v === null ? "" : v),
    schema,
  );
}

function email(required: string, invalid: string) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v === undefined || v === null ? "" : v),
    z
      .string({ message: required })
      .min(1, { message: required })
      .max(254, { message: invalid })
      .pipe(z.email({ message: invalid })),
  );
}

function name(label: "First name" | "Last name", min: number, max: number) {
  return trimmedText(
    z
      .string({ message: `${label} is required.` })
      .min(1, { message: `${label} is required.` })
      .min(min, { message: `${label} should be at least ${min} characters.` })
      .max(max, { message: `${label} should be at most ${max} characters.` }),
  );
}

function code(required: string, length: string) {
  return requiredText(required).pipe(
    z.string().regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), { message: length }),
  );
}

const tooLong = `Password should be at most ${PASSWORD_MAX} characters.`;

/** A recovery code: ten letters and digits, shown as `abcde-23456` (core/staff/recovery-codes.ts). */
export const RECOVERY_CODE_LENGTH = 10;
export const AUTHENTICATION_CODE_REQUIRED = "Authentication code is required.";
export const AUTHENTICATION_CODE_FORMAT = "Enter the 6-digit code from your app, or a recovery code.";

/** How a typed code is compared: case, spaces and dashes do not matter. */
export const normalizeAuthenticationCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
const AUTHENTICATION_CODE = new RegExp(`^(\\d{${CODE_LENGTH}}|[0-9a-z]{${RECOVERY_CODE_LENGTH}})$`);

/**
 * The second step of a staff log-in (docs/back-office/two-factor.md): the app's 6-digit code, or one
 * of the account's recovery codes.
 */
export const authenticationCode = requiredText(AUTHENTICATION_CODE_REQUIRED).pipe(
  z
    .string()
    .max(32, { message: AUTHENTICATION_CODE_FORMAT })
    .refine((v) => AUTHENTICATION_CODE.test(normalizeAuthenticationCode(v)), {
      message: AUTHENTICATION_CODE_FORMAT,
    }),
);

export const loginBody = z.object({
  email: email("Email is required.", "Please enter a valid email."),
  password: requiredText("Password is required.").pipe(z.string().max(PASSWORD_MAX, { message: tooLong })),
  /**
   * Not in the spec's payload: a staff account with two-step verification on may send its code in
   * the same call; without it the answer is a 401 with `code: "two-factor-required"` and a challenge.
   */
  totpCode: authenticationCode.optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** A password being chosen, with sign-up's rules and messages (also the staff set-password page). */
export const newPassword = requiredText("Password is required.").pipe(
  z
    .string()
    .min(PASSWORD_MIN, { message: `Password should be at least ${PASSWORD_MIN} characters.` })
    .max(PASSWORD_MAX, { message: tooLong }),
);

export const signupBody = z
  .object({
    firstName: name("First name", FIRST_NAME_MIN, FIRST_NAME_MAX),
    lastName: name("Last name", LAST_NAME_MIN, LAST_NAME_MAX),
    email: email("Email is required.", "Please enter a valid email."),
    password: newPassword,
    confirmPassword: requiredText("Please confirm your password."),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords must match.",
  });
export type SignupBody = z.infer<typeof signupBody>;

export const forgotPasswordBody = z.object({
  email: email("Email is required.", "Please provide a valid email address."),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const resetPasswordBody = z
  .object({
    passwordResetCode: code(
      "Password reset code is required.",
      "Password reset code must be exactly 6 digits.",
    ),
    newPassword: requiredText("New password is required.").pipe(
      z
        .string()
        .min(PASSWORD_MIN, { message: `New password must be at least ${PASSWORD_MIN} characters.` })
        .max(PASSWORD_MAX, { message: `New password must be at most ${PASSWORD_MAX} characters.` }),
    ),
    confirmNewPassword: requiredText("Confirm password is required."),
    /**
     * Not in the spec's payload: the storefront sends the address of step 1 so that wrong codes
     * count against that account's code (5 attempts). Clients that omit it are limited per IP.
     */
    email: email("Email is required.", "Please provide a valid email address.").optional(),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    path: ["confirmNewPassword"],
    message: "Passwords must match.",
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const verifyEmailBody = z.object({
  emailVerificationCode: code(
    "Verification code is required.",
    "Verification code must be exactly 6 digits.",
  ),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

/** The number as the phone input gives it, in international form (`+212612345678`). */
export const phoneNumberField = requiredText("Phone number is required.").pipe(
  z.string().max(32, { message: "The phone number is invalid or incorrectly formatted." }),
);

export const sendPhoneCodeBody = z.object({ phoneNumber: phoneNumberField });
export type SendPhoneCodeBody = z.infer<typeof sendPhoneCodeBody>;

export const confirmPhoneCodeBody = z.object({
  verificationId: requiredText("Invalid verification ID. Please restart the verification process.").pipe(
    z.string().max(2048),
  ),
  code: code("Verification Code is required.", "Verification code must be exactly 6 digits."),
});
export type ConfirmPhoneCodeBody = z.infer<typeof confirmPhoneCodeBody>;

export const addPhoneNumberBody = z.object({
  idToken: requiredText("idToken is required.").pipe(
    z.string().max(8192, { message: "idToken is too long." }),
  ),
});
export type AddPhoneNumberBody = z.infer<typeof addPhoneNumberBody>;

function place(label: "Country" | "State" | "City") {
  return trimmedText(
    z
      .string({ message: `${label} is required.` })
      .min(1, { message: `${label} is required.` })
      .min(2, { message: `${label} name must be at least 2 characters.` })
      .max(50, { message: `${label} name cannot exceed 50 characters.` }),
  );
}

/** DELETE /customer/phone-numbers/:id and /customer/addresses/:id. */
export const customerItemParams = z.object({
  id: z.string().regex(ID_PATTERN, { message: "id must be a 24-character id" }),
});

/** A postal address: the checkout form's fields and rules (docs/storefront/cart.md#validation). */
export const addressBody = z.object({
  country: place("Country"),
  state: place("State"),
  city: place("City"),
  street: trimmedText(
    z
      .string({ message: "Street address is required." })
      .min(1, { message: "Street address is required." })
      .min(5, { message: "Street address must be at least 5 characters." })
      .max(100, { message: "Street address cannot exceed 100 characters." }),
  ),
  postalCode: trimmedText(
    z
      .string({ message: "Postal code is required." })
      .min(1, { message: "Postal code is required." })
      .regex(/^\d{4,10}$/, { message: "Postal code must be between 4 and 10 digits." }),
  ),
});
export type AddressBody = z.infer<typeof addressBody>;

/** The identity error codes of docs/storefront/accounts.md#phone-errors and the message the page shows for each. */
export const PHONE_ERROR_MESSAGES = {
  "invalid-verification-code": "The code you entered is incorrect. Please try again.",
  "missing-verification-code": "You must enter a verification code.",
  "code-expired": "The code has expired. Please request a new one.",
  "user-disabled": "This user account has been disabled. Please contact support.",
  "invalid-phone-number": "The phone number is invalid or incorrectly formatted.",
  "too-many-requests": "Too many attempts. Please wait and try again later.",
  "network-request-failed": "Network error. Please check your internet connection.",
  "session-expired": "Your session has expired. Please start again.",
  "internal-error": "An internal error occurred. Please try again.",
  "invalid-verification-id": "Invalid verification ID. Please restart the verification process.",
  "quota-exceeded": "SMS quota exceeded. Try again later.",
  "app-not-authorized": "App not authorized. Check Firebase configuration.",
  "missing-phone-number": "Phone number is required.",
} as const;
export type PhoneErrorCode = keyof typeof PHONE_ERROR_MESSAGES;
export const UNKNOWN_PHONE_ERROR = "An unexpected error occurred. Please try again.";

/** `auth/code-expired` (Firebase) or `code-expired` (ours) → the spec's message. */
export function phoneErrorMessage(code: string | undefined): string {
  const key = (code ?? "").replace(/^auth\//, "");
  return Object.hasOwn(PHONE_ERROR_MESSAGES, key)
    ? PHONE_ERROR_MESSAGES[key as PhoneErrorCode]
    : UNKNOWN_PHONE_ERROR;
}

export const PHONE_ALREADY_SAVED = "This phone number already exists in your account.";
export const PHONE_ADD_FAILED = "An error occurred while adding the phone number. Please try again.";
export const EMAIL_NOT_VERIFIED = "Your email is not verified. Please verify your email address to continue.";
export const WRONG_CREDENTIALS = "Incorrect email or password.";

/** The form fallbacks when the server gives no message (docs/storefront/README.md#forms). */
export const AUTH_FORM_FALLBACK = "Something went wrong. Please try again.";
export const RESET_FORM_FALLBACK = "Something went wrong, please try again.";

/** The first message per field of a failed parse: what a form shows under each touched field. */
export function messagesByField(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (!(field in messages)) messages[field] = issue.message;
  }
  return messages;
}

// Response shapes: the OpenAPI document is built from them, and the API tests check every answer
// against them. (`status` is "Success" on every change, as docs/storefront/api.md#shapes reads it.)

const success = z.object({ status: z.literal("Success"), message: z.string() });

export const messageResponse = success;

/** Log-in, sign-up and reset: the session token, also set as the `JWTToken` cookie (90 days). */
export const tokenResponse = success.extend({ token: z.string() });

/** Both verify-email calls: `Verified` means done (docs/storefront/accounts.md#email-verification); `Success` means a code was sent. */
export const verificationStatusResponse = z.object({
  status: z.enum(["Verified", "Success"]),
  message: z.string(),
});

export const phoneNumberEntry = z.object({ _id: z.string(), phoneNumber: z.string() });
export const addressEntry = z.object({
  _id: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  street: z.string(),
  postalCode: z.string(),
});

export const customerProfile = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  profileImage: z.string().nullable(),
  phoneNumbers: z.array(phoneNumberEntry),
  addressesList: z.array(addressEntry),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export const profileResponse = z.object({ data: customerProfile });
export type CustomerProfile = z.infer<typeof customerProfile>;
export type PhoneNumberEntry = z.infer<typeof phoneNumberEntry>;
export type AddressEntry = z.infer<typeof addressEntry>;
export type VerificationStatus = z.infer<typeof verificationStatusResponse>;

export const phoneCodeSentResponse = success.extend({ verificationId: z.string(), phoneNumber: z.string() });
export const phoneCodeConfirmedResponse = success.extend({ idToken: z.string(), phoneNumber: z.string() });

export const phoneNumberListResponse = z.object({
  results: z.number().int(),
  data: z.array(phoneNumberEntry),
});
export const phoneNumbersChangedResponse = success.extend({ data: z.array(phoneNumberEntry) });

export const addressListResponse = z.object({ results: z.number().int(), data: z.array(addressEntry) });
export const addressSavedResponse = success.extend({ address: addressEntry, data: z.array(addressEntry) });
export const addressesChangedResponse = success.extend({ data: z.array(addressEntry) });

/** Every error: `errors` names the fields of a bad body; `code` is the identity error code of docs/storefront/accounts.md#phone-errors. */
export const accountErrorResponse = z.object({
  status: z.enum(["fail", "error"]),
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
