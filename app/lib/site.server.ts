import type { AppLoadContext } from "react-router";

/**
 * The shop's public origin for canonical URLs, OpenGraph and the sitemap: PUBLIC_URL when the
 * operator set it (behind a proxy the request's own host may be internal), else the request's.
 */
export function siteOrigin(request: Request, context: AppLoadContext): string {
  return (context.publicUrl ?? new URL(request.url).origin).replace(/\/+$/, "");
}
