import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { RateLimiter } from "#core/ports/rate-limiter.ts";
import { outermostForwarded } from "./public-url.ts";

export const TOO_MANY_REQUESTS = "Too many requests, please try again later.";

/**
 * The client's address as this server can vouch for it: the socket's peer without proxies
 * (`proxyHops` 0), else the X-Forwarded-For entry the outermost of our proxies appended
 * (docs/operations.md#behind-a-tls-proxy).
 */
export function clientIp(c: Context, proxyHops: number): string {
  const seen = proxyHops > 0 ? outermostForwarded(c.req.header("x-forwarded-for"), proxyHops) : undefined;
  return seen ?? peerAddress(c);
}

/** The address at the other end of the socket; "unknown" for an in-process request (tests). */
export function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** Per-IP limit on the API, generous enough that normal shopping never meets it. */
export function rateLimit(options: {
  limiter: RateLimiter;
  perMinute: number;
  proxyHops: number;
}): MiddlewareHandler {
  return async (c, next) => {
    if (options.perMinute <= 0 || c.req.method === "OPTIONS") return next();
    const ip = clientIp(c, options.proxyHops);
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
