import { data, redirect } from "react-router";
import {
  CLEAR_SESSION_COOKIE,
  deviceCookie,
  isCrossSiteWrite,
  isSecureRequest,
  SESSION_COOKIE,
  sessionCookie,
} from "#contract/session.ts";
import { authenticate, type Session, viewerOf } from "#core/accounts/customers.ts";
import type { CoreContext } from "#core/context.ts";
import { DomainError } from "#core/errors.ts";
import { hasSessionCookie, readCookies } from "./cookies.server.ts";
import { POST_LOGIN_ROUTE, safeRedirectTarget } from "./redirects.ts";

/** Where guards send people (docs/storefront/README.md#routes-and-guards: both kinds of guard redirect home). */
export const LOG_IN_ROUTE = "/auth/log-in";
export const EMAIL_VERIFICATION_ROUTE = "/customer/email-verification";

/**
 * `Set-Cookie` headers that start a session (the cookie of contract/session.ts); after a log-in, also
 * the device cookie that marks this browser as one the account uses (docs/decisions/024-log-in-limits.md).
 */
export function sessionHeaders(token: string, request: Request, publicUrl?: string, deviceToken?: string) {
  const secure = isSecureRequest(request.url, publicUrl);
  const headers = new Headers({ "Set-Cookie": sessionCookie(token, secure) });
  if (deviceToken) headers.append("Set-Cookie", deviceCookie(deviceToken, secure));
  return headers;
}

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
  options: {
    allowUnverified?: boolean;
    /** Where to come back to, when it is not this request's page (a post to a resource route). */
    backTo?: string;
  } = {},
): Promise<Session> {
  const token = readCookies(request).get(SESSION_COOKIE);
  if (!token) throw redirect("/");
  const back = options.backTo ?? currentPath(request);
  let session: Session;
  try {
    session = await authenticate(core, token);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "unauthenticated") {
      throw logInRedirect(back, { "Set-Cookie": CLEAR_SESSION_COOKIE });
    }
    throw error;
  }
  if (!session.emailVerified && !options.allowUnverified) {
    throw redirect(`${EMAIL_VERIFICATION_ROUTE}?redirectTo=${encodeURIComponent(back)}`);
  }
  return session;
}

/**
 * Who is looking at a public page, for what is personal on it (`isFavorite` on product cards): the
 * customer of a good session, or nobody. A stale cookie is not this page's business: it reads as a
 * visitor, and the next customer page ends the session.
 */
export function viewerId(request: Request, core: CoreContext): Promise<string | undefined> {
  return viewerOf(core, readCookies(request).get(SESSION_COOKIE));
}

/** Guest-only pages (log in, sign up, forgot password) send a signed-in visitor home. */
export function requireGuest(request: Request) {
  if (hasSessionCookie(request)) throw redirect("/");
}

/** The loader of a guest-only page: it loads nothing, and a signed-in visitor goes home. */
export function guestPageLoader({ request }: { request: Request }): null {
  requireGuest(request);
  return null;
}

/**
 * A form post authenticated by the cookie must come from our own pages (docs/decisions/010-accounts-and-sessions.md; the same rule as
 * the API's): a post from another site is refused before anything changes.
 */
export function requireSameOrigin(request: Request, publicUrl?: string) {
  if (isCrossSiteWrite(request, publicUrl ? [new URL(publicUrl).origin] : [])) {
    throw data({ message: "This request did not come from the shop's own pages." }, { status: 403 });
  }
}

/** The form a page posted, once it is known to come from the shop's own pages (requireSameOrigin). */
export function sameOriginForm(request: Request, publicUrl?: string): Promise<FormData> {
  requireSameOrigin(request, publicUrl);
  return request.formData();
}
