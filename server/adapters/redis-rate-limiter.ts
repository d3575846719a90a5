import { Redis } from "ioredis";
import type { RateLimiter, RateLimitResult } from "#core/ports/rate-limiter.ts";

// INCR and set the expiry on the first hit in one round trip, atomically, so every instance sees
// the same count and a key never outlives its window.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

export function createRedisRateLimiter(url: string, prefix = "shop:rl:"): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  redis.on("error", () => {}); // reported by the failing command; a reconnect follows
  return {
    async hit(key, limit, windowMs): Promise<RateLimitResult> {
      const [count, ttl] = (await redis.eval(HIT, 1, prefix + key, windowMs)) as [number, number];
      return {
        allowed: count <= limit,
        remaining: Math.max(0, limit - count),
        resetMs: ttl > 0 ? ttl : windowMs,
      };
    },
    async close() {
      await redis.quit();
    },
  };
}
