import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.ts";
import { E2E_JWT_SECRET } from "./tests/e2e/secret.ts";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const FIREBASE_SHOP_PORT = PORT + 1;
export const FIREBASE_EMULATOR_PORT = PORT + 6000;
// A fresh data directory per run: the server seeds the demo shop into an empty embedded database.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "shop-e2e-"));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        // Playwright cannot download browsers here: Debian's Chromium (DESIGN, toolchain facts).
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_FLAGS,
        },
      },
    },
  ],
  webServer: [
    {
      command: "tsx scripts/start.ts",
      url: `http://localhost:${PORT}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        SHOP_DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        NODE_ENV: "test",
        RATE_LIMIT_PER_MINUTE: "0",
        // Known to the tests, so fixtures can mint session tokens (tests/e2e/support.ts).
        JWT_SECRET: E2E_JWT_SECRET,
        // Fixture customers sign up through the API, each from its own X-Forwarded-For address
        // (tests/e2e/support.ts): the suite needs more of them than one address may sign up in an
        // hour (core/accounts/limits.ts). Pages in the browser send no such header.
        TRUST_PROXY: "true",
      },
    },
    // A local stand-in for the Firebase Auth emulator, and a second shop that verifies phone numbers
    // through it (SMS_PROVIDER=firebase): the add-phone page's Firebase path (firebase-phone.spec.ts).
    {
      command: `tsx tests/support/firebase-emulator-server.ts ${FIREBASE_EMULATOR_PORT}`,
      url: `http://127.0.0.1:${FIREBASE_EMULATOR_PORT + 1}/`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "tsx scripts/start.ts",
      url: `http://localhost:${FIREBASE_SHOP_PORT}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(FIREBASE_SHOP_PORT),
        SHOP_DATA_DIR: mkdtempSync(path.join(tmpdir(), "shop-e2e-firebase-")),
        LOG_LEVEL: "warn",
        NODE_ENV: "test",
        RATE_LIMIT_PER_MINUTE: "0",
        JWT_SECRET: E2E_JWT_SECRET,
        SMS_PROVIDER: "firebase",
        FIREBASE_PROJECT_ID: "shop-e2e",
        FIREBASE_API_KEY: "e2e-api-key",
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${FIREBASE_EMULATOR_PORT}`,
      },
    },
  ],
});
