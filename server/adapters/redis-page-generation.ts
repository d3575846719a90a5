import type { PageGeneration } from "../middleware/page-cache.ts";
import { COMMAND_TIMEOUT_MS, connectRedis } from "./redis-rate-limiter.ts";

/** How long the first calls after start wait for the first connection, as the rate limiter's do. */
const STARTUP_WAIT_MS = 1_000;

/**
 * The count of writes that empties every instance's page cache, kept in Redis so an edit through
 * one instance shows on another's next request (docs/decisions/065-page-cache.md). A Redis that does
 * not answer fails the call within the command timeout; the page cache then renders (and keeps
 * nothing) rather than risk a stale page.
 */
export function createRedisPageGeneration(url: string, key = "shop:page-cache:generation"): PageGeneration {
  const redis = connectRedis(url, COMMAND_TIMEOUT_MS);
  // Errors reach the caller through the failed commands; the client's own events need a listener.
  redis.on("error", () => {});
  // The first requests after start wait (briefly) for the first connection instead of failing.
  const connected = new Promise<void>((resolve) => {
    redis.once("ready", resolve);
    setTimeout(resolve, STARTUP_WAIT_MS).unref();
  });
  return {
    async current() {
      await connected;
      return Number((await redis.get(key)) ?? 0);
    },
    async bump() {
      await connected;
      await redis.incr(key);
    },
    async close() {
      if (redis.status === "ready") await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
