import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { FirebasePublicConfig } from "#contract/firebase.ts";
import { createFirebasePhoneVerifier } from "#server/adapters/firebase-phone-verifier.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../scripts/chromium.ts";
import { type FirebaseAuthEmulator, startFirebaseAuthEmulator } from "../support/firebase-auth-emulator.ts";

// app/lib/firebase-phone.client.ts in headless Chromium: the real @firebase/auth web SDK, bundled by
// Vite into a tiny page (tests/support/firebase-phone-page), signs in against the stand-in for the
// Auth emulator; the ID token it returns is then checked by the server's firebase-admin verifier.

const PROJECT_ID = "shop-test";
const NUMBER = "+212612345678";

let emulator: FirebaseAuthEmulator;
let outDir: string;
let site: Server;
let siteUrl: string;
let browser: Browser;
let config: FirebasePublicConfig;

beforeAll(async () => {
  emulator = await startFirebaseAuthEmulator({ projectId: PROJECT_ID });
  config = { apiKey: "fake-api-key", projectId: PROJECT_ID, emulatorUrl: emulator.url };
  outDir = mkdtempSync(path.join(tmpdir(), "shop-firebase-page-"));
  await build({
    configFile: false,
    root: path.resolve(import.meta.dirname, "../support/firebase-phone-page"),
    base: "./",
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  });
  site = createServer((req, res) => {
    const file = path.join(outDir, path.normalize(new URL(req.url ?? "/", "http://x").pathname));
    try {
      const body = readFileSync(file.endsWith("/") ? path.join(file, "index.html") : file);
      res.writeHead(200, { "content-type": file.endsWith(".js") ? "text/javascript" : "text/html" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  await emulator?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
});

/**
 * A fresh page load (so a fresh Firebase app), with the scripts it fetched, and its console errors and
 * failed responses.
 */
async function openPage(): Promise<{ page: Page; scripts: string[]; errors: string[] }> {
  const page = await browser.newPage();
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(".js")) scripts.push(path.basename(new URL(request.url()).pathname));
  });
  page.on("console", (message) => {
    // The browser logs every 4xx answer; the refusals the tests provoke are asserted where they happen.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      errors.push(message.text());
    }
  });
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto(siteUrl);
  await page.waitForFunction(() => "phone" in window);
  return { page, scripts, errors };
}

const send = (page: Page, phoneNumber: string, cfg: FirebasePublicConfig = config) =>
  page.evaluate(([c, n]) => window.phone.send(c, n), [cfg, phoneNumber] as const);
const confirm = (page: Page, code: string) => page.evaluate((c) => window.phone.confirm(c), code);

/** The code the stand-in "texted" to the number most recently. */
function lastCodeFor(phoneNumber: string): string {
  const code = emulator.verificationCodes().findLast((c) => c.phoneNumber === phoneNumber)?.code;
  if (!code) throw new Error(`no code was sent to ${phoneNumber}`);
  return code;
}

describe("sendFirebaseCode (app/lib/firebase-phone.client.ts) in Chromium", () => {
  test("the right code gives an ID token that the server's verifier accepts for the number", async () => {
    const { page, scripts, errors } = await openPage();
    // The SDK is not part of the page until a code is requested.
    const sdkChunks = readdirSync(path.join(outDir, "assets")).filter((f) =>
      readFileSync(path.join(outDir, "assets", f), "utf8").includes("identitytoolkit.googleapis.com"),
    );
    expect(sdkChunks).not.toEqual([]);
    expect(scripts.filter((s) => sdkChunks.includes(s))).toEqual([]);

    expect(await send(page, NUMBER)).toEqual({ ok: true });
    expect(scripts.filter((s) => sdkChunks.includes(s))).not.toEqual([]);
    const result = await confirm(page, lastCodeFor(NUMBER));

    expect(result.ok).toBe(true);
    const idToken = (result as { value: string }).value;
    const verifier = createFirebasePhoneVerifier({ projectId: PROJECT_ID, emulatorHost: emulator.host });
    await expect(verifier.verifyIdToken(idToken, "any-customer")).resolves.toEqual({ phoneNumber: NUMBER });
    expect(emulator.requests).toEqual(
      expect.arrayContaining([
        "POST /identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode",
        "POST /identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber",
      ]),
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  test("a wrong code is invalid-verification-code, and the right one still works after it", async () => {
    const { page, errors } = await openPage();
    expect(await send(page, NUMBER)).toEqual({ ok: true });
    const right = lastCodeFor(NUMBER);
    const wrong = right === "000000" ? "111111" : "000000";

    expect(await confirm(page, wrong)).toEqual({
      ok: false,
      code: "invalid-verification-code",
      isError: true,
    });
    expect(await confirm(page, "")).toEqual({ ok: false, code: "missing-verification-code", isError: true });
    expect((await confirm(page, right)).ok).toBe(true);
    // The empty code never left the page.
    expect(errors).toEqual(["400 /identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber"]);
    await page.close();
  });

  test("sending again (resend) renders a new reCAPTCHA and the newest code works", async () => {
    const { page, errors } = await openPage();
    expect(await send(page, NUMBER)).toEqual({ ok: true });
    expect(await send(page, NUMBER)).toEqual({ ok: true });
    expect((await confirm(page, lastCodeFor(NUMBER))).ok).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("a malformed or missing number is refused with the spec's codes", async () => {
    const { page } = await openPage();
    expect(await send(page, "+12")).toEqual({ ok: false, code: "invalid-phone-number", isError: true });
    expect(await send(page, " ")).toEqual({ ok: false, code: "missing-phone-number", isError: true });
    await page.close();
  });

  test("a disabled account is user-disabled", async () => {
    const disabled = "+212612000009";
    emulator.disableUser(emulator.userForPhone(disabled).uid);
    const { page } = await openPage();
    expect(await send(page, disabled)).toEqual({ ok: true });
    expect(await confirm(page, lastCodeFor(disabled))).toEqual({
      ok: false,
      code: "user-disabled",
      isError: true,
    });
    await page.close();
  });

  test("an unreachable Firebase is network-request-failed", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const { page } = await openPage();
    expect(await send(page, NUMBER, { ...config, emulatorUrl: deadUrl })).toEqual({
      ok: false,
      code: "network-request-failed",
      isError: true,
    });
    await page.close();
  });
});
