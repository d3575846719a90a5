import type { Context } from "hono";

/**
 * Runs `edit` on the headers of the response a handler already returned, in place. Hono's
 * `c.header()` after `next()` rebuilds the response around its body as a stream, which turns the
 * node server's direct write of a string or byte body into a stream read, and costs an undici
 * Response each time; a JSON answer met three such rebuilds on its way out
 * (docs/decisions/063-api-response-path.md). A response whose headers are immutable (a redirect,
 * one passed through from fetch) is copied once first.
 */
function editInPlace(c: Context, edit: (headers: Headers) => void): void {
  try {
    edit(c.res.headers);
  } catch {
    c.res = new Response(c.res.body, c.res);
    edit(c.res.headers);
  }
}

/** Sets headers on the handler's response, in place (see editInPlace). */
export function setResponseHeaders(c: Context, entries: readonly (readonly [string, string])[]): void {
  editInPlace(c, (headers) => {
    for (const [name, value] of entries) headers.set(name, value);
  });
}

/** Appends a token to a list header (`Vary`) of the handler's response, in place. */
export function appendResponseHeader(c: Context, name: string, value: string): void {
  editInPlace(c, (headers) => headers.append(name, value));
}
