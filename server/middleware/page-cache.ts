import type { Context, MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";
import { widthRange } from "#app/lib/breakpoints.ts";
import { readViewportWidth } from "#app/lib/cookies.server.ts";
import { chosenEncoding } from "./compression.ts";
import {
  DEFAULT_SHARED_CACHE_SECONDS,
  isSharedPageRequest,
  matchesEtag,
  type SharedCacheConfig,
} from "./shared-cache.ts";

// The instance's own copy of visitors' rendered pages, for a few seconds: the same pages, under the
// same key, that nginx's proxy_cache may keep (docs/caching.md#the-instances-page-cache,
// docs/decisions/065-page-cache.md).

export interface PageCacheSettings {
  /** How long a rendered visitor's page is served from memory; 0 turns the cache off. */
  seconds: number;
  /** The most the copies may hold, in bytes of their (compressed) bodies. */
  maxBytes: number;
  /** Milliseconds on a monotonic clock (tests turn it by hand); performance.now by default. */
  now?: () => number;
  /** Where writes are counted: this process unless given (Redis with several instances). */
  generation?: PageGeneration;
  /**
   * Whether a successful write counts (every one unless given). The app counts a signed-in
   * customer's or staff member's only: a visitor's (log-in, log-out, a reset request) changes no
   * page, and counting it would let anyone empty every cache at will.
   */
  countsAsWrite?: (c: Context) => boolean | Promise<boolean>;
}

/**
 * The shop-wide count of writes: a copy is served only while the count is the one it was rendered
 * under. Kept in this process by default; in Redis when instances share one
 * (server/adapters/redis-page-generation.ts), so a write through one instance empties all caches.
 */
export interface PageGeneration {
  current(): Promise<number>;
  bump(): Promise<void>;
  close?(): Promise<void>;
}

export function createLocalPageGeneration(): PageGeneration {
  let count = 0;
  return {
    current: async () => count,
    bump: async () => {
      count++;
    },
  };
}

export interface PageCacheConfig {
  NODE_ENV?: string;
  PAGE_CACHE_SECONDS?: number;
  PAGE_CACHE_MB?: number;
}

/** On in production unless configured; never longer than a shared cache may keep the same page. */
export const DEFAULT_PAGE_CACHE_SECONDS = 10;
export const DEFAULT_PAGE_CACHE_MB = 64;

export function pageCacheSettings(config: PageCacheConfig & SharedCacheConfig): PageCacheSettings {
  const wanted =
    config.PAGE_CACHE_SECONDS ?? (config.NODE_ENV === "production" ? DEFAULT_PAGE_CACHE_SECONDS : 0);
  return {
    seconds: Math.min(wanted, config.SHARED_CACHE_SECONDS ?? DEFAULT_SHARED_CACHE_SECONDS),
    maxBytes: (config.PAGE_CACHE_MB ?? DEFAULT_PAGE_CACHE_MB) * 1024 * 1024,
  };
}

interface CachedPage {
  storedAt: number;
  /** The count of writes it was rendered under. */
  generation: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  etag: string | null;
  /** The page's inline-script hashes: the Content-Security-Policy names them (shared-cache.ts). */
  scriptHashes: string[];
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);
const S_MAXAGE = /\bs-maxage=(\d+)/;

/**
 * What a visitor's page depends on, exactly as docs/nginx/shop.conf keys its cache: the public
 * URL (scheme, host, path and query), the encoding, and on the search pages the viewport-width
 * range the page size follows, read from the `vw` cookie as the page reads it.
 */
function keyOf(c: Context): string {
  const width = c.req.path.startsWith("/search") ? widthRange(readViewportWidth(c.req.raw)) : "";
  // A copy per encoding the compression middleware would choose, as nginx keeps one.
  return `${chosenEncoding(c.req.header("accept-encoding")) ?? ""}|${width}|${c.req.url}`;
}

/**
 * The shared cache's policy of a copy served `ageSeconds` after it was rendered: its s-maxage is
 * what remains of it, so a cache in front (which may not read an `Age` header: nginx does not)
 * expires its copy when it would have expired one fetched at render time, and the freshness bound
 * of docs/caching.md holds with both caches.
 */
function remainingPolicy(policy: string, ageSeconds: number): string {
  return policy.replace(
    S_MAXAGE,
    (_, seconds: string) => `s-maxage=${Math.max(0, Number(seconds) - ageSeconds)}`,
  );
}

/**
 * Serves a visitor's page rendered in the last `seconds` from memory instead of rendering it
 * again. Only what the shared-cache middleware made shareable is kept: a 200 HTML page to a GET
 * without a session cookie or Authorization header, outside the personal pages, setting no cookie.
 * Concurrent requests for a page being rendered wait for that render instead of repeating it. A
 * successful write (a POST, PUT, PATCH or DELETE answered below 400 that `countsAsWrite`: a
 * back-office edit, an import, an add to cart) counts one more write, and copies rendered under an
 * older count are never served: the change shows at once on this instance, and on every instance
 * sharing the count in Redis. Changes made outside the shop show within `seconds`.
 */
export function pageCache(settings: PageCacheSettings): MiddlewareHandler {
  if (settings.seconds <= 0) return (_c, next) => next();
  const ttl = settings.seconds * 1000;
  const now = settings.now ?? (() => performance.now());
  const pages = new LRUCache<string, CachedPage>({
    perf: { now },
    // Read the clock on every lookup (its default keeps a reading for 1 ms behind a timer).
    ttlResolution: 0,
    maxSize: settings.maxBytes,
    // One page may take at most a sixteenth of the room, so a huge one cannot empty the cache.
    maxEntrySize: Math.max(1, Math.floor(settings.maxBytes / 16)),
    sizeCalculation: (page) => Math.max(1, page.body.byteLength),
    ttl,
  });
  const rendering = new Map<string, Promise<void>>();
  const generation = settings.generation ?? createLocalPageGeneration();
  const counts = settings.countsAsWrite ?? (() => true);

  return async (c, next) => {
    const method = c.req.method.toUpperCase();
    if (!SAFE_METHODS.has(method)) {
      await next();
      if (c.res.status < 400 && (await counts(c))) {
        pages.clear();
        // Counted before the answer leaves, so the writer's next request finds no older copy. If
        // Redis does not answer, other instances keep theirs for at most `seconds`.
        await generation.bump().catch(() => {});
      }
      return;
    }
    if (c.req.path.startsWith("/api/") || !isSharedPageRequest(c.req.raw)) return next();

    let current: number;
    try {
      current = await generation.current();
    } catch {
      return next(); // Whether a copy is still current is unknown: render, keep nothing.
    }
    const key = keyOf(c);
    const fresh = () => {
      const page = pages.get(key);
      return page?.generation === current ? page : undefined;
    };
    let page = fresh();
    if (!page && method === "GET") {
      const pending = rendering.get(key);
      if (pending) {
        await pending;
        page = fresh();
      }
    }
    if (page) {
      // Unset first, as shared-cache.ts does: Hono would copy a previous response's headers over.
      c.res = undefined;
      c.res = serve(c, page, method, now());
      return;
    }
    if (method !== "GET") return next();

    let done!: () => void;
    rendering.set(
      key,
      new Promise<void>((resolve) => {
        done = resolve;
      }),
    );
    try {
      await next();
      // Under the count read before rendering: if a write came meanwhile, the copy is never served.
      const stored = await storable(c, current, now());
      if (stored) pages.set(key, stored);
    } finally {
      rendering.delete(key);
      done();
    }
  };
}

/** The copy to keep of this answer, when it is a shareable page; the answer is rebuilt around it. */
async function storable(c: Context, generation: number, storedAt: number): Promise<CachedPage | undefined> {
  const res = c.res;
  const policy = res.headers.get("cache-control") ?? "";
  const scriptHashes = c.get("cspScriptHashes");
  if (
    res.status !== 200 ||
    !res.body ||
    !scriptHashes ||
    !S_MAXAGE.test(policy) ||
    !policy.startsWith("public") ||
    res.headers.has("set-cookie") ||
    !(res.headers.get("content-type") ?? "").startsWith("text/html")
  )
    return undefined;
  const body = new Uint8Array(await res.arrayBuffer());
  c.res = undefined;
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  return {
    storedAt,
    generation,
    headers: [...res.headers],
    body,
    etag: res.headers.get("etag"),
    scriptHashes,
  };
}

function serve(c: Context, page: CachedPage, method: string, at: number): Response {
  const ageSeconds = Math.floor((at - page.storedAt) / 1000);
  const headers = new Headers(page.headers);
  const policy = headers.get("cache-control");
  if (policy) headers.set("cache-control", remainingPolicy(policy, ageSeconds));
  // The security headers middleware names these in the page's Content-Security-Policy.
  c.set("cspScriptHashes", page.scriptHashes);
  if (page.etag && matchesEtag(c.req.header("if-none-match"), page.etag)) {
    for (const name of ["content-length", "content-type", "content-encoding"]) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  return new Response(method === "HEAD" ? null : page.body, { status: 200, headers });
}
