import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PHONE_ALREADY_SAVED } from "#contract/accounts.ts";
import {
  call,
  createCustomer,
  insertAddress,
  latestCode,
  otherCode,
  outbox,
  phoneIdToken,
  SAMPLE_ADDRESS,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";

// Requests that race each other (double clicks, a page that asks twice, a script): the database
// keeps the rules. On PostgreSQL (TEST_DATABASE_URL) these run on several connections at once.

const shop = setUpTestShop();

const together = <T>(n: number, f: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe("POST /api/v1/auth/signup", () => {
  it("the same email signed up twice at once makes one account; the other answer is the 409", async () => {
    const body = {
      firstName: "Twin",
      lastName: "Clicks",
      email: "double.click@example.test",
      password: "password-123",
      confirmPassword: "password-123",
    };
    const answers = await together(2, (i) =>
      call(shop, "POST", "/auth/signup", {
        body: { ...body, email: i ? body.email.toUpperCase() : body.email },
      }),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await shop.rows(sql`SELECT 1 FROM customers WHERE lower(email) = ${body.email}`);
    expect(rows).toHaveLength(1);
    expect(await outbox(shop, body.email)).toHaveLength(1);
  });
});

describe("GET /api/v1/customer/verify-email", () => {
  it("asked for several times at once (a page opened twice), mails one code, and that code works", async () => {
    // A few rounds: the race is narrow and one round may miss it.
    for (let round = 0; round < 5; round++) {
      const customer = await createCustomer(shop, { verified: false });
      const answers = await together(3, () =>
        call(shop, "GET", "/customer/verify-email", { token: customer.token }),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(await outbox(shop, customer.email)).toHaveLength(1);
      const code = await latestCode(shop, customer.email);
      const res = await call(shop, "POST", "/customer/verify-email", {
        token: customer.token,
        body: { emailVerificationCode: code },
      });
      expect(res.body.status).toBe("Verified");
    }
  });
});

describe("POST /api/v1/customer/verify-email", () => {
  it("wrong guesses at once all count: no more than five ever get checked", async () => {
    const customer = await createCustomer(shop, { verified: false });
    await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    const code = await latestCode(shop, customer.email);
    const answers = await together(8, () =>
      call(shop, "POST", "/customer/verify-email", {
        token: customer.token,
        body: { emailVerificationCode: otherCode(code) },
      }),
    );
    const messages = answers.map((r) => r.body.message);
    expect(
      messages.filter((m) => m === "The verification code is incorrect. Please try again."),
    ).toHaveLength(4);
    expect(
      messages.filter((m) => m === "Too many wrong attempts. Please request a new verification code."),
    ).toHaveLength(4);
    const [row] = await shop.rows<{ attempts: number }>(
      sql`SELECT attempts FROM one_time_codes WHERE customer_id = ${customer.id} AND purpose = 'verify_email'`,
    );
    expect(row!.attempts).toBe(5);
  });
});

describe("PUT /api/v1/auth/passwordResetCode", () => {
  it("one code used twice at once changes the password once", async () => {
    const customer = await createCustomer(shop);
    await call(shop, "POST", "/auth/forgotPassword", { body: { email: customer.email } });
    const code = await latestCode(shop, customer.email);
    const answers = await together(2, (i) =>
      call(shop, "PUT", "/auth/passwordResetCode", {
        body: {
          passwordResetCode: code,
          newPassword: `new-password-${i}`,
          confirmNewPassword: `new-password-${i}`,
          ...(i === 0 ? { email: customer.email } : {}),
        },
      }),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const [row] = await shop.rows<{ token_version: number }>(
      sql`SELECT token_version FROM customers WHERE id = ${customer.id}`,
    );
    expect(row!.token_version).toBe(1);
  });
});

describe("POST /api/v1/customer/phone-numbers", () => {
  it("the same number saved twice at once is saved once; the other answer is the 409", async () => {
    const customer = await createCustomer(shop);
    const idToken = await phoneIdToken(customer.id, "+212612345690");
    const answers = await together(2, () =>
      call(shop, "POST", "/customer/phone-numbers", { token: customer.token, body: { idToken } }),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.status === 409)!.body.message).toBe(PHONE_ALREADY_SAVED);
    const rows = await shop.rows(
      sql`SELECT 1 FROM customer_phone_numbers WHERE customer_id = ${customer.id}`,
    );
    expect(rows).toHaveLength(1);
  });

  it("never saves more than ten numbers, however many arrive at once", async () => {
    const customer = await createCustomer(shop, {
      phoneNumbers: Array.from({ length: 8 }, (_, i) => `+21260000070${i}`),
    });
    const tokens = await together(6, (i) => phoneIdToken(customer.id, `+21260000080${i}`));
    const answers = await together(6, (i) =>
      call(shop, "POST", "/customer/phone-numbers", { token: customer.token, body: { idToken: tokens[i] } }),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    const rows = await shop.rows(
      sql`SELECT 1 FROM customer_phone_numbers WHERE customer_id = ${customer.id}`,
    );
    expect(rows).toHaveLength(10);
  });
});

describe("POST /api/v1/customer/addresses", () => {
  it("never saves more than ten addresses, however many arrive at once", async () => {
    const customer = await createCustomer(shop);
    for (let i = 0; i < 8; i++)
      await insertAddress(shop, customer.id, { ...SAMPLE_ADDRESS, street: `${i} Rue A` });
    const answers = await together(6, (i) =>
      call(shop, "POST", "/customer/addresses", {
        token: customer.token,
        body: { ...SAMPLE_ADDRESS, street: `${i} Rue B` },
      }),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    const rows = await shop.rows(sql`SELECT 1 FROM customer_addresses WHERE customer_id = ${customer.id}`);
    expect(rows).toHaveLength(10);
  });

  it("the same address sent twice at once is saved once", async () => {
    const customer = await createCustomer(shop);
    const answers = await together(3, () =>
      call(shop, "POST", "/customer/addresses", { token: customer.token, body: SAMPLE_ADDRESS }),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((r) => r.body.address._id)).size).toBe(1);
    const rows = await shop.rows(sql`SELECT 1 FROM customer_addresses WHERE customer_id = ${customer.id}`);
    expect(rows).toHaveLength(1);
  });
});
