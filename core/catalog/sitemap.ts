import { sql } from "drizzle-orm";
import { queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { iso } from "../shared/timestamps.ts";

/** Products per sitemap file: well under the protocol's 50,000 URLs and 50 MB. */
export const SITEMAP_PRODUCTS_PER_FILE = 10_000;

export interface SitemapEntry {
  path: string;
  lastModified: string;
}

/** How many product sitemap files the catalogue needs (at least one, so the index is stable). */
export async function productSitemapCount(ctx: CoreContext): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS total FROM products WHERE archived_at IS NULL`,
  );
  return Math.max(1, Math.ceil((row?.total ?? 0) / SITEMAP_PRODUCTS_PER_FILE));
}

/** Product pages (archived ones are 404s) of sitemap file `part` (1-based), in id order so files stay stable between runs. */
export async function productSitemapEntries(ctx: CoreContext, part: number): Promise<SitemapEntry[]> {
  const rows = await queryRows<{ id: string; updated_at: Date | string }>(
    ctx.db,
    sql`SELECT id, updated_at FROM products WHERE archived_at IS NULL ORDER BY id
        LIMIT ${SITEMAP_PRODUCTS_PER_FILE} OFFSET ${(part - 1) * SITEMAP_PRODUCTS_PER_FILE}`,
  );
  return rows.map((r) => ({ path: `/product/${r.id}`, lastModified: iso(r.updated_at) }));
}

/** The home page, the catalogue and one listing per category and brand. */
export async function listingSitemapEntries(ctx: CoreContext): Promise<SitemapEntry[]> {
  const [latest] = await queryRows<{ updated_at: Date | string | null }>(
    ctx.db,
    sql`SELECT max(updated_at) AS updated_at FROM products`,
  );
  const catalogueChanged = iso(latest?.updated_at ?? ctx.now());
  const [categories, brands] = await Promise.all([
    queryRows<{ id: string; updated_at: Date | string }>(
      ctx.db,
      sql`SELECT id, updated_at FROM categories ORDER BY id`,
    ),
    queryRows<{ id: string; updated_at: Date | string }>(
      ctx.db,
      sql`SELECT id, updated_at FROM brands ORDER BY id`,
    ),
  ]);
  return [
    { path: "/", lastModified: catalogueChanged },
    { path: "/search/?page=1", lastModified: catalogueChanged },
    ...categories.map((c) => ({ path: `/search/?page=1&category=${c.id}`, lastModified: iso(c.updated_at) })),
    ...brands.map((b) => ({ path: `/search/?page=1&brand=${b.id}`, lastModified: iso(b.updated_at) })),
  ];
}
