import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  listingSitemapEntries,
  productSitemapCount,
  productSitemapEntries,
  SITEMAP_PRODUCTS_PER_FILE,
} from "#core/catalog/sitemap.ts";
import { setUpTestShop } from "../support/app.ts";

const shop = setUpTestShop();

describe("sitemap entries", () => {
  it("lists every product once, in stable files, with its last change", async () => {
    const [{ total } = { total: 0 }] = await shop.rows<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM products`,
    );
    expect(await productSitemapCount(shop.ctx)).toBe(
      Math.max(1, Math.ceil(total / SITEMAP_PRODUCTS_PER_FILE)),
    );
    const entries = await productSitemapEntries(shop.ctx, 1);
    expect(entries).toHaveLength(total);
    expect(new Set(entries.map((e) => e.path)).size).toBe(total);
    for (const e of entries) {
      expect(e.path).toMatch(/^\/product\/[0-9a-f]{24}$/);
      expect(Number.isNaN(Date.parse(e.lastModified))).toBe(false);
    }
    expect(await productSitemapEntries(shop.ctx, 1)).toEqual(entries);
    expect(await productSitemapEntries(shop.ctx, 2)).toEqual([]);
  });

  it("lists home, the catalogue, and one listing per category and brand", async () => {
    const entries = await listingSitemapEntries(shop.ctx);
    const [{ categories } = { categories: 0 }] = await shop.rows<{ categories: number }>(
      sql`SELECT count(*)::int AS categories FROM categories`,
    );
    const [{ brands } = { brands: 0 }] = await shop.rows<{ brands: number }>(
      sql`SELECT count(*)::int AS brands FROM brands`,
    );
    expect(entries.slice(0, 2).map((e) => e.path)).toEqual(["/", "/search/?page=1"]);
    expect(entries.filter((e) => e.path.includes("category=")).length).toBe(categories);
    expect(entries.filter((e) => e.path.includes("brand=")).length).toBe(brands);
  });
});
