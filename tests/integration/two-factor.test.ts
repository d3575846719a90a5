import { sql } from "drizzle-orm";
import { generate } from "otplib";
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
import { INVALID_SESSION } from "#core/accounts/customers.ts";
import { LINK_EXPIRED, LINK_USED, setPasswordWithToken } from "#core/staff/set-password.ts";
import { setPasswordToken } from "#core/staff/staff-accounts.ts";
import { CODE_ALREADY_USED, openSecret, TWO_FACTOR_CODE_LIMIT } from "#core/staff/totp.ts";
import { ALREADY_ON, NOT_ON, WRONG_CODE, WRONG_PASSWORD } from "#core/staff/two-factor.ts";
import { CHALLENGE_EXPIRED } from "#core/staff/two-factor-log-in.ts";
import {
  call,
  createClock,
  createCustomer,
  customerRow,
  expectContract,
  FIXTURE_PASSWORD,
  HOUR,
  MINUTE,
  SECOND,
  type TestCustomer,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";

// Staff two-step verification (docs/back-office/two-factor.md): setting it up, logging in with the
// app's code or a recovery code, each code good once, the limits, turning it off; the set-password
// link.

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
beforeEach(() => clock.reset());

/** The app's code at the shop's time (what the phone would show). */
const appCode = (secret: string, at = clock.now()) =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000), period: 30 });

/** Moves the clock to the next 30-second step, so the app shows a new code. */
const nextStep = () => clock.advance(30 * SECOND);

async function auditActions(accountId: string): Promise<string[]> {
  const rows = await shop.rows<{ action: string }>(
    sql`SELECT action FROM audit_log WHERE entity_id = ${accountId} ORDER BY id`,
  );
  return rows.map((r) => r.action);
}

async function secretRow(id: string) {
  const [row] = await shop.rows<{ totp_secret: string | null; totp_enabled_at: Date | null }>(
    sql`SELECT totp_secret, totp_enabled_at FROM customers WHERE id = ${id}`,
  );
  return row!;
}

/** A staff member with two-step verification on: the app's key and the recovery codes. */
async function staffWithTwoFactor(role: "admin" | "manager" = "admin") {
  const staff = await createCustomer(shop, { role });
  const started = await call(shop, "POST", "/staff/me/two-factor", {
    token: staff.token,
    body: { password: FIXTURE_PASSWORD },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const secret: string = started.body.data.secret;
  const confirmed = await call(shop, "POST", "/staff/me/two-factor/confirm", {
    token: staff.token,
    body: { code: await appCode(secret) },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  nextStep();
  return { staff, secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[] };
}

const logIn = (staff: TestCustomer, extra: Record<string, unknown> = {}) =>
  call(shop, "POST", "/auth/login", { body: { email: staff.email, password: FIXTURE_PASSWORD, ...extra } });

async function challengeOf(staff: TestCustomer): Promise<string> {
  const res = await logIn(staff);
  expect(res.status).toBe(401);
  return res.body.challenge;
}

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

describe("turning it off and new recovery codes", () => {
  it("turns off with the password: key and codes gone, log-in with the password alone again", async () => {
    const { staff } = await staffWithTwoFactor("manager");
    const wrong = await call(shop, "POST", "/staff/me/two-factor/disable", {
      token: staff.token,
      body: { password: "wrong-password" },
    });
    expect([wrong.status, wrong.body.errors]).toEqual([
      400,
      [{ field: "password", message: WRONG_PASSWORD }],
    ]);
    const off = await call(shop, "POST", "/staff/me/two-factor/disable", {
      token: staff.token,
      body: { password: FIXTURE_PASSWORD },
    });
    expect(off.status).toBe(200);
    expect(await secretRow(staff.id)).toEqual({ totp_secret: null, totp_enabled_at: null });
    expect(await shop.rows(sql`SELECT 1 FROM staff_recovery_codes WHERE customer_id = ${staff.id}`)).toEqual(
      [],
    );
    expect((await logIn(staff)).status).toBe(200);
    expect(await auditActions(staff.id)).toEqual([
      "staff.two-factor.start",
      "staff.two-factor.enable",
      "staff.two-factor.disable",
    ]);
    const again = await call(shop, "POST", "/staff/me/two-factor/disable", {
      token: staff.token,
      body: { password: FIXTURE_PASSWORD },
    });
    expect([again.status, again.body.message]).toEqual([409, NOT_ON]);
  });

  it("turns off with a code from the app instead of the password", async () => {
    const { staff, secret } = await staffWithTwoFactor();
    const off = await call(shop, "POST", "/staff/me/two-factor/disable", {
      token: staff.token,
      body: { code: await appCode(secret) },
    });
    expect(off.status).toBe(200);
  });

  it("replaces the recovery codes: the old ones stop working", async () => {
    const { staff, secret, recoveryCodes } = await staffWithTwoFactor();
    const res = await call(shop, "POST", "/staff/me/two-factor/recovery-codes", {
      token: staff.token,
      body: { code: await appCode(secret) },
    });
    expect(res.status).toBe(201);
    const fresh: string[] = res.body.data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    const old = await call(shop, "POST", "/auth/login/two-factor", {
      body: { challenge: await challengeOf(staff), code: recoveryCodes[0] },
    });
    expect(old.status).toBe(400);
    const next = await call(shop, "POST", "/auth/login/two-factor", {
      body: { challenge: await challengeOf(staff), code: fresh[0] },
    });
    expect(next.status).toBe(200);
    const notOn = await createCustomer(shop, { role: "manager" });
    const refused = await call(shop, "POST", "/staff/me/two-factor/recovery-codes", {
      token: notOn.token,
      body: { password: FIXTURE_PASSWORD },
    });
    expect([refused.status, refused.body.message]).toEqual([409, NOT_ON]);
  });
});

describe("the set-password link", () => {
  async function newStaffLink() {
    const staff = await createCustomer(shop, { role: "manager" });
    return {
      staff,
      token: await setPasswordToken(shop.ctx, { id: staff.id, tokenVersion: staff.tokenVersion }),
    };
  }

  it("sets the password once, ends older sessions and logs the person in", async () => {
    const { staff, token } = await newStaffLink();
    const result = await setPasswordWithToken(shop.ctx, token, "a-new-password");
    expect(result.session?.token).toBeTruthy();
    expect((await customerRow(shop, staff.id))?.token_version).toBe(1);
    const old = await call(shop, "GET", "/staff/me/two-factor", { token: staff.token });
    expect([old.status, old.body.message]).toEqual([401, INVALID_SESSION]);
    const fresh = await call(shop, "GET", "/staff/me/two-factor", { token: result.session!.token });
    expect(fresh.status).toBe(200);
    const login = await call(shop, "POST", "/auth/login", {
      body: { email: staff.email, password: "a-new-password" },
    });
    expect(login.status).toBe(200);
    await expect(setPasswordWithToken(shop.ctx, token, "another-password")).rejects.toMatchObject({
      kind: "invalid",
      message: LINK_USED,
    });
  });

  it("refuses a link after 72 hours and changes nothing", async () => {
    const { staff, token } = await newStaffLink();
    clock.advance(72 * HOUR + SECOND);
    await expect(setPasswordWithToken(shop.ctx, token, "a-new-password")).rejects.toMatchObject({
      message: LINK_EXPIRED,
    });
    expect((await customerRow(shop, staff.id))?.token_version).toBe(0);
  });
});
