import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { RateLimiter } from "#core/ports/rate-limiter.ts";

export const TOO_MANY_REQUESTS = "Too many requests, please try again later.";

/**
 * The client's address as this server can vouch for it. Without proxies (`proxyHops` 0) it is the
 * socket's peer. Behind `proxyHops` proxies it is the X-Forwarded-For entry the outermost of them
 * appended: each proxy appends the address it saw, so entries to the left of it were written by
 * the client and prove nothing (docs/operations.md#client-address).
 */
export function clientIp(c: Context, proxyHops: number): string {
  if (proxyHops > 0) {
    const entries = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    // Fewer entries than proxies: the request skipped the outer proxy; the left-most is the best
    // any of ours saw.
    const seen = entries.length > 0 ? entries[Math.max(0, entries.length - proxyHops)] : undefined;
    if (seen) return seen;
  }
  return peerAddress(c);
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
