import { randomBytes, scryptSync } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.ts";

// A production-cost scrypt takes 128 MiB and a good part of a second, several seconds on a busy
// machine: each test below runs at most one. What verifyPassword does with a password is checked on
// cheap hashes built here in the stored format, which carries its own cost.

/** `scrypt$N$r$p$salt$hash` for `password` at cost N (2^10 here: a millisecond). */
function cheapHash(password: string, n = 2 ** 10, salt = randomBytes(16)): string {
  const key = scryptSync(password, salt, 32, { N: n, r: 8, p: 1 });
  return ["scrypt", n, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
}

// Each of these runs one production-cost hash: seconds, not milliseconds, when the cores are busy,
// so they get a budget to match (a bound on a hang, not a performance check).
const PRODUCTION_COST_BUDGET_MS = 60_000;

describe("hashPassword", { timeout: PRODUCTION_COST_BUDGET_MS }, () => {
  let stored: string;
  beforeAll(async () => {
    stored = await hashPassword("demo12345");
  }, PRODUCTION_COST_BUDGET_MS);

  it("stores a salted scrypt hash at production cost, not the password", () => {
    const [scheme, n, r, p, salt, key] = stored.split("$");
    expect([scheme, n, r, p]).toEqual(["scrypt", "131072", "8", "1"]);
    expect(Buffer.from(salt!, "base64url")).toHaveLength(16);
    expect(Buffer.from(key!, "base64url")).toHaveLength(32);
    expect(stored).not.toContain("demo12345");
  });

  it("gives a hash that the same password verifies", async () => {
    expect(await verifyPassword("demo12345", stored)).toBe(true);
  });

  it("salts each hash afresh", async () => {
    const again = await hashPassword("demo12345");
    expect(again.split("$").slice(0, 4)).toEqual(stored.split("$").slice(0, 4));
    expect(again.split("$")[4]).not.toBe(stored.split("$")[4]);
    expect(again).not.toBe(stored);
  });
});

describe("verifyPassword", () => {
  it("verifies only the right password, at the cost the stored hash names", async () => {
    const stored = cheapHash("demo12345");
    expect(await verifyPassword("demo12345", stored)).toBe(true);
    expect(await verifyPassword("demo12346", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
    // The same key under another cost or salt does not match: both are read from the hash.
    const [, , r, p, salt, key] = stored.split("$");
    expect(await verifyPassword("demo12345", ["scrypt", 2 ** 11, r, p, salt, key].join("$"))).toBe(false);
    const otherSalt = cheapHash("demo12345").split("$")[4];
    expect(await verifyPassword("demo12345", ["scrypt", 2 ** 10, r, p, otherSalt, key].join("$"))).toBe(
      false,
    );
  });

  it("rejects a malformed stored hash instead of throwing", async () => {
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
    const [, n, r, p, salt, key] = cheapHash("x").split("$");
    expect(await verifyPassword("x", ["bcrypt", n, r, p, salt, key].join("$"))).toBe(false);
    expect(await verifyPassword("x", ["scrypt", n, r, p, salt].join("$"))).toBe(false);
  });
});
