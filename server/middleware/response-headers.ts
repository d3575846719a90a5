import type { Context } from "hono";

/**
 * Sets headers on the response a handler already returned, in place. Hono's `c.header()` after
 * `next()` rebuilds the response around its body as a stream, which turns the node server's
 * direct write of a string or byte body into a stream read, and costs an undici Response each
 * time; a JSON answer met three such rebuilds on its way out (docs/decisions/063-api-response-path.md).
 * A response whose headers are immutable (one passed through from fetch) is copied once first.
 */
export function setResponseHeaders(c: Context, entries: Iterable<readonly [string, string]>): void {
  const list = [...entries];
  try {
    for (const [name, value] of list) c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of list) c.res.headers.set(name, value);
  }
}

/** Appends a token to a list header (`Vary`) of the response, in place, as setResponseHeaders does. */
export function appendResponseHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.append(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.append(name, value);
  }
}
