import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.ts";

describe("passwords", () => {
  it("stores a salted scrypt hash that only the right password verifies", async () => {
    const hash = await hashPassword("demo12345");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(hash).not.toContain("demo12345");
    expect(await verifyPassword("demo12345", hash)).toBe(true);
    expect(await verifyPassword("demo12346", hash)).toBe(false);
    expect(await hashPassword("demo12345")).not.toBe(hash);
  });

  it("rejects a malformed stored hash instead of throwing", async () => {
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });
});
