import type { Auth, RecaptchaVerifier } from "@firebase/auth";
import type { FirebasePublicConfig } from "#contract/firebase.ts";

/**
 * The add-phone page's side of Firebase phone auth (SMS_PROVIDER=firebase): Firebase texts the code
 * and, once the customer types it, gives an ID token that the page sends to
 * POST /api/v1/customer/phone-numbers. The SDK is imported dynamically, so only this page downloads
 * it and only when the shop uses Firebase.
 */

export type { FirebasePublicConfig };

export interface FirebaseCodeSent {
  /** The ID token for the number, when `code` is the one Firebase texted. */
  confirm(code: string): Promise<string>;
}

/**
 * A failure as the page explains it: `code` is the spec's identity code, Firebase's without `auth/`
 * (`invalid-verification-code`, `code-expired`, ...), for `phoneErrorMessage` (contract/accounts.ts).
 */
export class FirebasePhoneError extends Error {
  override readonly name = "FirebasePhoneError";
  constructor(
    readonly code: string,
    cause?: unknown,
  ) {
    super(code, { cause });
  }
}

// Codes the SDK derives from a server error it has no entry for, under the spec's name.
const SPEC_NAMES: Record<string, string> = { "missing-code": "missing-verification-code" };

function toPhoneError(error: unknown): FirebasePhoneError {
  if (error instanceof FirebasePhoneError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code.startsWith("auth/")) {
    const name = code.slice("auth/".length);
    return new FirebasePhoneError(SPEC_NAMES[name] ?? name, error);
  }
  // A chunk of the SDK that failed to download is a TypeError from import().
  if (error instanceof TypeError) return new FirebasePhoneError("network-request-failed", error);
  return new FirebasePhoneError("internal-error", error);
}

type AuthSdk = typeof import("@firebase/auth");
let loading: Promise<{ auth: Auth; sdk: AuthSdk }> | undefined;
let verifier: RecaptchaVerifier | undefined;

/** The Firebase app and Auth instance, created once per page load (the first config wins). */
function loadAuth(config: FirebasePublicConfig) {
  if (!loading) {
    loading = (async () => {
      const [{ initializeApp }, sdk] = await Promise.all([import("@firebase/app"), import("@firebase/auth")]);
      const app = initializeApp(
        { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId },
        "shop-phone",
      );
      const auth = sdk.getAuth(app);
      if (config.emulatorUrl) {
        sdk.connectAuthEmulator(auth, config.emulatorUrl);
        // connectAuthEmulator sets this too; said here because the emulator has no reCAPTCHA to solve.
        auth.settings.appVerificationDisabledForTesting = true;
      }
      return { auth, sdk };
    })();
    // A failed download may be retried by the next click.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}

/**
 * Texts a code to `phoneNumber` (E.164, as the phone input gives it) behind an invisible reCAPTCHA
 * rendered into `recaptchaContainer`. Every failure is a FirebasePhoneError.
 */
export async function sendFirebaseCode(
  config: FirebasePublicConfig,
  phoneNumber: string,
  recaptchaContainer: HTMLElement,
): Promise<FirebaseCodeSent> {
  if (!phoneNumber.trim()) throw new FirebasePhoneError("missing-phone-number");
  try {
    const { auth, sdk } = await loadAuth(config);
    // "Resend code" renders a fresh widget: reCAPTCHA refuses a second one in the same element.
    try {
      verifier?.clear();
    } catch {}
    const host = document.createElement("div");
    recaptchaContainer.replaceChildren(host);
    verifier = new sdk.RecaptchaVerifier(auth, host, { size: "invisible" });
    const confirmation = await sdk.signInWithPhoneNumber(auth, phoneNumber.trim(), verifier);
    return {
      async confirm(code) {
        if (!code.trim()) throw new FirebasePhoneError("missing-verification-code");
        try {
          const { user } = await confirmation.confirm(code.trim());
          const idToken = await user.getIdToken();
          // The shop keeps its own session; the Firebase sign-in was only the proof of the number.
          await sdk.signOut(auth).catch(() => {});
          return idToken;
        } catch (error) {
          throw toPhoneError(error);
        }
      },
    };
  } catch (error) {
    throw toPhoneError(error);
  }
}
