/**
 * The spec's identity provider, server side: it vouches for a phone number with an ID token that
 * the page obtained after the customer typed the SMS code. Built in (our own signed token) or
 * Firebase (firebase-admin checks Google's token).
 */
export interface PhoneIdTokenVerifier {
  readonly provider: "builtin" | "firebase";
  /** The verified number in E.164 form, or a PhoneVerificationError. */
  verifyIdToken(idToken: string, customerId: string): Promise<{ phoneNumber: string }>;
}

/** A failure the page explains with the spec's message for `code` (docs/storefront/accounts.md#phone-errors). */
export class PhoneVerificationError extends Error {
  override readonly name = "PhoneVerificationError";
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
