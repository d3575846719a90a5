import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCustomer, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";

// The listing's total (paginationResults.numberOfPages at one product a page) stays exact while staff
// create, re-brand, archive and restore products: the unfiltered, category and brand totals come from
// the counts kept per category and brand (docs/decisions/056-scale-queries-and-page-render.md), the
// others from counting, and a one-word search counts its postings.

const shop = setUpTestShop();

let manager: TestCustomer;
const taxonomy = {
  category: "",
  categoryId: "",
  sub: "",
  under: "",
  brands: [] as { id: string; slug: string }[],
};

beforeAll(async () => {
  manager = await createCustomer(shop, { role: "manager" });
  const [row] = await shop.rows<{ category: string; category_id: string; sub: string; under: string }>(
    sql`SELECT c.slug AS category, c.id AS category_id, s.slug AS sub, u.slug AS under
        FROM under_subcategories u JOIN subcategories s ON s.id = u.subcategory_id
        JOIN categories c ON c.id = s.category_id ORDER BY u.id LIMIT 1`,
  );
  const brands = await shop.rows<{ id: string; slug: string }>(
    sql`SELECT id, slug FROM brands ORDER BY id LIMIT 2`,
  );
  Object.assign(taxonomy, { ...row, categoryId: row!.category_id, brands });
});

const record = (brand: string) => ({
  slug: "listing-totals-garment-sky",
  title: "Quillwort Linen Shirt",
  description: "Cut from washed linen.",
  color: "sky",
  colorName: "Sky",
  group: "listing-totals-garment",
  category: taxonomy.category,
  subcategories: [taxonomy.sub],
  underSubcategories: [`${taxonomy.sub}/${taxonomy.under}`],
  brand,
  images: ["/images/products/shirt/sky/front.webp"],
  sizes: [{ size: "S", stock: 4, price: 30 }],
});

const send = (method: string, path: string, payload?: unknown) =>
  call(shop, method, path, { token: manager.token, body: payload });

/** What the listing answers as its total for these query parameters. */
async function listedTotal(query: string): Promise<number> {
  const res = await call(shop, "GET", `/products?limit=1&fields=_id&${query}`);
  expect(res.status).toBe(200);
  return res.body.paginationResults.numberOfPages;
}

/** The listed products the database holds, counted the slow way. */
async function countedTotal(where: ReturnType<typeof sql>): Promise<number> {
  const [row] = await shop.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM products p WHERE p.archived_at IS NULL AND ${where}`,
  );
  return row!.n;
}

async function expectExactTotals() {
  const [a, b] = [taxonomy.brands[0]!, taxonomy.brands[1]!];
  const cases: [string, ReturnType<typeof sql>][] = [
    ["", sql`true`],
    [`category=${taxonomy.categoryId}`, sql`p.category_id = ${taxonomy.categoryId}`],
    [`brand=${a.id}`, sql`p.brand_id = ${a.id}`],
    [`brand=${a.id},${b.id}`, sql`p.brand_id IN (${a.id}, ${b.id})`],
    [
      `category=${taxonomy.categoryId}&brand=${b.id}`,
      sql`p.category_id = ${taxonomy.categoryId} AND p.brand_id = ${b.id}`,
    ],
    [
      `category=${taxonomy.categoryId}&price[gte]=20`,
      sql`p.category_id = ${taxonomy.categoryId} AND p.price_cents >= 2000`,
    ],
  ];
  for (const [query, where] of cases) {
    expect(await listedTotal(query), query || "(no filter)").toBe(await countedTotal(where));
  }
}

describe("GET /api/v1/products totals", () => {
  it("stay exact through create, re-brand, archive and restore", async () => {
    const [a, b] = [taxonomy.brands[0]!, taxonomy.brands[1]!];
    await expectExactTotals();
    const created = await send("POST", "/products", record(a.slug));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data._id as string;
    await expectExactTotals();
    expect((await send("PUT", `/products/${id}`, record(b.slug))).status).toBe(200);
    await expectExactTotals();
    expect((await send("PUT", `/products/${id}/status`, { status: "archived" })).status).toBe(200);
    await expectExactTotals();
    expect((await send("PUT", `/products/${id}/status`, { status: "active" })).status).toBe(200);
    await expectExactTotals();
  });

  it("a one-word search's total is every product it matches, over all pages", async () => {
    const total = (await call(shop, "GET", "/products?search=shirt&limit=1&fields=_id")).body
      .paginationResults.numberOfPages as number;
    const seen = new Set<string>();
    for (let page = 1; ; page++) {
      const res = await call(shop, "GET", `/products?search=shirt&limit=100&page=${page}&fields=_id`);
      for (const p of res.body.data as { _id: string }[]) seen.add(p._id);
      if (page >= res.body.paginationResults.numberOfPages) break;
    }
    expect(total).toBeGreaterThan(1);
    expect(total).toBe(seen.size);
  });
});
