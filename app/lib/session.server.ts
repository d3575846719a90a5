import { data, redirect } from "react-router";
import { authenticate, type Session } from "#core/accounts/customers.ts";
import { SESSION_MAX_AGE_SECONDS } from "#core/accounts/tokens.ts";
import type { CoreContext } from "#core/context.ts";
import { DomainError } from "#core/errors.ts";
import { readCookies, TOKEN_COOKIE } from "./cookies.server.ts";
import { POST_LOGIN_ROUTE, safeRedirectTarget } from "./redirects.ts";

/** Where guards send people (SPEC §2 route table: both kinds of guard redirect home). */
export const LOG_IN_ROUTE = "/auth/log-in";
export const EMAIL_VERIFICATION_ROUTE = "/customer/email-verification";

function isHttps(request: Request, publicUrl?: string): boolean {
  return new URL(request.url).protocol === "https:" || Boolean(publicUrl?.startsWith("https:"));
}

/** The session cookie of DESIGN: 90 days, path /, HttpOnly, SameSite=Lax, Secure over HTTPS. */
export function sessionCookie(token: string, request: Request, publicUrl?: string): string {
  return [
    `${TOKEN_COOKIE}=${token}`,
    "Path=/",
    `Max-Age=${SESSION_MAX_AGE_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(isHttps(request, publicUrl) ? ["Secure"] : []),
  ].join("; ");
}

export const CLEAR_SESSION_COOKIE = `${TOKEN_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

/** The path and query of this request: where to come back to after logging in. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return (
    url.pathname.replace(/\.data$/, "") +
    url.search.replace(/([?&])_routes=[^&]*&?/, "$1").replace(/[?&]$/, "")
  );
}

/** The log-in page, remembering where the visitor was. */
export function logInRedirect(backTo: string, headers?: HeadersInit) {
  const target = safeRedirectTarget(backTo);
  const query = target === POST_LOGIN_ROUTE ? "" : `?redirectTo=${encodeURIComponent(target)}`;
  return redirect(`${LOG_IN_ROUTE}${query}`, { headers });
}

/**
 * The signed-in customer, or a redirect: no cookie → home (the route table); a cookie that is no
 * longer good (expired, forged, older than a password change) ends the session and goes to log in;
 * an unverified email → email verification, unless this page is part of verifying.
 */
export async function requireCustomer(
  request: Request,
  core: CoreContext,
  options: { allowUnverified?: boolean } = {},
): Promise<Session> {
  const token = readCookies(request).get(TOKEN_COOKIE);
  if (!token) throw redirect("/");
  let session: Session;
  try {
    session = await authenticate(core, token);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "unauthenticated") {
      throw logInRedirect(currentPath(request), { "Set-Cookie": CLEAR_SESSION_COOKIE });
    }
    throw error;
  }
  if (!session.emailVerified && !options.allowUnverified) {
    const back = currentPath(request);
    throw redirect(`${EMAIL_VERIFICATION_ROUTE}?redirectTo=${encodeURIComponent(back)}`);
  }
  return session;
}

/** Guest-only pages (log in, sign up, forgot password) send a signed-in visitor home. */
export function requireGuest(request: Request) {
  if (readCookies(request).get(TOKEN_COOKIE)) throw redirect("/");
}

/**
 * A form post authenticated by the cookie must come from our own pages (DESIGN): browsers send
 * `Origin` with every POST; a foreign one is refused before anything changes.
 */
export function requireSameOrigin(request: Request, publicUrl?: string) {
  const origin = request.headers.get("origin");
  const own = new URL(request.url).origin;
  const allowed =
    origin === null
      ? request.headers.get("sec-fetch-site") !== "cross-site"
      : origin === own || (publicUrl !== undefined && origin === new URL(publicUrl).origin);
  if (!allowed)
    throw data({ message: "This request did not come from the shop's own pages." }, { status: 403 });
}
