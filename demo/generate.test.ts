import { describe, expect, it } from "vitest";
import { validateCatalogue } from "#core/catalog/catalogue-validation.ts";
import { generateCatalogue } from "./generate.ts";

const now = new Date("2026-06-01T00:00:00Z");

describe("demo catalogue generator", () => {
  it("is deterministic for a seed and differs between seeds", () => {
    const a = generateCatalogue({ products: 50, seed: 3, now });
    expect(generateCatalogue({ products: 50, seed: 3, now })).toEqual(a);
    expect(generateCatalogue({ products: 50, seed: 4, now }).products).not.toEqual(a.products);
  });

  it("produces a valid import file at scale, with every shape the shop needs", () => {
    const catalogue = generateCatalogue({ products: 5000, seed: 1, now });
    const checked = validateCatalogue(catalogue);
    expect(checked.ok ? [] : checked.errors).toEqual([]);
    const products = catalogue.products ?? [];
    expect(products).toHaveLength(5000);
    expect(catalogue.brands?.length).toBeGreaterThanOrEqual(20);
    const groups = new Map<string, number>();
    for (const p of products) groups.set(p.group!, (groups.get(p.group!) ?? 0) + 1);
    const sizes = [...groups.values()].slice(0, -1); // the last group may be cut short by the count
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(5);
    const sized = products.filter((p) => (p.sizes?.length ?? 0) > 0);
    expect(sized.some((p) => p.sizes!.some((s) => s.size === "XXL"))).toBe(true);
    expect(sized.some((p) => p.sizes!.some((s) => s.size === "46"))).toBe(true);
    expect(products.some((p) => p.sizes?.length === 0 || p.sizes === undefined)).toBe(true);
    expect(sized.some((p) => p.sizes!.every((s) => s.stock === 0))).toBe(true);
    expect(sized.some((p) => p.sizes!.some((s) => s.stock === 0) && p.sizes!.some((s) => s.stock > 0))).toBe(
      true,
    );
    const discount = (p: (typeof products)[number]) => {
      const s = p.sizes?.[0];
      const price = s?.price ?? p.price!;
      const before = s?.priceBeforeDiscount ?? p.priceBeforeDiscount ?? price;
      return Math.round(((before - price) / before) * 100);
    };
    expect(products.some((p) => discount(p) > 59)).toBe(true);
    expect(products.some((p) => discount(p) === 0)).toBe(true);
    const dates = products.map((p) => Date.parse(p.createdAt!));
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(300 * 86_400_000);
    expect(Math.max(...dates)).toBeLessThanOrEqual(now.getTime());
    // The ratings come from the demo reviews written after the import (demo/reviews.ts).
    expect(products.filter((p) => p.ratingsAverage !== 0 || p.ratingsQuantity !== 0)).toEqual([]);
  });
});
