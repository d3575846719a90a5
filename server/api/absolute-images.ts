import type { Context, MiddlewareHandler } from "hono";
import { jsonWithText } from "../middleware/shared-cache.ts";

// Image URLs in API answers are absolute (docs/decisions/025-api-fidelity.md): a client served from
// another origin resolves `/images/…` against its own host. The catalogue keeps root-relative paths
// (and the storefront's pages, which read core directly, use them as they are); the API prefixes
// them here, once, on the way out, with PUBLIC_URL's origin when it is set, else the origin the
// request was sent to (already the public one behind trusted proxies: middleware/public-url.ts).
// An absolute URL (a CDN's) passes through unchanged.

/** The fields of API answers that hold an image URL, or a list of them. */
const IMAGE_FIELDS = new Set(["image", "imageCover", "images", "profileImage"]);

const isRootRelative = (url: string) => url.charCodeAt(0) === 47 /* / */ && url.charCodeAt(1) !== 47;

function imageValue(value: unknown, origin: string): unknown {
  if (typeof value === "string") return isRootRelative(value) ? origin + value : value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      const r = typeof v === "string" ? imageValue(v, origin) : withAbsoluteImages(v, origin);
      if (r !== v) {
        out ??= value.slice();
        out[i] = r;
      }
    }
    return out ?? value;
  }
  return withAbsoluteImages(value, origin);
}

/**
 * `value` with every root-relative URL under an image field prefixed with `origin`. Copy on write:
 * what holds no such URL is returned as it is, and nothing is changed in place (core may hand out
 * cached objects).
 */
export function withAbsoluteImages<T>(value: T, origin: string): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      const r = withAbsoluteImages(v, origin);
      if (r !== v) {
        out ??= value.slice();
        out[i] = r;
      }
    }
    return (out ?? value) as T;
  }
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const v = record[key];
    if (v === null || (typeof v !== "object" && typeof v !== "string")) continue;
    const r = IMAGE_FIELDS.has(key) ? imageValue(v, origin) : withAbsoluteImages(v, origin);
    if (r !== v) {
      out ??= { ...record };
      out[key] = r;
    }
  }
  return (out ?? value) as T;
}

/**
 * For the API router: every `c.json` answer after this middleware has absolute image URLs. Wrapping
 * `c.json` walks the answer before it is serialised, instead of parsing and re-serialising the body;
 * the text is kept beside the answer for the shared-cache policy's tag (jsonWithText, decision 066).
 */
export function absoluteImageUrls(publicUrl: string | undefined): MiddlewareHandler {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return async (c: Context, next) => {
    c.json = ((object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) =>
      jsonWithText(
        c,
        withAbsoluteImages(object, publicOrigin ?? new URL(c.req.url).origin),
        arg,
        headers,
      )) as typeof c.json;
    await next();
  };
}
