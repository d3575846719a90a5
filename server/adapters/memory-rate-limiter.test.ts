import { describe, expect, it } from "vitest";
import { createMemoryRateLimiter } from "./memory-rate-limiter.ts";

describe("memory rate limiter", () => {
  it("allows the limit per window, then refuses until the window resets", async () => {
    let now = 1_000;
    const limiter = createMemoryRateLimiter(() => now);
    for (let i = 0; i < 3; i++) expect((await limiter.hit("ip", 3, 60_000)).allowed).toBe(true);
    const refused = await limiter.hit("ip", 3, 60_000);
    expect(refused).toEqual({ allowed: false, remaining: 0, resetMs: 60_000 });
    expect((await limiter.hit("other", 3, 60_000)).allowed).toBe(true);
    now += 60_000;
    expect(await limiter.hit("ip", 3, 60_000)).toEqual({ allowed: true, remaining: 2, resetMs: 60_000 });
  });
});
