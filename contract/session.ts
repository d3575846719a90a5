// The session cookie and the same-origin rule, one definition for the API (server/) and the
// storefront (app/). Dependency-free: plain strings and a Request-like shape.

/** docs/storefront/accounts.md#session: the token lives in a cookie named JWTToken for 90 days, path /. */
export const SESSION_COOKIE = "JWTToken";
export const SESSION_DAYS = 90;
export const SESSION_MAX_AGE_SECONDS = SESSION_DAYS * 24 * 60 * 60;
/** A staff session (manager, admin) ends after 12 hours: a working day, not a season. */
export const STAFF_SESSION_SECONDS = 12 * 60 * 60;

/**
 * Whether cookies should be marked Secure: the request came over HTTPS, or the shop's public
 * address is HTTPS (a TLS proxy in front makes our own URL `http://internal`).
 */
export function isSecureRequest(requestUrl: string, publicUrl?: string): boolean {
  return new URL(requestUrl).protocol === "https:" || Boolean(publicUrl?.startsWith("https:"));
}

/** A site-wide cookie scripts cannot read: HttpOnly, SameSite=Lax, Secure over HTTPS. */
function httpOnlyCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${name}=${value}`,
    "Path=/",
    `Max-Age=${maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * `Set-Cookie` for a new session (docs/storefront/accounts.md#session): the cookie lives as long as
 * the token it carries, 90 days for a customer and 12 hours for staff, read from the token's own
 * `iat` and `exp` (the shop minted it a moment ago; nothing here trusts it).
 */
export function sessionCookie(token: string, secure: boolean): string {
  return httpOnlyCookie(
    SESSION_COOKIE,
    token,
    tokenLifetimeSeconds(token) ?? SESSION_MAX_AGE_SECONDS,
    secure,
  );
}

function tokenLifetimeSeconds(token: string): number | undefined {
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    if (claims === null || typeof claims !== "object") return undefined;
    const { iat, exp } = claims as { iat?: unknown; exp?: unknown };
    return typeof iat === "number" && typeof exp === "number" && exp > iat ? exp - iat : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The device cookie: proof that an account logged in from this browser before, so its log-ins are
 * counted apart from strangers' guesses (docs/decisions/024-log-in-limits.md). Kept across log-outs.
 */
export const DEVICE_COOKIE = "shop_device";
const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function deviceCookie(token: string, secure: boolean): string {
  return httpOnlyCookie(DEVICE_COOKIE, token, DEVICE_MAX_AGE_SECONDS, secure);
}

/** `Set-Cookie` that ends the session (log out, or a token that is no longer good). */
export const CLEAR_SESSION_COOKIE = `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

interface RequestLike {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A change that the browser could have sent from another site's page with our cookie attached
 * (SameSite=Lax still allows some top-level POSTs): refused, or not answered with a cookie.
 * `Sec-Fetch-Site: same-origin` is set by the browser, never by a script, and holds even when a
 * TLS proxy makes our URL differ from the page's origin; otherwise `Origin` must be ours or one of
 * `allowedOrigins` (PUBLIC_URL, CORS_ORIGINS).
 */
export function isCrossSiteWrite(request: RequestLike, allowedOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "same-origin") return false;
  const origin = request.headers.get("origin");
  if (origin) return origin !== new URL(request.url).origin && !allowedOrigins.includes(origin);
  return fetchSite === "cross-site";
}
