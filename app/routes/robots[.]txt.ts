import { siteOrigin } from "#app/lib/site.server.ts";
import type { Route } from "./+types/robots[.]txt";

// Customer, sign-in and payment pages hold nothing to index; the API is for clients, not crawlers.
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(request, context);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /auth/",
    "Disallow: /checkout/",
    "Disallow: /customer/",
    "Disallow: /dev/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
