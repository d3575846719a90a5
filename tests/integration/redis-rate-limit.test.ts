import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RateLimiter } from "#core/ports/rate-limiter.ts";
import { createRedisRateLimiter } from "#server/adapters/redis-rate-limiter.ts";
import { REDIS, serviceForTests } from "../support/services.ts";

// Runs against a real Redis when TEST_REDIS_URL is set (.ci/run sets it, and CI requires it).
const redis = serviceForTests(REDIS);

describe.skipIf(redis.skip)("Redis rate limiter", () => {
  let a: RateLimiter | undefined;
  let b: RateLimiter | undefined;
  beforeAll(async () => {
    const url = await redis.url();
    a = createRedisRateLimiter(url);
    b = createRedisRateLimiter(url);
  });
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
