import { describe, expect, it } from "vitest";
import { getProduct, listProducts, listRelatedProducts } from "#core/catalog/products.ts";
import { setUpTestShop } from "../support/app.ts";

const shop = setUpTestShop();

describe("listRelatedProducts", () => {
  it("matches the product's taxonomy and brand, best sellers first, without the product itself", async () => {
    const [first] = (
      await listProducts(shop.ctx, { page: 1, limit: 1, sort: [{ field: "sold", descending: true }] })
    ).data;
    const product = await getProduct(shop.ctx, first!._id!);
    const related = await listRelatedProducts(shop.ctx, product, { limit: 6 });
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(6);
    expect(related.map((p) => p._id)).not.toContain(product._id);
    const sold = related.map((p) => p.sold!);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
    for (const p of related) {
      const detail = await getProduct(shop.ctx, p._id!);
      expect(detail.category._id).toBe(product.category._id);
      expect(detail.brand?._id).toBe(product.brand?._id);
      const subs = new Set(product.subCategories.map((s) => s._id));
      expect(detail.subCategories.some((s) => subs.has(s._id))).toBe(true);
    }
  });

  it("answers the same from a few best sellers of the pair, or from all of them when those are too few", async () => {
    const ids = (
      await listProducts(shop.ctx, { page: 1, limit: 60, sort: [{ field: "sold", descending: true }] })
    ).data.map((p) => p._id!);
    let walkedShort = 0;
    for (const id of ids) {
      const product = await getProduct(shop.ctx, id);
      const all = await listRelatedProducts(shop.ctx, product, { limit: 6, candidates: 100_000 });
      for (const candidates of [1, 3, 8]) {
        const few = await listRelatedProducts(shop.ctx, product, { limit: 6, candidates });
        expect(few).toEqual(all);
      }
      if (all.length > 0 && product.subCategories.length > 0) walkedShort++;
    }
    expect(walkedShort).toBeGreaterThan(10); // products with relatives, filtered by subcategory
  });
});
