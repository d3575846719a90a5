import { data } from "react-router";
import { siteOrigin } from "#app/lib/site.server.ts";
import { urlSetResponse } from "#app/lib/sitemap.server.ts";
import { listingSitemapEntries, productSitemapCount, productSitemapEntries } from "#core/catalog/sitemap.ts";
import type { Route } from "./+types/sitemap.$part";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(request, context);
  if (params.part === "listings.xml")
    return urlSetResponse(origin, await listingSitemapEntries(context.core));
  const match = /^products-([1-9]\d{0,5})\.xml$/.exec(params.part);
  const part = match ? Number(match[1]) : 0;
  if (part === 0 || part > (await productSitemapCount(context.core))) {
    throw data("Not Found", { status: 404 });
  }
  return urlSetResponse(origin, await productSitemapEntries(context.core, part));
}
