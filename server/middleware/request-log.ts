import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import { setResponseHeaders } from "./response-headers.ts";

declare module "hono" {
  interface ContextVariableMap {
    requestId: string;
    logger: Logger;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** One request id per request (the caller's X-Request-Id when sane), echoed back and on every log line. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("logger", log);
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    setResponseHeaders(c, [
      ["X-Request-Id", requestId],
      // Time spent in the app up to the response head (a streamed body may take longer).
      ["Server-Timing", `app;dur=${ms.toFixed(2)}`],
    ]);
    const path = c.req.path;
    if (path === "/healthz" || path === "/readyz") return;
    log.info(
      {
        method: c.req.method,
        path,
        status: c.res.status,
        ms: Math.round(ms * 10) / 10,
      },
      "request",
    );
  };
}
