import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { NOT_ON, WRONG_PASSWORD } from "#core/staff/two-factor.ts";
import { call, createClock, createCustomer, FIXTURE_PASSWORD } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { twoFactorFixtures } from "../support/two-factor.ts";

// Staff two-step verification once on (docs/back-office/two-factor.md): turning it off, new recovery codes.

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
beforeEach(() => clock.reset());
const { appCode, auditActions, secretRow, staffWithTwoFactor, logIn, challengeOf } = twoFactorFixtures(
  shop,
  clock,
);

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
