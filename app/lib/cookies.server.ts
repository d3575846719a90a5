import { SESSION_COOKIE } from "#contract/session.ts";
import { DEFAULT_VIEWPORT_WIDTH } from "./breakpoints.ts";
import { parseTheme, THEME_COOKIE, type Theme } from "./theme.ts";
import { VIEWPORT_COOKIE } from "./viewport.ts";

export function readCookies(request: Request): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || jar.has(name)) continue;
    try {
      jar.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      // A malformed value is ignored, as if absent.
    }
  }
  return jar;
}

/** A cookie's value as sent, undecoded: the first of its name. */
function rawCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq >= 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1);
  }
  return undefined;
}

export function readTheme(request: Request): Theme {
  return parseTheme(readCookies(request).get(THEME_COOKIE)) ?? "light";
}

/** Login state is the presence of the session cookie (docs/storefront/accounts.md#session). */
export function hasSessionCookie(request: Request): boolean {
  return Boolean(readCookies(request).get(SESSION_COOKIE));
}

/**
 * The width the boot script wrote (`window.innerWidth`): 1 to 5 digits, no leading zero. Anything
 * else counts as absent. docs/nginx/shop.conf puts the same reading of the cookie into the shared
 * cache's key of the search pages, so a cached page and its key never disagree (docs/caching.md).
 */
export function readViewportWidth(request: Request): number {
  // Raw, as nginx's $cookie_vw reads it: a percent-encoded width is not one.
  const value = rawCookie(request, VIEWPORT_COOKIE) ?? "";
  return /^[1-9][0-9]{0,4}$/.test(value) ? Number(value) : DEFAULT_VIEWPORT_WIDTH;
}
