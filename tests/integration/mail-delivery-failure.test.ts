import { describe, expect, it } from "vitest";
import type { MailMessage } from "#core/ports/mailer.ts";
import { call, createCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";

// A mail server that is down for the first attempts, then delivers.
let failuresLeft = 0;
const delivered: MailMessage[] = [];
const shop = setUpTestShop({
  accounts: {
    mailer: {
      async send(message) {
        if (failuresLeft > 0) {
          failuresLeft--;
          throw new Error("SMTP server unreachable");
        }
        delivered.push(message);
      },
    },
  },
});

describe("when mail cannot be delivered", () => {
  it("GET /customer/verify-email fails, keeps no dead code, and the next request sends one at once", async () => {
    const customer = await createCustomer(shop, { verified: false });
    failuresLeft = 1;
    const failed = await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    expect(failed.status).toBe(500);
    expect(await shop.rows(sqlCodes(customer.id))).toEqual([]);
    // No re-send throttle for a code nobody received.
    const retried = await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    expect(retried.status).toBe(200);
    expect(delivered.filter((m) => m.to === customer.email)).toHaveLength(1);
  });

  it("POST /auth/signup still creates the account; the verification page then sends the code", async () => {
    failuresLeft = 1;
    const email = "mail-down@example.test";
    const signup = await call(shop, "POST", "/auth/signup", {
      body: {
        firstName: "Nadia",
        lastName: "Alami",
        email,
        password: "password-1",
        confirmPassword: "password-1",
      },
    });
    expect(signup.status).toBe(201);
    expect(delivered.filter((m) => m.to === email)).toHaveLength(0);
    const sent = await call(shop, "GET", "/customer/verify-email", { token: signup.body.token });
    expect(sent.status).toBe(200);
    expect(delivered.filter((m) => m.to === email)).toHaveLength(1);
  });

  it("POST /auth/forgotPassword fails without leaving a code behind", async () => {
    const customer = await createCustomer(shop);
    failuresLeft = 1;
    const failed = await call(shop, "POST", "/auth/forgotPassword", { body: { email: customer.email } });
    expect(failed.status).toBe(500);
    expect(await shop.rows(sqlCodes(customer.id))).toEqual([]);
    const retried = await call(shop, "POST", "/auth/forgotPassword", { body: { email: customer.email } });
    expect(retried.status).toBe(200);
    expect(delivered.filter((m) => m.to === customer.email)).toHaveLength(1);
  });
});

import { sql } from "drizzle-orm";

function sqlCodes(customerId: string) {
  return sql`SELECT purpose FROM one_time_codes WHERE customer_id = ${customerId}`;
}
