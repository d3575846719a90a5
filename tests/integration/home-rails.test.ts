import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listProducts } from "#core/catalog/products.ts";
import { listHomeRail } from "#core/storefront/home-rails.ts";
import { anyOf } from "#db/sql.ts";
import { setUpTestShop } from "../support/app.ts";

const shop = setUpTestShop();

const FIELDS = ["_id", "title", "quantity", "discountPercent", "sold"] as const;

async function groupsOf(ids: string[]): Promise<Map<string, string>> {
  const rows = await shop.rows<{ id: string; group_id: string | null }>(
    sql`SELECT id, group_id FROM products WHERE id = ${anyOf(ids)}`,
  );
  return new Map(rows.map((r) => [r.id, r.group_id ?? r.id]));
}

/** Sells out a product: every size (or the product itself) has no stock on hand. */
async function sellOut(id: string) {
  await shop.ctx.db.execute(sql`UPDATE product_sizes SET stock = 0 WHERE product_id = ${id}`);
  await shop.ctx.db.execute(sql`UPDATE products SET stock = 0 WHERE id = ${id}`);
}

describe("home rails (core/storefront/home-rails.ts)", () => {
  it("show one product per colour group where the plain listing repeats a group", async () => {
    const query = {
      limit: 10,
      "discountPercent[lte]": 59,
      sort: [{ field: "discountPercent" as const, descending: true }],
    };
    const plain = await listProducts(shop.ctx, { ...query, page: 1, fields: [...FIELDS] });
    const plainIds = plain.data.map((p) => p._id!);
    const plainGroups = await groupsOf(plainIds);
    // The demo catalogue's colour variants share a discount: the plain listing shows one group twice or more.
    expect(new Set(plainGroups.values()).size).toBeLessThan(plainIds.length);

    const rail = await listHomeRail(shop.ctx, { ...query, fields: FIELDS });
    expect(rail).toHaveLength(10);
    const groups = await groupsOf(rail.map((p) => p._id!));
    expect(new Set(groups.values()).size).toBe(10);
    for (const p of rail) expect(p.discountPercent).toBeLessThanOrEqual(59);
    // The first card is the plain listing's first: the rail keeps the listing's order.
    expect(rail[0]!._id).toBe(plainIds[0]);
  });

  it("put in-stock products before sold-out ones, each in the listing's order", async () => {
    const query = { limit: 20, sort: [{ field: "sold" as const, descending: true }] };
    const before = await listHomeRail(shop.ctx, { ...query, fields: FIELDS });
    const best = before[0]!._id!;
    await sellOut(best);

    const rail = await listHomeRail(shop.ctx, { ...query, fields: FIELDS });
    expect(rail[0]!._id).not.toBe(best);
    expect(rail[0]!.quantity).toBeGreaterThan(0);
    const firstSoldOut = rail.findIndex((p) => p.quantity! <= 0);
    if (firstSoldOut >= 0) expect(rail.slice(firstSoldOut).every((p) => p.quantity! <= 0)).toBe(true);
    const inStock = rail.filter((p) => p.quantity! > 0).map((p) => p.sold!);
    expect(inStock).toEqual([...inStock].sort((a, b) => b - a));
    // The public listing is unchanged: the sold-out best seller still leads it.
    const plain = await listProducts(shop.ctx, { ...query, page: 1, fields: ["_id"] });
    expect(plain.data[0]!._id).toBe(best);
  });
});
