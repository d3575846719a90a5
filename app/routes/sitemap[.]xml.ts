import { siteOrigin } from "#app/lib/site.server.ts";
import { sitemapIndexResponse } from "#app/lib/sitemap.server.ts";
import { productSitemapCount } from "#core/catalog/sitemap.ts";
import type { Route } from "./+types/sitemap[.]xml";

// A sitemap index: listings in one file, products split over as many files as they need.
export async function loader({ request, context }: Route.LoaderArgs) {
  const files = await productSitemapCount(context.core);
  const paths = [
    "/sitemap/listings.xml",
    ...Array.from({ length: files }, (_, i) => `/sitemap/products-${i + 1}.xml`),
  ];
  return sitemapIndexResponse(siteOrigin(request, context), paths);
}
