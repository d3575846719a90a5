import type { RateLimiter, RateLimitResult } from "#core/ports/rate-limiter.ts";

/** Fixed-window counters in this process's memory: right for one instance, or for tests. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    async hit(key, limit, windowMs): Promise<RateLimitResult> {
      const t = now();
      // Drop expired windows now and then so memory stays bounded by the active keys.
      if (t - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
        lastSweep = t;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= t) {
        window = { count: 0, resetAt: t + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return {
        allowed: window.count <= limit,
        remaining: Math.max(0, limit - window.count),
        resetMs: window.resetAt - t,
      };
    },
  };
}
