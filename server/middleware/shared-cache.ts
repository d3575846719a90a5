import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { SESSION_COOKIE } from "#contract/session.ts";
import { setResponseHeaders } from "./response-headers.ts";

// A visitor's pages and the catalogue's public GETs may be kept by a shared cache (nginx's
// proxy_cache, docs/nginx/shop.conf); a signed-in request's answers never (docs/caching.md,
// docs/decisions/054-shared-cache.md).

declare module "hono" {
  interface ContextVariableMap {
    /** Set by the page renderer and the public API GETs: this request's answer may be shared. */
    sharedCandidate: boolean;
    /**
     * The sha256 sources of the inline scripts of a shareable page: its Content-Security-Policy
     * names them instead of a nonce, which a cached copy would repeat to every visitor.
     */
    cspScriptHashes: string[];
    /**
     * An API answer's JSON text, as `c.json` made it, with the answer made of it: the policy tags
     * the text instead of reading the answer's body back (jsonWithText).
     */
    sharedJson: { text: string; response: Response };
  }
}

export interface SharedCacheConfig {
  /** How long a shared cache may serve a visitor's page without asking the shop (s-maxage). */
  SHARED_CACHE_SECONDS?: number;
  /** How long after that it may still serve it while it revalidates in the background. */
  SHARED_CACHE_STALE_SECONDS?: number;
}

export const DEFAULT_SHARED_CACHE_SECONDS = 60;
export const DEFAULT_SHARED_CACHE_STALE_SECONDS = 30;

/** Pages that are someone's own, whoever asks: the back office, the account, checkout and log-in. */
const PERSONAL_PAGES = /^\/(admin|customer|auth|checkout)(\/|\.|$)/;

/** Whether a cookie header carries a (non-empty) session cookie: `JWTToken`, customers' and staff's. */
function hasSessionCookie(cookie: string | null | undefined): boolean {
  if (!cookie) return false;
  for (const part of cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq >= 0 && part.slice(0, eq).trim() === SESSION_COOKIE && part.slice(eq + 1).trim() !== "")
      return true;
  }
  return false;
}

/**
 * A request that says who is asking: a session cookie or an Authorization header (an API client's
 * Bearer token, or a staging site's Basic auth). Its answers are private. nginx bypasses the cache
 * on the same two (docs/nginx/shop.conf).
 */
export function isPersonalRequest(request: Request): boolean {
  return request.headers.has("authorization") || hasSessionCookie(request.headers.get("cookie"));
}

/** A storefront page whose answer may be shared: a visitor's GET or HEAD outside the personal pages. */
export function isSharedPageRequest(request: Request): boolean {
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return false;
  if (isPersonalRequest(request)) return false;
  return !PERSONAL_PAGES.test(new URL(request.url).pathname);
}

/** For the catalogue's public GETs (server/api/operation.ts): a visitor's answer may be shared. */
export const markShareable: MiddlewareHandler = async (c, next) => {
  c.set("sharedCandidate", !isPersonalRequest(c.req.raw));
  return next();
};

/**
 * A JSON answer made as Hono's `c.json` makes it, with its text kept beside it: the policy tags a
 * shareable answer from that text instead of reading the body back, which turns the node server's
 * direct write of a string into an undici Response and a stream read, about as much CPU as the tag
 * itself (docs/decisions/066-api-tags-from-json-text.md). The API's `c.json` is this
 * (server/api/absolute-images.ts).
 */
export function jsonWithText(
  c: Context,
  object: unknown,
  arg?: unknown,
  headers?: Record<string, string | string[]>,
): Response {
  const text = JSON.stringify(object);
  const body = c.body as (
    text: string,
    arg?: unknown,
    headers?: Record<string, string | string[]>,
  ) => Response;
  const response = body(text, arg, { "Content-Type": "application/json", ...headers });
  c.set("sharedJson", { text, response });
  return response;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP hash source of each inline script of a document (its UTF-8 bytes): what the browser
 * hashes is the text between the tags. The text/plain entry script is hashed too: the hydration
 * starter runs a copy of its text (app/lib/deferred-hydration.server.ts), and a hash is checked
 * whoever inserts it.
 */
export function inlineScriptHashes(body: Uint8Array): string[] {
  // Read as latin1, one character per byte, and hashed back as the same bytes: the tags are ASCII
  // and no byte of a multi-byte UTF-8 character is, so the scripts found are those of the decoded
  // text, and a script's bytes are its UTF-8 text. Decoding a product page as UTF-8 first made
  // this about 0.4 ms of CPU per page instead of 0.1 ms (the body is valid UTF-8: React encodes it).
  const html = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("latin1");
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    // Decoded for \s, which in latin1 would also take a byte of some multi-byte characters (0xA0).
    if (/\ssrc\s*=/i.test(` ${Buffer.from(attributes!, "latin1").toString("utf8")}`)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text!, "latin1").digest("base64")}'`);
  }
  return [...hashes];
}

/** A weak validator of a body (a string as its UTF-8 bytes): equal bodies, equal tags, on every instance. */
export function weakEtag(body: Uint8Array | string): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Whether an If-None-Match names this tag (weakly compared, as RFC 9110 has it for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === bare;
  });
}

/**
 * The cache policy of every answer that has none of its own (assets, images and the sitemap set
 * theirs):
 *
 * - a shareable answer (a visitor's page or public GET, 200, setting no cookie): `public,
 *   max-age=0, s-maxage, stale-while-revalidate` and a weak ETag, with 304 for a matching
 *   If-None-Match. The browser revalidates each time (max-age=0); a shared cache keeps it
 *   s-maxage seconds, then serves it stale while one request revalidates;
 * - anything else: `private, no-cache`, and `X-Accel-Buffering: no` on a page so nginx still
 *   streams it (the shell first, then the deferred data).
 *
 * A visitor's page is rendered without a nonce (server/app.ts); whatever its status, its inline
 * scripts are hashed here and the policy names the hashes (docs/decisions/054-shared-cache.md).
 */
export function sharedCache(config: SharedCacheConfig): MiddlewareHandler {
  const seconds = config.SHARED_CACHE_SECONDS ?? DEFAULT_SHARED_CACHE_SECONDS;
  const stale = config.SHARED_CACHE_STALE_SECONDS ?? DEFAULT_SHARED_CACHE_STALE_SECONDS;
  const policy = `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${stale}`;
  return async (c, next) => {
    await next();
    const res = c.res;
    const candidate = c.get("sharedCandidate") === true;
    const json = c.get("sharedJson");
    // The answer `c.json` made, unreplaced: tagged from its text, its headers set in place.
    if (candidate && json?.response === res) return tagJson(c, json.text, seconds > 0 ? policy : undefined);
    const isHtml = (res.headers.get("content-type") ?? "").startsWith("text/html");
    let body: Uint8Array<ArrayBuffer> | undefined;
    if (candidate && res.body) {
      body = new Uint8Array(await res.arrayBuffer());
      // Hashes for every candidate, a 404 page too: it was rendered without a nonce.
      c.set("cspScriptHashes", isHtml ? inlineScriptHashes(body) : []);
    } else if (candidate) {
      c.set("cspScriptHashes", []);
    }
    const shareable =
      candidate &&
      seconds > 0 &&
      res.status === 200 &&
      !res.headers.has("set-cookie") &&
      !res.headers.has("cache-control");
    const headers = new Headers(res.headers);
    if (shareable) {
      headers.set("Cache-Control", policy);
      if (body) {
        const etag = weakEtag(body);
        headers.set("ETag", etag);
        if (matchesEtag(c.req.header("if-none-match"), etag)) {
          headers.delete("content-length");
          headers.delete("content-type");
          return replace(c, new Response(null, { status: 304, headers }));
        }
      }
    } else if (!res.headers.has("cache-control")) {
      headers.set("Cache-Control", "private, no-cache");
      if (isHtml) headers.set("X-Accel-Buffering", "no");
    }
    if (body) headers.set("content-length", String(body.byteLength));
    replace(c, new Response(body ?? res.body, { status: res.status, statusText: res.statusText, headers }));
  };
}

/**
 * The policy of a public API GET's answer, from the JSON text it was made of: as for any answer
 * (a 200 setting no cookie is shareable, with its tag and 304), but the body is never read back.
 */
function tagJson(c: Context, text: string, policy: string | undefined) {
  const res = c.res;
  c.set("cspScriptHashes", []);
  if (!policy || res.status !== 200 || res.headers.has("set-cookie") || res.headers.has("cache-control")) {
    if (!res.headers.has("cache-control")) setResponseHeaders(c, [["Cache-Control", "private, no-cache"]]);
    return;
  }
  const etag = weakEtag(text);
  if (matchesEtag(c.req.header("if-none-match"), etag)) {
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    headers.delete("content-type");
    headers.set("Cache-Control", policy);
    headers.set("ETag", etag);
    return replace(c, new Response(null, { status: 304, headers }));
  }
  setResponseHeaders(c, [
    ["Cache-Control", policy],
    ["ETag", etag],
  ]);
}

function replace(c: Context, response: Response) {
  // Unset first: Hono would copy the old response's headers onto the new one.
  c.res = undefined;
  c.res = response;
}
