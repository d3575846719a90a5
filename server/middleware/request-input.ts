import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_CATALOGUE_FILE_BYTES } from "#contract/admin-catalogue-file.ts";
import { MAX_PHOTO_BYTES } from "#contract/admin-photos.ts";
import { findUnstorableText, unstorableMessage } from "#contract/storable-text.ts";

// Limits and checks on what a request carries, before any handler reads it (docs/operations.md#security).

/** Largest JSON body an API endpoint takes. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;
/** Largest page form post (log-in, sign-up, cart, checkout, phone, card): a few hundred bytes each. */
export const MAX_FORM_BODY_BYTES = 64 * 1024;

/** A product photo's multipart body: the photo's own limit plus room for the form around it. */
export const MAX_PHOTO_UPLOAD_BODY_BYTES = MAX_PHOTO_BYTES + 64 * 1024;

/**
 * The only routes that take more than the limits above, each with its own bound: the catalogue
 * file's imports (docs/back-office/import-export.md) and product photos (docs/back-office/photos.md).
 * A page's action is posted to its path, or to `….data` when React Router submits it from the browser.
 */
export const LARGE_BODY_ROUTES: readonly { method: string; path: RegExp; maxBytes: number }[] = [
  { method: "POST", path: /^\/api\/v1\/catalogue\/import$/, maxBytes: MAX_CATALOGUE_FILE_BYTES },
  { method: "POST", path: /^\/admin\/catalogue-file(?:\.data)?$/, maxBytes: MAX_CATALOGUE_FILE_BYTES },
  { method: "POST", path: /^\/api\/v1\/products\/[^/]+\/photos$/, maxBytes: MAX_PHOTO_UPLOAD_BODY_BYTES },
  {
    method: "POST",
    path: /^\/admin\/products\/[^/]+\/photos(?:\.data)?$/,
    maxBytes: MAX_PHOTO_UPLOAD_BODY_BYTES,
  },
];

/** Whether the client asked the API (JSON answers) rather than a page. */
const isApi = (c: Context) => c.req.path.startsWith("/api/");

function refuse(c: Context, status: 400 | 413, message: string, field?: string) {
  if (isApi(c)) {
    return c.json({ status: "fail", message, ...(field ? { errors: [{ field, message }] } : {}) }, status);
  }
  return c.text(message, status);
}

/**
 * Bodies over `maxBytes` are a 413 before they are read: by their declared length at once, and a
 * body sent without one is counted as it streams and refused when it passes the limit. Memory stays
 * bounded by the limit whatever a client sends (bench/results/body-limit-*.md).
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  const kb = Math.round(maxBytes / 1024);
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => refuse(c, 413, `The request body is too large: at most ${kb} KB.`),
  });
}

/** limitBody with `maxBytes`, except on the LARGE_BODY_ROUTES, which have their own bound. */
export function limitBodyByRoute(maxBytes: number): MiddlewareHandler {
  const usual = limitBody(maxBytes);
  const large = LARGE_BODY_ROUTES.map((route) => ({ ...route, limit: limitBody(route.maxBytes) }));
  return (c, next) => {
    // A GET or HEAD never has a body here (@hono/node-server gives them none), and asking for one
    // would build the whole Web Request this server otherwise never needs for them: 1.5 % of the
    // API's product detail profile (docs/decisions/061-search-counts-and-related-walk.md).
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const route = large.find((r) => r.method === c.req.method && r.path.test(c.req.path));
    return (route?.limit ?? usual)(c, next);
  };
}

/**
 * Path segments and query values the database could not store (a NUL character) are a 400 naming
 * the parameter, whatever route they were meant for; a path that is not valid percent-encoding is
 * a 400 too.
 */
export function refuseUnstorableUrl(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return refuse(c, 400, "The address is not valid.");
    }
    if (path.includes("\u0000")) return refuse(c, 400, unstorableMessage("path"), "path");
    for (const [name, value] of url.searchParams) {
      const field = findUnstorableText({ [name]: value });
      if (field !== null) return refuse(c, 400, unstorableMessage(field), field);
    }
    return next();
  };
}

/**
 * Page form posts holding text the database could not store are a 400 naming the field, before the
 * page's action runs (the API's bodies are checked by server/api/validate.ts).
 */
export function refuseUnstorableForm(): MiddlewareHandler {
  return async (c, next) => {
    const type = c.req.header("content-type") ?? "";
    if (
      c.req.method === "GET" ||
      c.req.method === "HEAD" ||
      !(type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data"))
    ) {
      return next();
    }
    let form: FormData;
    try {
      form = await c.req.raw.clone().formData();
    } catch {
      return refuse(c, 400, "The form could not be read.");
    }
    const values: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === "string") values[name] = value;
    const field = findUnstorableText(values);
    if (field !== null) return refuse(c, 400, unstorableMessage(field), field);
    return next();
  };
}
