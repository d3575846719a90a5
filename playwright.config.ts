import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.ts";
import { E2E_JWT_SECRET } from "./tests/e2e/secret.ts";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const FIREBASE_SHOP_PORT = PORT + 1;
const POSTGRES_SHOP_PORT = PORT + 2;
export const FIREBASE_EMULATOR_PORT = PORT + 6000;
// A fresh data directory per run: the server seeds the demo shop into an empty embedded database.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
// The back office's story changes what every cart sees (the tax rate, a coupon): it has a shop of its
// own, whose first admin is made with `npm run staff` (tests/e2e/shop-server.ts). Its directory is kept
// in the environment, so the workers (which load this file again) name the same one and read the
// admin's set-password link there.
process.env.E2E_BACK_OFFICE_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "shop-e2e-back-office-"));
export const BACK_OFFICE_SHOP_PORT = PORT + 3;

// The smoke stories (tagged @smoke: log in, add to cart, pay cash on delivery) run a second time
// against a shop on PostgreSQL when E2E_POSTGRES_URL names a server; CI must name one.
const POSTGRES_URL = process.env.E2E_POSTGRES_URL;
if (process.env.CI && !POSTGRES_URL) {
  throw new Error("CI runs the smoke stories on PostgreSQL: set E2E_POSTGRES_URL (see .ci/run)");
}

const chromium = {
  ...devices["Desktop Chrome"],
  // Playwright cannot download browsers here: Debian's Chromium (scripts/chromium.ts).
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
};

/** A shop for the stories: the demo shop plus each story's own products (tests/e2e/shop-server.ts). */
function storyShop(port: number, env: Record<string, string> = {}) {
  return {
    command: "tsx tests/e2e/shop-server.ts",
    url: `http://localhost:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(port),
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      RATE_LIMIT_PER_MINUTE: "0",
      // Known to the tests, so fixtures can mint session tokens (tests/e2e/support.ts).
      JWT_SECRET: E2E_JWT_SECRET,
      // Fixture customers sign up through the API, each from its own X-Forwarded-For address
      // (tests/e2e/support.ts): the suite needs more of them than one address may sign up in an
      // hour (core/accounts/limits.ts). Pages in the browser send no such header.
      TRUST_PROXY: "true",
      ...env,
    },
  };
}

// Two workers: the stories share no data (each takes stock only from products of its own,
// tests/e2e/story-products.ts), and every wait is on a condition or on Playwright's clock, so two at
// once hold on a machine whose cores are busy (the README's test section has the times). A test gets
// 60 s and an expectation 10 s: a busy machine renders slowly, and nothing here measures speed.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Under CI the JSON results are read by .ci/failures.ts, which prints the failures last.
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: "ci-results/playwright.json" }]]
    : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "chromium", use: chromium },
    ...(POSTGRES_URL
      ? [
          {
            name: "chromium-postgres",
            grep: /@smoke/,
            use: { ...chromium, baseURL: `http://localhost:${POSTGRES_SHOP_PORT}` },
          },
        ]
      : []),
  ],
  webServer: [
    // A short shared-cache lifetime, so cache-behind-nginx.spec.ts sees a price edit through nginx's
    // cache within seconds (the bound is s-maxage plus one revalidation, docs/caching.md).
    storyShop(PORT, { SHOP_DATA_DIR: dataDir, SHARED_CACHE_SECONDS: "2", SHARED_CACHE_STALE_SECONDS: "2" }),
    storyShop(BACK_OFFICE_SHOP_PORT, {
      SHOP_DATA_DIR: process.env.E2E_BACK_OFFICE_DATA_DIR,
      E2E_FIRST_ADMIN: "true",
    }),
    ...(POSTGRES_URL
      ? [
          storyShop(POSTGRES_SHOP_PORT, {
            SHOP_DATA_DIR: mkdtempSync(path.join(tmpdir(), "shop-e2e-postgres-")),
            E2E_POSTGRES_URL: POSTGRES_URL,
          }),
        ]
      : []),
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
