import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  AUTHENTICATION_CODE_FORMAT,
  AUTHENTICATION_CODE_REQUIRED,
  tokenResponse,
} from "#contract/accounts.ts";
import {
  REAUTH_REQUIRED,
  RECOVERY_CODE_COUNT,
  recoveryCodesResponse,
  TWO_FACTOR_REQUIRED,
  twoFactorEnrolmentResponse,
  twoFactorRequiredResponse,
  twoFactorStatusResponse,
} from "#contract/admin-two-factor.ts";
import { CODE_ALREADY_USED, openSecret, TWO_FACTOR_CODE_LIMIT } from "#core/staff/totp.ts";
import { ALREADY_ON, WRONG_CODE, WRONG_PASSWORD } from "#core/staff/two-factor.ts";
import { CHALLENGE_EXPIRED } from "#core/staff/two-factor-log-in.ts";
import {
  call,
  createClock,
  createCustomer,
  expectContract,
  FIXTURE_PASSWORD,
  MINUTE,
  SECOND,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { twoFactorFixtures } from "../support/two-factor.ts";

// Staff two-step verification (docs/back-office/two-factor.md): setting it up, logging in with the
// app's code or a recovery code, each code good once, the limits, turning it off. The set-password
// link: staff-set-password.test.ts.

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
beforeEach(() => clock.reset());

const { appCode, nextStep, auditActions, secretRow, staffWithTwoFactor, logIn, challengeOf } =
  twoFactorFixtures(shop, clock);

describe("setting up two-step verification", () => {
  it("makes a sealed key, turns on with a code from the app, and shows ten recovery codes once", async () => {
    const staff = await createCustomer(shop, { role: "manager" });
    const started = await call(shop, "POST", "/staff/me/two-factor", {
      token: staff.token,
      body: { password: FIXTURE_PASSWORD },
    });
    expect(started.status).toBe(201);
    expectContract(twoFactorEnrolmentResponse, started.body);
    const { secret, otpauthUri } = started.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/shop:/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    const stored = await secretRow(staff.id);
    // Sealed: the key is not in the row, yet the server opens it.
    expect(stored.totp_secret).not.toContain(secret);
    expect(openSecret(shop.ctx, staff.id, stored.totp_secret!)).toBe(secret);
    expect(stored.totp_enabled_at).toBeNull();
    // Pending: log-in is unchanged until confirmed.
    expect((await logIn(staff)).status).toBe(200);

    const status = await call(shop, "GET", "/staff/me/two-factor", { token: staff.token });
    expectContract(twoFactorStatusResponse, status.body);
    expect(status.body.data).toMatchObject({
      email: staff.email,
      role: "manager",
      pending: true,
      enabledAt: null,
    });

    const wrong = await call(shop, "POST", "/staff/me/two-factor/confirm", {
      token: staff.token,
      body: { code: String((Number(await appCode(secret)) + 1) % 1_000_000).padStart(6, "0") },
    });
    expect([wrong.status, wrong.body.errors]).toEqual([400, [{ field: "code", message: WRONG_CODE }]]);

    const confirmed = await call(shop, "POST", "/staff/me/two-factor/confirm", {
      token: staff.token,
      body: { code: await appCode(secret) },
    });
    expect(confirmed.status).toBe(200);
    expectContract(recoveryCodesResponse, confirmed.body);
    const codes: string[] = confirmed.body.data.recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const hashes = await shop.rows<{ code_hash: string }>(
      sql`SELECT code_hash FROM staff_recovery_codes WHERE customer_id = ${staff.id}`,
    );
    expect(hashes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const { code_hash } of hashes)
      expect(codes.some((c) => code_hash.includes(c.replace("-", "")))).toBe(false);

    const after = await call(shop, "GET", "/staff/me/two-factor", { token: staff.token });
    expect(after.body.data).toMatchObject({ pending: false, recoveryCodesLeft: 10 });
    expect(after.body.data.enabledAt).toBe(clock.now().toISOString());
    expect(await auditActions(staff.id)).toEqual(["staff.two-factor.start", "staff.two-factor.enable"]);
    const [entry] = await shop.rows<{ after: unknown }>(
      sql`SELECT after FROM audit_log WHERE entity_id = ${staff.id} AND action = 'staff.two-factor.enable'`,
    );
    expect(JSON.stringify(entry)).not.toContain(secret);
  });

  it("needs the right password to start, and refuses to start again while on", async () => {
    const { staff } = await staffWithTwoFactor();
    const again = await call(shop, "POST", "/staff/me/two-factor", {
      token: staff.token,
      body: { password: FIXTURE_PASSWORD },
    });
    expect([again.status, again.body.message]).toEqual([409, ALREADY_ON]);
    const other = await createCustomer(shop, { role: "admin" });
    const wrong = await call(shop, "POST", "/staff/me/two-factor", {
      token: other.token,
      body: { password: "not-the-password" },
    });
    expect([wrong.status, wrong.body.errors]).toEqual([
      400,
      [{ field: "password", message: WRONG_PASSWORD }],
    ]);
    expect((await secretRow(other.id)).totp_secret).toBeNull();
  });

  it("is for staff only: a customer gets 403 and nothing is stored", async () => {
    const customer = await createCustomer(shop);
    const res = await call(shop, "POST", "/staff/me/two-factor", {
      token: customer.token,
      body: { password: FIXTURE_PASSWORD },
    });
    expect(res.status).toBe(403);
    expect((await secretRow(customer.id)).totp_secret).toBeNull();
  });

  it.each([
    ["POST", "/staff/me/two-factor", {}, "password", "Password is required."],
    ["POST", "/staff/me/two-factor", { password: 12 }, "password", "Password is required."],
    ["POST", "/staff/me/two-factor/confirm", {}, "code", "Authentication code is required."],
    [
      "POST",
      "/staff/me/two-factor/confirm",
      { code: "12345" },
      "code",
      "Authentication code must be exactly 6 digits.",
    ],
    [
      "POST",
      "/staff/me/two-factor/confirm",
      { code: "abcde-fghjk" },
      "code",
      "Authentication code must be exactly 6 digits.",
    ],
    ["POST", "/staff/me/two-factor/disable", {}, "password", REAUTH_REQUIRED],
    ["POST", "/staff/me/two-factor/disable", { code: "12" }, "code", AUTHENTICATION_CODE_FORMAT],
    ["POST", "/staff/me/two-factor/recovery-codes", {}, "password", REAUTH_REQUIRED],
    ["POST", "/staff/me/two-factor/recovery-codes", { password: "" }, "password", "Password is required."],
  ])("%s %s %j → 400 naming %s", async (method, path, body, field, message) => {
    const staff = await createCustomer(shop, { role: "manager" });
    const res = await call(shop, method, path, { token: staff.token, body });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({ field, message });
    expect(await secretRow(staff.id)).toEqual({ totp_secret: null, totp_enabled_at: null });
  });
});

describe("POST /api/v1/auth/login with two-step verification", () => {
  it("gives no session for the password alone: a 401 two-factor-required with a challenge", async () => {
    const { staff } = await staffWithTwoFactor();
    const res = await logIn(staff);
    expect(res.status).toBe(401);
    expectContract(twoFactorRequiredResponse, res.body);
    expect(res.body).toMatchObject({ code: "two-factor-required", message: TWO_FACTOR_REQUIRED });
    expect(res.headers.getSetCookie().some((c) => c.startsWith("JWTToken="))).toBe(false);
  });

  it("logs in with the app's code in the same call, into a 12-hour staff session", async () => {
    const { staff, secret } = await staffWithTwoFactor();
    const res = await logIn(staff, { totpCode: await appCode(secret) });
    expect(res.status).toBe(200);
    expectContract(tokenResponse, res.body);
    const me = await call(shop, "GET", "/staff/me/two-factor", { token: res.body.token });
    expect(me.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("JWTToken="))).toContain("Max-Age=43200");
  });

  it("logs in in two steps: the challenge, then the code; each code works once", async () => {
    const { staff, secret } = await staffWithTwoFactor();
    const code = await appCode(secret);
    const first = await call(shop, "POST", "/auth/login/two-factor", {
      body: { challenge: await challengeOf(staff), code },
    });
    expect(first.status).toBe(200);
    expectContract(tokenResponse, first.body);
    // The same code again, within its 30 seconds: a replay.
    const replay = await call(shop, "POST", "/auth/login/two-factor", {
      body: { challenge: await challengeOf(staff), code },
    });
    expect([replay.status, replay.body.errors]).toEqual([
      400,
      [{ field: "code", message: CODE_ALREADY_USED }],
    ]);
    const inOneCall = await logIn(staff, { totpCode: code });
    expect([inOneCall.status, inOneCall.body.errors]).toEqual([
      400,
      [{ field: "totpCode", message: CODE_ALREADY_USED }],
    ]);
    nextStep();
    const later = await call(shop, "POST", "/auth/login/two-factor", {
      body: { challenge: await challengeOf(staff), code: await appCode(secret) },
    });
    expect(later.status).toBe(200);
  });

  it("accepts the code of the step before or after (clock drift), not two steps away", async () => {
    const { staff, secret } = await staffWithTwoFactor();
    nextStep(); // the step before is then not the one setting up spent
    const behind = await appCode(secret, new Date(clock.now().getTime() - 30 * SECOND));
    expect((await logIn(staff, { totpCode: behind })).status).toBe(200);
    const farAhead = await appCode(secret, new Date(clock.now().getTime() + 90 * SECOND));
    const res = await logIn(staff, { totpCode: farAhead });
    expect([res.status, res.body.errors]).toEqual([400, [{ field: "totpCode", message: WRONG_CODE }]]);
  });

  it("takes a recovery code once, whatever its case and dashes", async () => {
    const { staff, recoveryCodes } = await staffWithTwoFactor();
    const code = recoveryCodes[3]!;
    const typed = ` ${code.toUpperCase().replace("-", " ")} `;
    const res = await call(shop, "POST", "/auth/login/two-factor", {
      body: { challenge: await challengeOf(staff), code: typed },
    });
    expect(res.status).toBe(200);
    const again = await call(shop, "POST", "/auth/login/two-factor", {
      body: { challenge: await challengeOf(staff), code },
    });
    expect([again.status, again.body.errors]).toEqual([400, [{ field: "code", message: WRONG_CODE }]]);
    const status = await call(shop, "GET", "/staff/me/two-factor", { token: res.body.token });
    expect(status.body.data.recoveryCodesLeft).toBe(9);
  });

  it("refuses a challenge after 5 minutes, after a password change, or made up", async () => {
    const { staff, secret } = await staffWithTwoFactor();
    const challenge = await challengeOf(staff);
    clock.advance(5 * MINUTE + SECOND);
    const late = await call(shop, "POST", "/auth/login/two-factor", {
      body: { challenge, code: await appCode(secret) },
    });
    expect([late.status, late.body.message]).toEqual([401, CHALLENGE_EXPIRED]);
    clock.reset();
    nextStep();
    const fresh = await challengeOf(staff);
    await shop.ctx.db.execute(
      sql`UPDATE customers SET token_version = token_version + 1 WHERE id = ${staff.id}`,
    );
    const changed = await call(shop, "POST", "/auth/login/two-factor", {
      body: { challenge: fresh, code: await appCode(secret) },
    });
    expect([changed.status, changed.body.message]).toEqual([401, CHALLENGE_EXPIRED]);
    const madeUp = await call(shop, "POST", "/auth/login/two-factor", {
      body: { challenge: "a.b.c", code: "123456" },
    });
    expect([madeUp.status, madeUp.body.message]).toEqual([401, CHALLENGE_EXPIRED]);
  });

  it(`limits codes to ${TWO_FACTOR_CODE_LIMIT.limit} tries per account in 15 minutes, right ones after included`, async () => {
    const { staff, secret } = await staffWithTwoFactor();
    const challenge = await challengeOf(staff);
    const wrong = String((Number(await appCode(secret)) + 500_000) % 1_000_000).padStart(6, "0");
    // Setting up spent one try (the confirm), and some were used above in staffWithTwoFactor.
    let status = 400;
    let tries = 0;
    while (status === 400 && tries < 20) {
      status = (await call(shop, "POST", "/auth/login/two-factor", { body: { challenge, code: wrong } }))
        .status;
      tries++;
    }
    expect(status).toBe(429);
    expect(tries).toBeLessThanOrEqual(TWO_FACTOR_CODE_LIMIT.limit);
    const right = await call(shop, "POST", "/auth/login/two-factor", {
      body: { challenge, code: await appCode(secret) },
    });
    expect([right.status, right.body.message]).toEqual([429, TWO_FACTOR_CODE_LIMIT.message]);
  });

  it.each([
    [{}, "challenge", "Your sign-in has expired. Please log in again."],
    [{ challenge: "x" }, "code", AUTHENTICATION_CODE_REQUIRED],
    [{ challenge: "x", code: "12345" }, "code", AUTHENTICATION_CODE_FORMAT],
    [{ challenge: "x", code: "x".repeat(40) }, "code", AUTHENTICATION_CODE_FORMAT],
  ])("POST /auth/login/two-factor %j → 400 naming %s", async (body, field, message) => {
    const res = await call(shop, "POST", "/auth/login/two-factor", { body });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({ field, message });
  });

  it("keeps a customer's log-in as it was, and refuses a badly formed totpCode naming it", async () => {
    const customer = await createCustomer(shop);
    expect((await logIn(customer)).status).toBe(200);
    const bad = await logIn(customer, { totpCode: "12" });
    expect([bad.status, bad.body.errors[0]]).toEqual([
      400,
      { field: "totpCode", message: AUTHENTICATION_CODE_FORMAT },
    ]);
  });
});
