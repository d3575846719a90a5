import { describe, expect, it } from "vitest";
import { safeError } from "./log-safety.ts";

describe("safeError", () => {
  it("keeps a failed query's SQL and kind but none of its values, in message, stack and cause", () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "1.5"'), {
      code: "22P02",
      detail: "Key (email)=(sam@example.test) already exists.",
      table: "customers",
    });
    const error = Object.assign(
      new Error(
        'Failed query: insert into "customers" ("email", "password_hash") values ($1, $2)\nparams: sam@example.test,scrypt$secret',
      ),
      { query: "insert …", params: ["sam@example.test", "scrypt$secret"], cause },
    );
    const logged = JSON.stringify(safeError(error));
    expect(logged).not.toMatch(/sam@example\.test|scrypt\$secret|1\.5/);
    const out = safeError(error);
    expect(out.message).toBe(
      'Failed query: insert into "customers" ("email", "password_hash") values ($1, $2)\nparams: [redacted]',
    );
    expect(out.cause).toMatchObject({
      message: 'invalid input syntax for type integer: "[redacted]"',
      code: "22P02",
      table: "customers",
    });
    expect(out.cause).not.toHaveProperty("detail");
  });
});
