import { type App, cert, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import type { PhoneErrorCode } from "#contract/accounts.ts";
import { type PhoneIdTokenVerifier, PhoneVerificationError } from "#core/ports/phone-verification.ts";

export interface FirebaseOptions {
  projectId: string;
  /** The service account JSON; not needed against the Auth emulator or on Google Cloud (ADC). */
  serviceAccount?: string;
  /** `host:port` of the Firebase Auth emulator (or a stand-in for it in tests). */
  emulatorHost?: string;
}

/**
 * firebase-admin's error codes (firebase-admin/lib/utils/error.js) → the spec's identity codes
 * (docs/storefront/accounts.md#phone-errors), so the page explains a refusal as it would the built-in provider's. An expired or
 * revoked token, or a Firebase user deleted meanwhile, is fixed by verifying the number again.
 * Anything else (a forged, malformed or foreign token, Firebase unreachable) is `internal-error`.
 */
const SPEC_CODES: Record<string, PhoneErrorCode> = {
  "auth/id-token-expired": "session-expired",
  "auth/id-token-revoked": "session-expired",
  "auth/user-not-found": "session-expired",
  "auth/user-disabled": "user-disabled",
};

let apps = 0;

/**
 * Firebase phone auth, server side: the page signs in with the SMS code through the Firebase client
 * SDK and sends us the resulting ID token; firebase-admin checks its signature (Google's keys),
 * project (audience and issuer), expiry, and, with `checkRevoked`, asks the Auth service whether the
 * account was disabled or its tokens revoked since the sign-in.
 */
export function createFirebasePhoneVerifier(options: FirebaseOptions): PhoneIdTokenVerifier {
  // firebase-admin reads the emulator address only from the environment, both when getAuth builds its
  // request handler and on every verifyIdToken (which then accepts unsigned tokens).
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  // A name of our own per verifier: the default app may belong to someone else, and a second
  // initializeApp under one name throws.
  const app: App = initializeApp(
    {
      projectId: options.projectId,
      ...(options.serviceAccount ? { credential: cert(JSON.parse(options.serviceAccount)) } : {}),
    },
    `shop-phone-${++apps}`,
  );
  const auth = getAuth(app);
  return {
    provider: "firebase",
    async verifyIdToken(idToken) {
      let decoded: Awaited<ReturnType<typeof auth.verifyIdToken>>;
      try {
        decoded = await auth.verifyIdToken(idToken, true);
      } catch (error) {
        const firebaseCode = String((error as { code?: unknown }).code ?? "");
        throw new PhoneVerificationError(
          SPEC_CODES[firebaseCode] ?? "internal-error",
          `Firebase refused the ID token (${firebaseCode || "no code"}): ${(error as Error).message}`,
        );
      }
      if (typeof decoded.phone_number !== "string") {
        throw new PhoneVerificationError("missing-phone-number", "The ID token carries no phone number.");
      }
      return { phoneNumber: decoded.phone_number };
    },
  };
}
