import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { firebasePublicConfig } from "./firebase-public-config.ts";

describe("firebasePublicConfig", () => {
  const firebase = {
    SMS_PROVIDER: "firebase",
    FIREBASE_PROJECT_ID: "shop-prod",
    FIREBASE_API_KEY: "AIza-web-key",
    FIREBASE_SERVICE_ACCOUNT: '{"private_key":"secret"}',
  };

  it("is undefined when the shop texts the codes itself", () => {
    expect(firebasePublicConfig(loadConfig({}))).toBeUndefined();
    expect(firebasePublicConfig(loadConfig({ ...firebase, SMS_PROVIDER: "builtin" }))).toBeUndefined();
  });

  it("gives the page the public settings only, never the service account", () => {
    expect(
      firebasePublicConfig(loadConfig({ ...firebase, FIREBASE_AUTH_DOMAIN: "shop.firebaseapp.com" })),
    ).toEqual({ apiKey: "AIza-web-key", projectId: "shop-prod", authDomain: "shop.firebaseapp.com" });
  });

  it("points the page at the Auth emulator when the server uses one", () => {
    expect(
      firebasePublicConfig(loadConfig({ ...firebase, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" })),
    ).toEqual({ apiKey: "AIza-web-key", projectId: "shop-prod", emulatorUrl: "http://127.0.0.1:9099" });
  });
});
