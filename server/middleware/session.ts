import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { isCrossSiteWrite, SESSION_COOKIE } from "#contract/session.ts";
import { authenticate, requireVerifiedEmail, type Session, viewerOf } from "#core/accounts/customers.ts";
import type { CoreContext } from "#core/context.ts";
import { DomainError } from "#core/errors.ts";
import { authenticateStaff, requireRole, type Staff, type StaffRole } from "#core/staff/roles.ts";

/**
 * The token of a request: `Authorization: Bearer …` (API clients) or the session cookie (the browser).
 * Another scheme (a staging site's Basic auth, which the browser sends with every request) is not
 * ours: the cookie decides then.
 */
export function readToken(c: Context): { token: string | undefined; viaCookie: boolean } {
  const header = c.req.header("authorization");
  if (header !== undefined && /^Bearer(\s|$)/i.test(header)) {
    const match = header.match(/^Bearer\s+(\S+)\s*$/i);
    return { token: match?.[1] ?? "", viaCookie: false };
  }
  const cookie = getCookie(c, SESSION_COOKIE);
  return { token: cookie || undefined, viaCookie: Boolean(cookie) };
}

/**
 * For public endpoints: a valid session fills `customerId` (so products show `isFavorite`); a bad or
 * missing token just means a visitor.
 */
export function optionalSession(ctx: CoreContext): MiddlewareHandler {
  return async (c, next) => {
    const customerId = await viewerOf(ctx, readToken(c).token);
    if (customerId) c.set("customerId", customerId);
    return next();
  };
}

/**
 * For customer endpoints: 401 without a valid session; 403 (`Your email is not verified…`) unless
 * the email is verified or `allowUnverified` says this endpoint is part of verifying.
 */
export function requireSession(
  ctx: CoreContext,
  options: { allowUnverified?: boolean; allowedOrigins: string[] },
): MiddlewareHandler {
  return async (c, next) => {
    const { token, viaCookie } = readToken(c);
    const session = await authenticate(ctx, token);
    // A Bearer token is not sent automatically by the browser; the cookie is, so it needs the check.
    if (viaCookie && isCrossSiteWrite(c.req.raw, options.allowedOrigins)) {
      throw new DomainError("forbidden", "This request did not come from the shop's own pages.");
    }
    if (!options.allowUnverified) requireVerifiedEmail(session);
    c.set("session", session);
    c.set("customerId", session.customerId);
    return next();
  };
}

/**
 * For staff endpoints: 401 without a good session (as requireSession), 403 for a customer or a role
 * below `role`. Sets `staff`, the actor core's staff functions take.
 */
export function requireStaff(
  ctx: CoreContext,
  role: StaffRole,
  options: { allowedOrigins: string[] },
): MiddlewareHandler {
  return async (c, next) => {
    const { token, viaCookie } = readToken(c);
    const staff = await authenticateStaff(ctx, token);
    if (viaCookie && isCrossSiteWrite(c.req.raw, options.allowedOrigins)) {
      throw new DomainError("forbidden", "This request did not come from the shop's own pages.");
    }
    requireRole(staff, role);
    c.set("staff", staff);
    c.set("customerId", staff.id);
    return next();
  };
}

declare module "hono" {
  interface ContextVariableMap {
    session: Session;
    staff: Staff;
  }
}
