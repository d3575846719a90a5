import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import type { AccountsContext } from "../context.ts";
import type { RateLimiter } from "../ports/rate-limiter.ts";
import { checkTotpCode, newTotpKey, openSecret, sealSecret } from "./totp.ts";

/** Counts hits per key, windows aside (the shared limiter's part in spending a code). */
function countingLimiter(): RateLimiter {
  const counts = new Map<string, number>();
  return {
    async hit(key, limit) {
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return { allowed: count <= limit, remaining: Math.max(0, limit - count), resetMs: 0 };
    },
  };
}

const accounts = (secret = "s".repeat(48)) =>
  ({ secret, limiter: countingLimiter() }) as unknown as AccountsContext;

describe("sealing a TOTP secret", () => {
  const ctx = { accounts: accounts() };
  const { secret } = newTotpKey("shop", "staff@shop.test");

  it("opens what it sealed, for the same account, and never stores the key in clear", () => {
    const sealed = sealSecret(ctx, "account-1", secret);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(openSecret(ctx, "account-1", sealed)).toBe(secret);
  });

  it("seals the same secret differently each time (a fresh nonce)", () => {
    expect(sealSecret(ctx, "account-1", secret)).not.toBe(sealSecret(ctx, "account-1", secret));
  });

  it("refuses a sealed secret moved to another account, altered, or sealed under another server secret", () => {
    const sealed = sealSecret(ctx, "account-1", secret);
    expect(() => openSecret(ctx, "account-2", sealed)).toThrow();
    const [v, iv, data, tag] = sealed.split(".") as [string, string, string, string];
    const flipped = Buffer.from(data, "base64url");
    flipped[0]! ^= 1;
    expect(() =>
      openSecret(ctx, "account-1", [v, iv, flipped.toString("base64url"), tag].join(".")),
    ).toThrow();
    expect(() => openSecret({ accounts: accounts("t".repeat(48)) }, "account-1", sealed)).toThrow();
    expect(() => openSecret(ctx, "account-1", "not sealed")).toThrow();
  });
});

describe("checking an app code", () => {
  it("takes the right code once, refuses a wrong one", async () => {
    const now = new Date("2026-06-01T12:00:10Z");
    const ctx = { accounts: accounts(), now: () => now };
    const { secret } = newTotpKey("shop", "staff@shop.test");
    const code = await generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect(await checkTotpCode(ctx, { id: "a", secret }, wrong)).toBe("wrong");
    expect(await checkTotpCode(ctx, { id: "a", secret }, code)).toBe("ok");
    expect(await checkTotpCode(ctx, { id: "a", secret }, code)).toBe("used");
    // Another account's step is its own.
    expect(await checkTotpCode(ctx, { id: "b", secret }, code)).toBe("ok");
  });
});
