/** Where log-in, sign-up, reset and email verification lead when there is nowhere to go back to. */
export const POST_LOGIN_ROUTE = "/";

/**
 * A `redirectTo` value we are willing to follow: a path on this site. Anything else (another
 * origin, `//evil.example`, `javascript:`) falls back to the post-login route.
 */
export function safeRedirectTarget(value: unknown): string {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  ) {
    return POST_LOGIN_ROUTE;
  }
  try {
    const url = new URL(value, "http://shop.invalid");
    if (url.origin !== "http://shop.invalid") return POST_LOGIN_ROUTE;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return POST_LOGIN_ROUTE;
  }
}
