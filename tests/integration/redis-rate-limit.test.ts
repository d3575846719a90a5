import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisRateLimiter } from "#server/adapters/redis-rate-limiter.ts";

// Runs against a real Redis when TEST_REDIS_URL is set (.ci/run sets it when one answers).
const url = process.env.TEST_REDIS_URL;

describe.skipIf(!url)("Redis rate limiter", () => {
  const a = url ? createRedisRateLimiter(url) : undefined;
  const b = url ? createRedisRateLimiter(url) : undefined;
  afterAll(async () => {
    await a?.close?.();
    await b?.close?.();
  });

  it("shares one count between instances and resets with the window", async () => {
    const key = `test:${randomBytes(6).toString("hex")}`;
    expect((await a!.hit(key, 3, 400)).allowed).toBe(true);
    expect((await b!.hit(key, 3, 400)).allowed).toBe(true);
    const third = await a!.hit(key, 3, 400);
    expect(third).toMatchObject({ allowed: true, remaining: 0 });
    const fourth = await b!.hit(key, 3, 400);
    expect(fourth.allowed).toBe(false);
    expect(fourth.resetMs).toBeGreaterThan(0);
    expect(fourth.resetMs).toBeLessThanOrEqual(400);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await a!.hit(key, 3, 400)).allowed).toBe(true);
  });
});
