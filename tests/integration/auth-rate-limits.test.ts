import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_LIMITS, type LimitRule } from "#core/accounts/limits.ts";
import type { RateLimiter } from "#core/ports/rate-limiter.ts";
import { createMemoryRateLimiter } from "#server/adapters/memory-rate-limiter.ts";
import { createRedisRateLimiter } from "#server/adapters/redis-rate-limiter.ts";
import {
  accountRows,
  call,
  createClock,
  createCustomer,
  DEMO,
  FIXTURE_PASSWORD,
  latestCode,
  MINUTE,
  nextIp,
  otherCode,
} from "../support/accounts.ts";
import { createTestShop, setUpTestShop, type TestShop } from "../support/app.ts";
import { REDIS, serviceForTests } from "../support/services.ts";

// The auth limits (core/accounts/limits.ts) answer 429 with a message that says what to do. Client
// addresses come from X-Forwarded-For: the test shop trusts its proxy. The limiter runs on a clock of
// its own so a test can move past a window.

const limiterClock = createClock();
// The shop's own clock: codes expire and may be re-sent by it.
const clock = createClock();
const shop = setUpTestShop({
  now: clock.now,
  accounts: { limiter: createMemoryRateLimiter(() => limiterClock.now().getTime()) },
});

/** `n` hits on `rule` for `key`, as if that many requests had been made. */
async function spend(rule: LimitRule, key: string, n: number) {
  for (let i = 0; i < n; i++)
    await shop.ctx.accounts.limiter.hit(`${rule.name}:${key}`, rule.limit, rule.windowMs);
}

const tooMany = (message: string) => ({ status: 429, body: { status: "fail", message } });
const brief = (res: { status: number; body: any }) => ({ status: res.status, body: res.body });

describe("POST /api/v1/auth/login", () => {
  it(`allows ${AUTH_LIMITS.logInPerIp.limit} attempts per address in 15 minutes, then 429`, async () => {
    const ip = nextIp();
    const { limit, message } = AUTH_LIMITS.logInPerIp;
    expect(message).toBe("Too many log-in attempts from this network. Please try again in 15 minutes.");
    // Each attempt costs a scrypt hash (~0.2 s): all but the last three are counted straight into the
    // limiter under the rule's key; the last three go through the API and must count too.
    await spend(AUTH_LIMITS.logInPerIp, ip, limit - 3);
    for (let i = 0; i < 3; i++) {
      // Different accounts each time, so only the per-address limit can stop them.
      const res = await call(shop, "POST", "/auth/login", {
        ip,
        body: { email: `guess-${i}@example.test`, password: "x" },
      });
      expect(res.status).toBe(401);
    }
    // Over the limit even the right password is refused, before it is checked.
    const refused = await call(shop, "POST", "/auth/login", {
      ip,
      body: { email: DEMO.email, password: DEMO.password },
    });
    expect(brief(refused)).toEqual(tooMany(message));
    expect(refused.headers.getSetCookie()).toEqual([]);
    // Another address is not affected.
    const elsewhere = await call(shop, "POST", "/auth/login", {
      body: { email: DEMO.email, password: DEMO.password },
    });
    expect(elsewhere.status).toBe(200);
  });

  it(`allows ${AUTH_LIMITS.logInPerEmail.limit} attempts per account in 15 minutes from any address, then 429`, async () => {
    const customer = await createCustomer(shop);
    const { limit, message } = AUTH_LIMITS.logInPerEmail;
    expect(message).toBe("Too many log-in attempts for this account. Please try again in 15 minutes.");
    const attempts = await Promise.all(
      Array.from({ length: limit }, () =>
        call(shop, "POST", "/auth/login", { body: { email: customer.email, password: "wrong-password" } }),
      ),
    );
    expect(attempts.map((r) => r.status)).toEqual(Array(limit).fill(401));
    // The email counts however it is written.
    const refused = await call(shop, "POST", "/auth/login", {
      body: { email: customer.email.toUpperCase(), password: FIXTURE_PASSWORD },
    });
    expect(brief(refused)).toEqual(tooMany(message));
    // Other accounts log in as usual.
    const other = await createCustomer(shop);
    const res = await call(shop, "POST", "/auth/login", {
      body: { email: other.email, password: FIXTURE_PASSWORD },
    });
    expect(res.status).toBe(200);
    // After the window the account can log in again.
    limiterClock.advance(15 * MINUTE);
    const later = await call(shop, "POST", "/auth/login", {
      body: { email: customer.email, password: FIXTURE_PASSWORD },
    });
    expect(later.status).toBe(200);
  });

  it("a refused body does not count", async () => {
    const ip = nextIp();
    for (let i = 0; i < AUTH_LIMITS.logInPerIp.limit + 5; i++) {
      const res = await call(shop, "POST", "/auth/login", { ip, body: { email: "not-an-email" } });
      expect(res.status).toBe(400);
    }
    const res = await call(shop, "POST", "/auth/login", { ip, body: { email: DEMO.email, password: "x" } });
    expect(res.status).toBe(401);
  });
});

describe("POST /api/v1/auth/signup", () => {
  it(`allows ${AUTH_LIMITS.signUpPerIp.limit} sign-ups per address an hour, then 429 and no account`, async () => {
    const ip = nextIp();
    const { limit, message } = AUTH_LIMITS.signUpPerIp;
    expect(message).toBe("Too many sign-ups from this network. Please try again in an hour.");
    const tag = randomBytes(3).toString("hex");
    const body = (i: number) => ({
      firstName: "Bot",
      lastName: "Farm",
      email: `bot-${tag}-${i}@example.test`,
      password: "password-123",
      confirmPassword: "password-123",
    });
    await spend(AUTH_LIMITS.signUpPerIp, ip, limit - 2);
    for (let i = 0; i < 2; i++) {
      const res = await call(shop, "POST", "/auth/signup", { ip, body: body(i) });
      expect(res.status).toBe(201);
    }
    const before = await accountRows(shop);
    const refused = await call(shop, "POST", "/auth/signup", { ip, body: body(limit) });
    expect(brief(refused)).toEqual(tooMany(message));
    expect(await accountRows(shop)).toEqual(before);
    const [row] = await shop.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM customers WHERE email LIKE ${`bot-${tag}-%`}`,
    );
    expect(row!.n).toBe(2);
  });
});

describe("POST /api/v1/auth/forgotPassword", () => {
  it(`allows ${AUTH_LIMITS.forgotPasswordPerIp.limit} requests per address in 15 minutes, then 429`, async () => {
    const ip = nextIp();
    const { limit, message } = AUTH_LIMITS.forgotPasswordPerIp;
    expect(message).toBe("Too many password reset requests. Please try again in 15 minutes.");
    for (let i = 0; i < limit; i++) {
      const res = await call(shop, "POST", "/auth/forgotPassword", {
        ip,
        body: { email: `someone-${i}@example.test` },
      });
      expect(res.status).toBe(200);
    }
    const customer = await createCustomer(shop);
    const refused = await call(shop, "POST", "/auth/forgotPassword", { ip, body: { email: customer.email } });
    expect(brief(refused)).toEqual(tooMany(message));
    const elsewhere = await call(shop, "POST", "/auth/forgotPassword", { body: { email: customer.email } });
    expect(elsewhere.status).toBe(200);
  });
});

describe("PUT /api/v1/auth/passwordResetCode", () => {
  it(`allows ${AUTH_LIMITS.resetPasswordPerIp.limit} attempts per address in 15 minutes, then 429`, async () => {
    const ip = nextIp();
    const { limit, message } = AUTH_LIMITS.resetPasswordPerIp;
    const customer = await createCustomer(shop);
    await call(shop, "POST", "/auth/forgotPassword", { body: { email: customer.email } });
    const code = await latestCode(shop, customer.email);
    const body = (passwordResetCode: string) => ({
      passwordResetCode,
      newPassword: "new-password-1",
      confirmNewPassword: "new-password-1",
    });
    for (let i = 0; i < limit; i++) {
      // Codes alone (no email) cannot be pinned to an account: only the address limit stops a guesser.
      const res = await call(shop, "PUT", "/auth/passwordResetCode", { ip, body: body(otherCode(code)) });
      expect(res.status).toBe(400);
    }
    const refused = await call(shop, "PUT", "/auth/passwordResetCode", { ip, body: body(code) });
    expect(brief(refused)).toEqual(tooMany(message));
    // The right code still works from elsewhere.
    const elsewhere = await call(shop, "PUT", "/auth/passwordResetCode", { body: body(code) });
    expect(elsewhere.status).toBe(200);
  });
});

describe("POST /api/v1/customer/verify-email", () => {
  it(`allows ${AUTH_LIMITS.codeChecksPerAccount.limit} code checks per account in 15 minutes, then 429`, async () => {
    const customer = await createCustomer(shop, { verified: false });
    const { limit, message } = AUTH_LIMITS.codeChecksPerAccount;
    expect(message).toBe("Too many verification attempts. Please try again in 15 minutes.");
    let checks = 0;
    // Ask for a new code whenever five wrong guesses used one up, as a guesser would.
    while (checks < limit) {
      await call(shop, "GET", "/customer/verify-email", { token: customer.token });
      const code = await latestCode(shop, customer.email);
      for (let i = 0; i < 5 && checks < limit; i++, checks++) {
        const res = await call(shop, "POST", "/customer/verify-email", {
          token: customer.token,
          body: { emailVerificationCode: otherCode(code) },
        });
        expect(res.status).toBe(400);
      }
    }
    await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    const code = await latestCode(shop, customer.email);
    // From any address: the limit is the account's.
    const refused = await call(shop, "POST", "/customer/verify-email", {
      token: customer.token,
      body: { emailVerificationCode: code },
    });
    expect(brief(refused)).toEqual(tooMany(message));
  });
});

describe("POST /api/v1/customer/phone-verification/confirm-code", () => {
  it("shares the account's code-check budget and answers 429 too-many-requests", async () => {
    const customer = await createCustomer(shop, { verified: false });
    const { limit } = AUTH_LIMITS.codeChecksPerAccount;
    const number = "+212612345602";
    const sendCode = async () => {
      const sent = await call(shop, "POST", "/customer/phone-verification/send-code", {
        token: customer.token,
        body: { phoneNumber: number },
      });
      expect(sent.status).toBe(200);
      return { verificationId: sent.body.verificationId as string, code: await latestCode(shop, number) };
    };
    // Half the budget on email codes, half on phone codes: they share it.
    await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    const emailCode = await latestCode(shop, customer.email);
    for (let i = 0; i < 4; i++) {
      const res = await call(shop, "POST", "/customer/verify-email", {
        token: customer.token,
        body: { emailVerificationCode: otherCode(emailCode) },
      });
      expect(res.status).toBe(400);
    }
    for (let checks = 4; checks < limit; ) {
      const { verificationId, code } = await sendCode();
      // Four wrong guesses a code, then a new code: never used up, so only the budget can say no.
      for (let i = 0; i < 4 && checks < limit; i++, checks++) {
        const res = await call(shop, "POST", "/customer/phone-verification/confirm-code", {
          token: customer.token,
          body: { verificationId, code: otherCode(code) },
        });
        expect(res.body.code).toBe("invalid-verification-code");
      }
      // A new code may be sent once the minute is over.
      clock.advance(61 * 1000);
    }
    const { verificationId, code } = await sendCode();
    const refused = await call(shop, "POST", "/customer/phone-verification/confirm-code", {
      token: customer.token,
      body: { verificationId, code },
    });
    expect(brief(refused)).toEqual({
      status: 429,
      body: {
        status: "fail",
        code: "too-many-requests",
        message: "Too many attempts. Please wait and try again later.",
      },
    });
  });
});

// Two app instances behind one load balancer share their limits through Redis: an attacker who
// spreads the attempts over both gets no more than against one.
const redis = serviceForTests(REDIS);

describe.skipIf(redis.skip)("two instances sharing one Redis rate limiter", () => {
  const instances: TestShop[] = [];
  const limiters: RateLimiter[] = [];

  beforeAll(async () => {
    // Keys of this run only: other runs may share the Redis.
    const prefix = `shop:test:${randomBytes(6).toString("hex")}:`;
    const redisUrl = await redis.url();
    limiters.push(createRedisRateLimiter(redisUrl, prefix), createRedisRateLimiter(redisUrl, prefix));
    const first = await createTestShop({ accounts: { limiter: limiters[0] } });
    instances.push(first);
    // The second instance runs on the same database, as it would in production.
    instances.push(await createTestShop({ database: first.database, accounts: { limiter: limiters[1] } }));
  });
  afterAll(async () => {
    for (const limiter of limiters) await limiter.close?.();
    for (const instance of instances.reverse()) await instance.close();
  });

  it("POST /api/v1/auth/login: attempts on both instances count against one per-account limit", async () => {
    const [a, b] = instances as [TestShop, TestShop];
    const customer = await createCustomer(a);
    const { limit, message } = AUTH_LIMITS.logInPerEmail;
    const attempts = await Promise.all(
      Array.from({ length: limit }, (_, i) =>
        call(i % 2 === 0 ? a : b, "POST", "/auth/login", {
          body: { email: customer.email, password: "wrong-password" },
        }),
      ),
    );
    expect(attempts.map((r) => r.status)).toEqual(Array(limit).fill(401));
    for (const instance of [a, b]) {
      const refused = await call(instance, "POST", "/auth/login", {
        body: { email: customer.email, password: FIXTURE_PASSWORD },
      });
      expect(brief(refused)).toEqual(tooMany(message));
    }
    // Another account is untouched on both.
    const other = await createCustomer(a);
    const ok = await call(b, "POST", "/auth/login", {
      body: { email: other.email, password: FIXTURE_PASSWORD },
    });
    expect(ok.status).toBe(200);
  });

  it("POST /api/v1/auth/forgotPassword: one address's requests count across both instances", async () => {
    const [a, b] = instances as [TestShop, TestShop];
    const ip = nextIp();
    const { limit, message } = AUTH_LIMITS.forgotPasswordPerIp;
    for (let i = 0; i < limit; i++) {
      const res = await call(i % 2 === 0 ? a : b, "POST", "/auth/forgotPassword", {
        ip,
        body: { email: `someone-${i}@example.test` },
      });
      expect(res.status).toBe(200);
    }
    for (const instance of [a, b]) {
      const refused = await call(instance, "POST", "/auth/forgotPassword", {
        ip,
        body: { email: "someone@example.test" },
      });
      expect(brief(refused)).toEqual(tooMany(message));
    }
  });
});
