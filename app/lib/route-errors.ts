import { isRouteErrorResponse } from "react-router";

/**
 * Errors that replace the whole app with a global page (docs/storefront/api.md#client-error-handling: too many requests, no answer from
 * the server). A route's own error boundary re-throws these so they reach the root boundary.
 */
export function isGlobalError(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status === 429;
  return isNetworkError(error);
}

/** A failed fetch (server unreachable) surfaces as a TypeError from the browser's fetch. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/** A 404 answer: what a loader throws for something that does not exist (notFoundAs404). */
export function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}
