import type { FirebasePublicConfig } from "#contract/firebase.ts";
import type { Config } from "./config.ts";

/**
 * The Firebase settings the add-phone page needs to start the client SDK, or undefined when the shop
 * verifies phone numbers itself (SMS_PROVIDER=builtin). The web API key and project id are public by
 * design (Firebase ships them in every web app); the service account never leaves the server.
 */
export function firebasePublicConfig(
  config: Pick<
    Config,
    | "SMS_PROVIDER"
    | "FIREBASE_API_KEY"
    | "FIREBASE_AUTH_DOMAIN"
    | "FIREBASE_PROJECT_ID"
    | "FIREBASE_AUTH_EMULATOR_HOST"
  >,
): FirebasePublicConfig | undefined {
  if (config.SMS_PROVIDER !== "firebase") return undefined;
  return {
    // loadConfig refuses SMS_PROVIDER=firebase without these two.
    apiKey: config.FIREBASE_API_KEY!,
    projectId: config.FIREBASE_PROJECT_ID!,
    ...(config.FIREBASE_AUTH_DOMAIN ? { authDomain: config.FIREBASE_AUTH_DOMAIN } : {}),
    ...(config.FIREBASE_AUTH_EMULATOR_HOST
      ? { emulatorUrl: `http://${config.FIREBASE_AUTH_EMULATOR_HOST}` }
      : {}),
  };
}
