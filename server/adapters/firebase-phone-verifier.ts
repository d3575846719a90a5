import { type App, cert, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { type PhoneIdTokenVerifier, PhoneVerificationError } from "#core/ports/phone-verification.ts";

export interface FirebaseOptions {
  projectId: string;
  /** The service account JSON; not needed against the Auth emulator. */
  serviceAccount?: string;
  /** `host:port` of the Firebase Auth emulator (or a stand-in for it in tests). */
  emulatorHost?: string;
}

let apps = 0;

/**
 * Firebase phone auth, server side: the page signs in with the SMS code through the Firebase client
 * SDK and sends us the resulting ID token; firebase-admin checks its signature, audience, expiry and
 * (through the Auth service) that the account was not disabled or its tokens revoked.
 */
export function createFirebasePhoneVerifier(options: FirebaseOptions): PhoneIdTokenVerifier {
  // firebase-admin reads the emulator address from the environment only.
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
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
        const code = String((error as { code?: string }).code ?? "auth/internal-error").replace(
          /^auth\//,
          "",
        );
        throw new PhoneVerificationError(code, (error as Error).message);
      }
      if (typeof decoded.phone_number !== "string") {
        throw new PhoneVerificationError("missing-phone-number", "The ID token carries no phone number.");
      }
      return { phoneNumber: decoded.phone_number };
    },
  };
}
