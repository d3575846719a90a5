import { sql } from "drizzle-orm";
import { generate } from "otplib";
import { expect } from "vitest";
import { type Clock, call, createCustomer, FIXTURE_PASSWORD, SECOND, type TestCustomer } from "./accounts.ts";
import type { TestShop } from "./app.ts";

/** Fixtures of the two-step verification tests (tests/integration/two-factor*.test.ts), on a movable clock. */
export function twoFactorFixtures(shop: TestShop, clock: Clock) {
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

  return { appCode, nextStep, auditActions, secretRow, staffWithTwoFactor, logIn, challengeOf };
}
