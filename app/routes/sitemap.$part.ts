import { data } from "react-router";
import { siteOrigin } from "#app/lib/site.server.ts";
import { urlSetResponse } from "#app/lib/sitemap.server.ts";
import { listingSitemapEntries, productSitemapEntries } from "#core/catalog/sitemap.ts";
import type { Route } from "./+types/sitemap.$part";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(request, context);
  if (params.part === "listings.xml")
    return urlSetResponse(origin, await listingSitemapEntries(context.core));
  const match = /^products-([1-9]\d{0,5})\.xml$/.exec(params.part);
  const part = match ? Number(match[1]) : 0;
  // File 1 always exists (the index lists it); a later file exists while it has products.
  const entries = part > 0 ? await productSitemapEntries(context.core, part) : [];
  if (part === 0 || (part > 1 && entries.length === 0)) throw data("Not Found", { status: 404 });
  return urlSetResponse(origin, entries);
}
