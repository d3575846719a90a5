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

export function readTheme(request: Request): Theme {
  return parseTheme(readCookies(request).get(THEME_COOKIE)) ?? "light";
}

/** Login state is the presence of the session cookie (docs/storefront/accounts.md#session). */
export function hasSessionCookie(request: Request): boolean {
  return Boolean(readCookies(request).get(SESSION_COOKIE));
}

export function readViewportWidth(request: Request): number {
  const value = Number(readCookies(request).get(VIEWPORT_COOKIE));
  return Number.isInteger(value) && value > 0 && value < 100_000 ? value : DEFAULT_VIEWPORT_WIDTH;
}
