import { Redis } from "ioredis";
import type { Logger } from "pino";
import {
  type RateLimiter,
  type RateLimiterHealth,
  RateLimiterUnavailableError,
  type RateLimitResult,
} from "#core/ports/rate-limiter.ts";

// INCR and set the expiry on the first hit in one round trip, atomically, so every instance sees
// the same count and a key never outlives its window.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

/** A local Redis answers in about a millisecond; one that takes longer is treated as down. */
export const COMMAND_TIMEOUT_MS = 250;
/** After a command failed on a connection that still looks open (a stalled Redis), try it again this often. */
const PROBE_INTERVAL_MS = 1_000;
/** How long the first hits after start wait for the first connection. */
const STARTUP_WAIT_MS = 1_000;

export interface RedisRateLimiterOptions {
  /** Told once when Redis stops answering and once when it answers again, never per request. */
  logger?: Pick<Logger, "warn" | "info">;
  commandTimeoutMs?: number;
}

/**
 * Counts in Redis, shared by every instance. It never makes a request wait on a Redis that is down:
 * a command that gets no answer within `commandTimeoutMs` fails, no command queues while the
 * connection is gone, and while Redis is known to be down a hit fails at once. A failed hit rejects
 * with RateLimiterUnavailableError; the caller's policy decides what that means (count in this
 * process, or refuse; docs/decisions/022-redis-outage.md). The client reconnects on its own, so the
 * limiter recovers when Redis returns, without a restart.
 */
export function createRedisRateLimiter(
  url: string,
  prefix = "shop:rl:",
  options: RedisRateLimiterOptions = {},
): RateLimiter {
  const { logger } = options;
  const redis = connectRedis(url, options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS);

  let state: "starting" | "up" | "down" = "starting";
  let closing = false;
  let probeAt = 0;
  let settled!: () => void;
  const firstAnswer = new Promise<void>((resolve) => {
    settled = resolve;
  });

  const markDown = (cause: unknown) => {
    probeAt = Date.now() + PROBE_INTERVAL_MS;
    if (state === "down" || closing) return;
    state = "down";
    settled();
    logger?.warn(
      { err: cause },
      "Redis does not answer: the API rate limit counts in this process and sign-in, sign-up and " +
        "password reset are refused until it is back (docs/decisions/022-redis-outage.md)",
    );
  };
  const markUp = () => {
    if (state === "up" || closing) return;
    if (state === "down") logger?.info("Redis answers again: rate limits are shared through it again");
    state = "up";
    settled();
  };
  redis.on("ready", markUp);
  // Every failed reconnect emits one; markDown logs only the first.
  redis.on("error", markDown);
  redis.on("close", () => markDown(new Error("the connection to Redis closed")));

  const unavailable = (cause: unknown) =>
    new RateLimiterUnavailableError("Redis does not answer.", { cause });

  return {
    async hit(key, limit, windowMs): Promise<RateLimitResult> {
      if (state === "starting") {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          firstAnswer,
          new Promise((resolve) => (timer = setTimeout(resolve, STARTUP_WAIT_MS))),
        ]);
        clearTimeout(timer);
      }
      if (redis.status !== "ready") {
        const cause = new Error(`the connection to Redis is ${redis.status}`);
        markDown(cause);
        throw unavailable(cause);
      }
      // Connected, but the last command got no answer: fail at once until the next probe is due,
      // so a stalled Redis costs one request a timeout now and then, not every request.
      if (state === "down" && Date.now() < probeAt) throw unavailable(new Error("Redis stalled"));
      try {
        const [count, ttl] = (await redis.eval(HIT, 1, prefix + key, windowMs)) as [number, number];
        markUp();
        return {
          allowed: count <= limit,
          remaining: Math.max(0, limit - count),
          resetMs: ttl > 0 ? ttl : windowMs,
        };
      } catch (error) {
        markDown(error);
        throw unavailable(error);
      }
    },
    async health(): Promise<RateLimiterHealth> {
      if (redis.status !== "ready") return { store: "redis", available: false };
      try {
        await redis.ping();
        markUp();
        return { store: "redis", available: true };
      } catch (error) {
        markDown(error);
        return { store: "redis", available: false };
      }
    },
    async close() {
      closing = true;
      settled();
      // QUIT needs a connection; without one there is nothing to flush, only reconnects to stop.
      if (redis.status === "ready") await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}

/** A client that fails a command rather than wait for a Redis that is down. */
export function connectRedis(url: string, commandTimeoutMs: number): Redis {
  return new Redis(url, {
    commandTimeout: commandTimeoutMs,
    // Queued commands would hold their requests for the whole outage and then flood Redis when it
    // returns; failing them at once lets the policy answer now.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    // Keep trying to reconnect, at least once a second, so the shared counts are back soon after Redis.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
}
