import { beforeEach, describe, expect, it } from "vitest";
import { DEVICE_COOKIE } from "#contract/session.ts";
import { createMemoryRateLimiter } from "#server/adapters/memory-rate-limiter.ts";
import { call, createClock, createCustomer, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";

// Wrong passwords from strangers cannot lock the owner out (docs/decisions/024-log-in-limits.md):
// a browser where the account logged in before carries a device cookie and has a budget of its own;
// everyone else shares the account's 10 attempts per 15 minutes — what a guesser gets, from however
// many addresses. The limiter runs on the test's clock, so an hour of guessing takes no time.

const clock = createClock();
const shop = setUpTestShop({
  now: clock.now,
  accounts: { limiter: createMemoryRateLimiter(() => clock.now().getTime()) },
});
beforeEach(() => clock.advance(60 * 60_000)); // every test in windows of its own

let address = 0;
/** A guesser's attempt from an address of its own each time. */
const guess = (customer: TestCustomer, password = "not-the-password") =>
  call(shop, "POST", "/auth/login", {
    body: { email: customer.email, password },
    ip: `198.51.${Math.floor(++address / 250) % 250}.${address % 250}`,
  });

/** The owner's log-in from their own browser, with its device cookie when it has one. */
const ownerLogIn = (customer: TestCustomer, device?: string, password = customer.password) =>
  call(shop, "POST", "/auth/login", {
    body: { email: customer.email, password },
    ip: "203.0.113.7",
    headers: device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {},
  });

function deviceOf(res: { headers: Headers }): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  expect(cookie).toMatch(
    new RegExp(`^${DEVICE_COOKIE}=[^;]+; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`),
  );
  return cookie!.split(";")[0]!.slice(DEVICE_COOKIE.length + 1);
}

describe("log-in limits", () => {
  it("strangers who use up the account's attempts lock out strangers, not the owner's browser", async () => {
    const customer = await createCustomer(shop);
    const device = deviceOf(await ownerLogIn(customer));
    // That first log-in, from a browser not yet known, counted against the account: a new window.
    clock.advance(15 * 60_000);

    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await guess(customer)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // Even the right password, from a browser the account never used: refused.
    const stranger = await guess(customer, customer.password);
    expect(stranger.status).toBe(429);
    expect(stranger.body.message).toBe(
      "Too many log-in attempts for this account. Please try again in 15 minutes.",
    );

    const owner = await ownerLogIn(customer, device);
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
    // A new device cookie each time: the browser stays known for another year.
    expect(deviceOf(owner)).not.toBe(device);
  });

  it("a device cookie counts only for the account it was issued to, and a made-up one for nothing", async () => {
    const owner = await createCustomer(shop);
    const other = await createCustomer(shop);
    const device = deviceOf(await ownerLogIn(other));
    for (let i = 0; i < 10; i++) await guess(owner);

    expect((await ownerLogIn(owner, device)).status).toBe(429);
    expect((await ownerLogIn(owner, "not.a.token")).status).toBe(429);
    // The other account's own browser is unaffected.
    expect((await ownerLogIn(other, device)).status).toBe(200);
  });

  it("a known browser has 10 attempts of its own per 15 minutes", async () => {
    const customer = await createCustomer(shop);
    const device = deviceOf(await ownerLogIn(customer));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await ownerLogIn(customer, device, "wrong-password")).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    clock.advance(15 * 60_000);
    expect((await ownerLogIn(customer, device)).status).toBe(200);
  });

  it("an hour of guessing from a new address every try checks 40 passwords, while the owner logs in", async () => {
    const customer = await createCustomer(shop);
    const device = deviceOf(await ownerLogIn(customer));
    clock.advance(15 * 60_000);
    let checked = 0;
    let ownerLogIns = 0;
    for (let minute = 0; minute < 60; minute++) {
      for (let i = 0; i < 5; i++) {
        const res = await guess(customer);
        if (res.status === 401) checked++;
        else expect(res.status).toBe(429);
      }
      if (minute % 10 === 0 && (await ownerLogIn(customer, device)).status === 200) ownerLogIns++;
      clock.advance(60_000);
    }
    // 10 per 15-minute window, as before the device cookie: brute force is no easier.
    expect(checked).toBe(40);
    expect(ownerLogIns).toBe(6);
  });
});
