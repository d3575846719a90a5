import type { MiddlewareHandler } from "hono";

// Behind a TLS-terminating proxy the shop receives `http://<internal address>/…`, while the browser
// is on `https://shop.example/…`. Everything that compares or builds addresses — React Router's
// origin check on page actions, the same-origin rule for writes, Secure cookies, redirects,
// canonical links, the sitemap — must see the address the browser used. With TRUST_PROXY the
// request's URL is rewritten once, here, from the headers our own proxies set
// (docs/operations.md#behind-a-tls-proxy).

const PROTOCOL = /^https?$/;
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The entry of a forwarding header (X-Forwarded-For, -Proto, -Host) that the outermost of our
 * `proxyHops` proxies wrote: each proxy appends one, so entries to its left were written by the
 * client and prove nothing. Fewer entries than proxies: the request skipped the outer proxy, and the
 * left-most is the best any of ours saw.
 */
export function outermostForwarded(header: string | undefined, proxyHops: number): string | undefined {
  const entries = (header ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length > 0 ? entries[Math.max(0, entries.length - proxyHops)] : undefined;
}

/** The URL the client asked for, as the browser saw it: forwarded protocol and host applied. */
export function publicRequestUrl(request: Request, proxyHops: number): string {
  if (proxyHops <= 0) return request.url;
  const url = new URL(request.url);
  const proto = outermostForwarded(
    request.headers.get("x-forwarded-proto") ?? undefined,
    proxyHops,
  )?.toLowerCase();
  const host = outermostForwarded(request.headers.get("x-forwarded-host") ?? undefined, proxyHops);
  if (proto && PROTOCOL.test(proto)) url.protocol = `${proto}:`;
  if (host && HOST.test(host)) url.host = host;
  return url.href;
}

/** Rewrites the request's URL to the public one when proxies are trusted (see above). */
export function publicRequestUrls(proxyHops: number): MiddlewareHandler {
  return async (c, next) => {
    if (proxyHops <= 0) return next();
    const url = publicRequestUrl(c.req.raw, proxyHops);
    if (url !== c.req.raw.url) {
      const raw = c.req.raw;
      const hasBody = raw.method !== "GET" && raw.method !== "HEAD" && raw.body !== null;
      c.req.raw = new Request(url, {
        method: raw.method,
        headers: raw.headers,
        body: hasBody ? raw.body : undefined,
        signal: raw.signal,
        // A streamed body is passed on as it arrives (Node's fetch requires saying so).
        ...(hasBody ? { duplex: "half" } : {}),
      } as RequestInit);
    }
    return next();
  };
}
