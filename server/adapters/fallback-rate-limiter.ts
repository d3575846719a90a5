import { isRateLimiterUnavailable, type RateLimiter } from "#core/ports/rate-limiter.ts";
import { createMemoryRateLimiter } from "./memory-rate-limiter.ts";

/**
 * Counts in `shared` (Redis) and, while it does not answer, in this process instead: for limits that
 * must not take the shop down with Redis, like the per-address API limit. Each instance then counts
 * on its own (the budget is per instance for the outage), which is better than serving no one or no
 * limit at all; the next hit after Redis returns counts there again (docs/decisions/022-redis-outage.md).
 * Limits that guard accounts use `shared` directly and refuse instead (core/accounts/limits.ts).
 */
export function withInProcessFallback(
  shared: RateLimiter,
  local: RateLimiter = createMemoryRateLimiter(),
): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      try {
        return await shared.hit(key, limit, windowMs);
      } catch (error) {
        if (isRateLimiterUnavailable(error)) return local.hit(key, limit, windowMs);
        throw error;
      }
    },
    // Readiness reports the shared store: the fallback keeps serving, but the counts are not shared.
    health: shared.health && (() => shared.health!()),
    close: async () => {
      await shared.close?.();
      await local.close?.();
    },
  };
}
