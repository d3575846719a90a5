import type { MiddlewareHandler } from "hono";
import { appendResponseHeader, setResponseHeaders } from "./response-headers.ts";

export interface CorsOptions {
  /** Origins whose pages may call the API from the browser; every other origin gets no grant. */
  allowedOrigins: readonly string[];
  allowHeaders: readonly string[];
  allowMethods: readonly string[];
  /** How long a browser may keep a preflight's answer, in seconds. */
  maxAge: number;
}

/**
 * CORS for /api/v1: an allowed origin is granted by name, a preflight (any OPTIONS) is answered
 * 204 with the methods, headers and max-age, and every answer says it varies by Origin. The same
 * rules as hono/cors with these options, written here because hono/cors adds `Vary` with
 * `c.header()` after the handler, which rebuilds the finished response around a stream on every
 * API answer (docs/decisions/063-api-response-path.md).
 */
export function cors(options: CorsOptions): MiddlewareHandler {
  const allowed = new Set(options.allowedOrigins);
  const methods = options.allowMethods.join(",");
  const headers = options.allowHeaders.join(",");
  const maxAge = String(options.maxAge);
  return async (c, next) => {
    const origin = c.req.header("origin");
    const grant = origin !== undefined && allowed.has(origin) ? origin : undefined;
    if (c.req.method === "OPTIONS") {
      const preflight = new Headers({
        Vary: "Origin, Access-Control-Request-Headers",
        "Access-Control-Max-Age": maxAge,
        "Access-Control-Allow-Methods": methods,
        "Access-Control-Allow-Headers": headers,
      });
      if (grant) preflight.set("Access-Control-Allow-Origin", grant);
      return new Response(null, { status: 204, headers: preflight });
    }
    await next();
    // After the handler, on whatever answered: a JSON answer, an error, a streamed download.
    if (grant) setResponseHeaders(c, [["Access-Control-Allow-Origin", grant]]);
    appendResponseHeader(c, "Vary", "Origin");
  };
}
