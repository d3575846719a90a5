/**
 * What the add-phone page needs to start the Firebase client SDK when SMS_PROVIDER=firebase: built by
 * the server (server/firebase-public-config.ts), used by app/lib/firebase-phone.client.ts. Nothing
 * here is secret; Firebase ships the web API key and project id in every web app.
 */
export interface FirebasePublicConfig {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  /** `http://host:port` of the Auth emulator (development and tests). */
  emulatorUrl?: string;
}
