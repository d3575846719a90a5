import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/index.ts";
import { call } from "../support/accounts.ts";
import { createTestShop, type TestShop } from "../support/app.ts";

// A query that fails with a customer's data bound to it is logged with its SQL and error, and
// without the data (core/log-safety.ts). A constraint makes the database refuse new customers, so sign-up
// fails inside its INSERT, whose parameters are the e-mail, names, phone and password hash.

const lines: string[] = [];
let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({
    logger: createLogger({ LOG_LEVEL: "info" }, { write: (line: string) => void lines.push(line) }),
  });
  // NOT VALID: the customers already there stay; every new row breaks it, and PostgreSQL's error
  // detail then quotes the whole row ("Failing row contains (…)").
  await shop.rows(sql`ALTER TABLE customers ADD CONSTRAINT refuse_new_customers
    CHECK (created_at < '2000-01-01') NOT VALID`);
});
afterAll(() => shop.close());

describe("the log of a failed query", () => {
  it("names the failure and the SQL, and carries no e-mail, name, password or hash", async () => {
    const password = "Tr0ub4dor&3-secret";
    const res = await call(shop, "POST", "/auth/signup", {
      body: {
        firstName: "Wilhelmina",
        lastName: "Vandersloot",
        email: "wilhelmina.vandersloot@example.test",
        password,
        confirmPassword: password,
      },
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      status: "error",
      message: "Something went wrong on our end. Please try again later.",
    });

    const log = lines.join("");
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "unhandled error");
    expect(failure?.err.message).toMatch(/^Failed query: INSERT INTO customers/);
    expect(failure?.err.message).toContain("params: [redacted]");
    for (const secret of ["wilhelmina", "Wilhelmina", "Vandersloot", password, "scrypt$"]) {
      expect(log, secret).not.toContain(secret);
    }
  });
});
