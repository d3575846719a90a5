import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { RateLimiter } from "#core/ports/rate-limiter.ts";

export const TOO_MANY_REQUESTS = "Too many requests, please try again later.";

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // no socket: an in-process request (tests)
  }
}

/** Per-IP limit on the API, generous enough that normal shopping never meets it. */
export function rateLimit(options: {
  limiter: RateLimiter;
  perMinute: number;
  trustProxy: boolean;
}): MiddlewareHandler {
  return async (c, next) => {
    if (options.perMinute <= 0 || c.req.method === "OPTIONS") return next();
    const ip = clientIp(c, options.trustProxy);
    const result = await options.limiter.hit(`api:${ip}`, options.perMinute, 60_000);
    c.header("RateLimit-Limit", String(options.perMinute));
    c.header("RateLimit-Remaining", String(result.remaining));
    c.header("RateLimit-Reset", String(Math.ceil(result.resetMs / 1000)));
    if (!result.allowed) {
      c.header("Retry-After", String(Math.ceil(result.resetMs / 1000)));
      return c.json({ status: "fail", message: TOO_MANY_REQUESTS }, 429);
    }
    return next();
  };
}
