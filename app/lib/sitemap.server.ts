import type { SitemapEntry } from "#core/catalog/sitemap.ts";
import { escapeHtml as escapeXml } from "#core/html.ts";

const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
};

export function urlSetResponse(origin: string, entries: SitemapEntry[]): Response {
  const urls = entries
    .map((e) => `<url><loc>${escapeXml(origin + e.path)}</loc><lastmod>${e.lastModified}</lastmod></url>`)
    .join("\n");
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    { headers: XML_HEADERS },
  );
}

export function sitemapIndexResponse(origin: string, paths: string[]): Response {
  const items = paths.map((p) => `<sitemap><loc>${escapeXml(origin + p)}</loc></sitemap>`).join("\n");
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`,
    { headers: XML_HEADERS },
  );
}
