import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestShop } from "../support/app.ts";

const shop = setUpTestShop();

describe("GET /api/v1/categories", () => {
  it("lists categories with _id, name, slug and image, sorted and paged", async () => {
    const { status, body } = await shop.get("/api/v1/categories?limit=40&sort=createdAt");
    expect(status).toBe(200);
    expect(body.data.map((c: any) => c.name)).toEqual(["Women", "Men", "Kids", "Sportswear"]);
    for (const c of body.data) {
      expect(c._id).toMatch(/^[0-9a-f]{24}$/);
      // Absolute in API answers (docs/decisions/025-api-fidelity.md); tests call as http://localhost.
      expect(c.image).toMatch(/^http:\/\/localhost\/images\/categories\/[a-z]+\.webp$/);
    }
    const byName = await shop.get("/api/v1/categories?sort=-name&limit=2&page=2");
    expect(byName.body.data.map((c: any) => c.name)).toEqual(["Men", "Kids"]);
    expect(byName.body.paginationResults).toEqual({
      currentPage: 2,
      limit: 2,
      numberOfPages: 2,
      prevPage: 1,
    });
  });

  it("returns only the requested fields", async () => {
    const { body } = await shop.get("/api/v1/categories?fields=name,%20image,bogus");
    for (const c of body.data) expect(Object.keys(c).sort()).toEqual(["_id", "image", "name"]);
  });

  it.each([
    ["page=0", "page"],
    ["limit=500", "limit"],
    ["sort=price", "sort"],
    ["page=x&limit=2", "page"],
  ])("refuses %s with a 400 naming %s", async (query, field) => {
    const { status, body } = await shop.get(`/api/v1/categories?${query}`);
    expect(status).toBe(400);
    expect(body.message.startsWith(field)).toBe(true);
  });
});

describe("GET /api/v1/brands", () => {
  it("lists at least 20 brands", async () => {
    const { body } = await shop.get("/api/v1/brands?limit=48");
    expect(body.data.length).toBeGreaterThanOrEqual(20);
    expect(body.data[0].image).toMatch(/^http:\/\/localhost\/images\/brands\//);
  });
});

describe("GET /api/v1/subcategories", () => {
  it("lists subcategories of one or many categories", async () => {
    const categories = (await shop.get("/api/v1/categories")).body.data;
    const women = categories.find((c: any) => c.slug === "women");
    const kids = categories.find((c: any) => c.slug === "kids");
    const { body } = await shop.get(`/api/v1/subcategories?category=${women._id}&limit=100`);
    expect(body.data.map((s: any) => s.name)).toContain("Dresses & Skirts");
    for (const s of body.data) expect(s.category).toBe(women._id);
    const both = await shop.get(`/api/v1/subcategories?category=${women._id},${kids._id}&limit=100`);
    const n = await shop.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM subcategories WHERE category_id IN (${women._id}, ${kids._id})`,
    );
    expect(both.body.results).toBe(n[0]!.n);
  });

  it("refuses a malformed category id", async () => {
    const { status, body } = await shop.get("/api/v1/subcategories?category=women");
    expect(status).toBe(400);
    expect(body.message).toBe("category must be a list of ids");
  });
});

describe("GET /api/v1/undersubcategories", () => {
  it("lists under-subcategories of one or many subcategories", async () => {
    const subs = (await shop.get("/api/v1/subcategories?limit=100&sort=createdAt")).body.data;
    const [a, b] = subs;
    const { body } = await shop.get(
      `/api/v1/undersubcategories?subCategory=${a._id}&subCategory=${b._id}&limit=100`,
    );
    expect(body.data.length).toBeGreaterThan(0);
    for (const u of body.data) expect([a._id, b._id]).toContain(u.subCategory);
    const arr = await shop.get(
      `/api/v1/undersubcategories?subCategory[]=${a._id}&subCategory[]=${b._id}&limit=100`,
    );
    expect(arr.body.data).toEqual(body.data);
  });
});

describe("bad input on every taxonomy endpoint", () => {
  const common: [string, string][] = [
    ["page=abc", "page"],
    ["page=-2", "page"],
    ["page=123456789012", "page"],
    ["page=1&page=2", "page"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=1;DROP TABLE categories", "limit"],
    ["sort=createdAt;DROP TABLE categories", "sort"],
    ["sort=-slug", "sort"],
    ["sort=name&sort=createdAt", "sort"],
  ];
  const cases: [string, string, string][] = [
    ...[
      "/api/v1/categories",
      "/api/v1/brands",
      "/api/v1/subcategories",
      "/api/v1/undersubcategories",
    ].flatMap((path) => common.map(([q, f]) => [path, q, f] as [string, string, string])),
    ["/api/v1/subcategories", "category=1%27%20OR%20%271%27=%271", "category"],
    ["/api/v1/subcategories", "category=-1", "category"],
    ["/api/v1/undersubcategories", "subCategory=abc", "subCategory"],
    ["/api/v1/undersubcategories", `subCategory=${"a".repeat(25)}`, "subCategory"],
  ];
  it.each(cases)("%s?%s answers 400 naming %s", async (path, query, field) => {
    const { status, body } = await shop.get(`${path}?${query}`);
    expect(status).toBe(400);
    expect(body.status).toBe("fail");
    expect(body.message.startsWith(field)).toBe(true);
  });

  it("still has every table afterwards", async () => {
    const n = await shop.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM categories`);
    expect(n[0]!.n).toBe(4);
  });
});
