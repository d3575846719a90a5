import type { MiddlewareHandler } from "hono";
import { isCrossSiteWrite } from "#contract/session.ts";

export const CROSS_SITE_FORM = "This form was sent from another site, so it was not accepted.";

/**
 * Page posts only from the shop's own pages. Every page action changes something for the customer
 * whose cookie the browser attaches (log out, cart, checkout, phone, password), and SameSite=Lax
 * still lets another site's page send a top-level POST with it. The rule is the API's
 * (contract/session.ts isCrossSiteWrite): refused before the action runs.
 */
export function sameOriginForms(allowedOrigins: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (isCrossSiteWrite(c.req.raw, allowedOrigins)) return c.text(CROSS_SITE_FORM, 403);
    return next();
  };
}
