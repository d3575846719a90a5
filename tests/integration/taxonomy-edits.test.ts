import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createCategory, updateTaxonomy } from "#core/catalog/taxonomy-edits.ts";
import { DomainError } from "#core/errors.ts";
import { call, createCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";

// POST, PUT, DELETE /categories, /subcategories, /undersubcategories, /brands (docs/back-office/taxonomy.md).

const shop = setUpTestShop();
let manager: { id: string; email: string; token: string };

beforeAll(async () => {
  manager = await createCustomer(shop, { role: "manager" });
});

const as = (method: string, path: string, body?: unknown) =>
  call(shop, method, path, { token: manager.token, body });

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await shop.rows<T>(query);
  return row!;
}

const count = (table: string) =>
  one<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`).then((r) => r.n);

/** The ids of the products a one-word storefront search finds. */
async function searchIds(word: string): Promise<string[]> {
  const { status, body } = await call(shop, "GET", `/products?search=${word}&limit=100&fields=_id`);
  expect(status).toBe(200);
  return body.data.map((p: { _id: string }) => p._id).sort();
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

async function auditOf(entityId: string) {
  return shop.rows<{ action: string; actor_email: string; before: any; after: any }>(
    sql`SELECT action, actor_email, before, after FROM audit_log WHERE entity_id = ${entityId} ORDER BY id`,
  );
}

describe("POST /api/v1/categories", () => {
  it("creates a category with a slug made from its name, audited, listed at once", async () => {
    const { status, body } = await as("POST", "/categories", {
      name: "Summer & Beach Wear",
      image: "/images/categories/women.webp",
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      name: "Summer & Beach Wear",
      slug: "summer-and-beach-wear",
      image: "http://localhost/images/categories/women.webp",
    });
    const list = await call(shop, "GET", "/categories?limit=100");
    expect(list.body.data.map((c: { slug: string }) => c.slug)).toContain("summer-and-beach-wear");
    const [entry] = await auditOf(body.data._id);
    expect(entry).toMatchObject({ action: "category.create", actor_email: manager.email, before: null });
    expect(entry!.after).toMatchObject({ name: "Summer & Beach Wear", slug: "summer-and-beach-wear" });
  });

  it("refuses a slug another category has with a 409 naming the slug, and creates nothing", async () => {
    const before = await count("categories");
    const { status, body } = await as("POST", "/categories", { name: "Women", image: "/images/x.webp" });
    expect(status).toBe(409);
    expect(body.message).toBe("Another category has the slug 'women'.");
    expect(body.errors).toEqual([{ field: "slug", message: body.message }]);
    expect(await count("categories")).toBe(before);
  });

  it.each([
    [{ image: "/images/x.webp" }, "name", "is required"],
    [{ name: "", image: "/images/x.webp" }, "name", "is required"],
    [{ name: "   ", image: "/images/x.webp" }, "name", "is required"],
    [{ name: "x".repeat(201), image: "/images/x.webp" }, "name", "must be at most 200 characters"],
    [{ name: 42, image: "/images/x.webp" }, "name", "is required"],
    [
      { name: "Caps", slug: "Caps!", image: "/images/x.webp" },
      "slug",
      "must be a slug (lower-case letters, digits and hyphens)",
    ],
    [
      { name: "Caps", slug: "a".repeat(121), image: "/images/x.webp" },
      "slug",
      "must be at most 120 characters",
    ],
    [
      { name: "★★★", image: "/images/x.webp" },
      "slug",
      "must be a slug (lower-case letters, digits and hyphens)",
    ],
    [{ name: "Caps" }, "image", "must be an image URL"],
    [
      { name: "Caps", image: "javascript:alert(1)" },
      "image",
      "must be an absolute URL or a path starting with /",
    ],
    [{ name: "Caps", image: `/${"x".repeat(500)}` }, "image", "must be at most 500 characters"],
  ])("refuses %j: 400 on %s, the import's message, nothing created", async (body, field, message) => {
    const before = await count("categories");
    const res = await as("POST", "/categories", body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
    expect(await count("categories")).toBe(before);
  });
});

describe("PUT /api/v1/categories/{id}", () => {
  it("renames a category: the storefront's search finds its products by the new name at once", async () => {
    const women = await one<{ id: string }>(sql`SELECT id FROM categories WHERE slug = 'women'`);
    const products = await shop.rows<{ id: string }>(
      sql`SELECT id FROM products WHERE category_id = ${women.id} ORDER BY id LIMIT 100`,
    );
    expect(await searchIds("zanzibarish")).toEqual([]);
    const { status, body } = await as("PUT", `/categories/${women.id}`, { name: "Zanzibarish Women" });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ _id: women.id, name: "Zanzibarish Women", slug: "women" });
    const found = await searchIds("zanzibarish");
    expect(found.length).toBe(Math.min(products.length, 100));
    expect(found).toEqual(expect.arrayContaining(ids(products).slice(0, found.length)));
    // The postings hold the new word for every one of them (not only the page the search read).
    const postings = await one<{ n: number }>(
      sql`SELECT count(DISTINCT product_id)::int AS n FROM search_postings WHERE lexeme = 'zanzibarish'`,
    );
    const all = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM products WHERE category_id = ${women.id}`,
    );
    expect(postings.n).toBe(all.n);
    const [entry] = await auditOf(women.id);
    expect(entry).toMatchObject({ action: "category.update", actor_email: manager.email });
    expect([entry!.before.name, entry!.after.name]).toEqual(["Women", "Zanzibarish Women"]);
  });

  it("changes a slug, refusing one another category has (409 naming slug)", async () => {
    const created = await as("POST", "/categories", { name: "Hats", image: "/images/x.webp" });
    const id = created.body.data._id;
    const taken = await as("PUT", `/categories/${id}`, { slug: "men" });
    expect([taken.status, taken.body.errors?.[0]?.field]).toEqual([409, "slug"]);
    const ok = await as("PUT", `/categories/${id}`, {
      slug: "hats-and-caps",
      image: "https://cdn.example/h.webp",
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      slug: "hats-and-caps",
      image: "https://cdn.example/h.webp",
      name: "Hats",
    });
  });

  it.each([
    ["0123456789abcdef01234567", { name: "X" }, 404, undefined],
    ["not-an-id", { name: "X" }, 400, "id"],
  ])("answers PUT /categories/%s %j with %i", async (id, body, status, field) => {
    const res = await as("PUT", `/categories/${id}`, body);
    expect(res.status).toBe(status);
    if (field) expect(res.body.errors[0].field).toBe(field);
  });

  it("refuses a bad field and changes nothing", async () => {
    const men = await one<{ id: string; name: string }>(
      sql`SELECT id, name FROM categories WHERE slug = 'men'`,
    );
    for (const [body, field] of [
      [{ name: "" }, "name"],
      [{ slug: "Men Folk" }, "slug"],
      [{ image: "ftp://x/y.webp" }, "image"],
    ] as const) {
      const res = await as("PUT", `/categories/${men.id}`, body);
      expect([res.status, res.body.errors?.[0]?.field]).toEqual([400, field]);
    }
    expect((await one<{ name: string }>(sql`SELECT name FROM categories WHERE id = ${men.id}`)).name).toBe(
      men.name,
    );
  });
});

describe("DELETE /api/v1/categories/{id}", () => {
  it("refuses a category with products: 409 saying how many", async () => {
    const men = await one<{ id: string; name: string }>(
      sql`SELECT id, name FROM categories WHERE slug = 'men'`,
    );
    const { n } = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM products WHERE category_id = ${men.id}`,
    );
    const res = await as("DELETE", `/categories/${men.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `The category '${men.name}' has ${n} products: only an unused category can be deleted.`,
    );
    expect(await one(sql`SELECT 1 AS present FROM categories WHERE id = ${men.id}`)).toBeTruthy();
  });

  it("refuses one with subcategories, then deletes it once they are gone; audited", async () => {
    const category = (await as("POST", "/categories", { name: "Gadgets", image: "/images/x.webp" })).body
      .data;
    const sub = await as("POST", "/subcategories", {
      category: category._id,
      name: "Watches",
      image: "/images/w.webp",
    });
    expect(sub.status).toBe(201);
    expect(sub.body.data).toMatchObject({ category: category._id, slug: "watches" });
    const refused = await as("DELETE", `/categories/${category._id}`);
    expect([refused.status, refused.body.message]).toEqual([
      409,
      "The category 'Gadgets' has 1 subcategory: delete them first.",
    ]);
    expect((await as("DELETE", `/subcategories/${sub.body.data._id}`)).status).toBe(200);
    const gone = await as("DELETE", `/categories/${category._id}`);
    expect(gone.body).toEqual({ status: "Success", message: "The category 'Gadgets' is deleted." });
    expect(await shop.rows(sql`SELECT 1 FROM categories WHERE id = ${category._id}`)).toEqual([]);
    expect((await auditOf(category._id)).map((e) => e.action)).toEqual([
      "category.create",
      "category.delete",
    ]);
    expect((await as("DELETE", `/categories/${category._id}`)).status).toBe(404);
  });
});

describe("subcategories and under-subcategories", () => {
  it("creates them under their parent; the same slug is fine under another parent, not twice under one", async () => {
    const men = await one<{ id: string }>(sql`SELECT id FROM categories WHERE slug = 'men'`);
    const kids = await one<{ id: string }>(sql`SELECT id FROM categories WHERE slug = 'kids'`);
    const a = await as("POST", "/subcategories", {
      category: men.id,
      name: "Rain Gear",
      image: "/images/r.webp",
    });
    const b = await as("POST", "/subcategories", {
      category: kids.id,
      name: "Rain Gear",
      image: "/images/r.webp",
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    const twice = await as("POST", "/subcategories", {
      category: men.id,
      name: "Rain gear",
      image: "/images/r.webp",
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("Another subcategory of this category has the slug 'rain-gear'.");
    const under = await as("POST", "/undersubcategories", {
      subCategory: a.body.data._id,
      name: "Ponchos",
      image: "/images/p.webp",
    });
    expect(under.status).toBe(201);
    expect(under.body.data).toMatchObject({ subCategory: a.body.data._id, slug: "ponchos" });
    const listed = await call(shop, "GET", `/undersubcategories?subCategory=${a.body.data._id}`);
    expect(listed.body.data.map((u: { name: string }) => u.name)).toEqual(["Ponchos"]);
  });

  it.each([
    [
      "/subcategories",
      { name: "X", image: "/i.webp", category: "0123456789abcdef01234567" },
      "category",
      "No category for this ID: 0123456789abcdef01234567.",
    ],
    ["/subcategories", { name: "X", image: "/i.webp" }, "category", "category must be a 24-character id"],
    [
      "/undersubcategories",
      { name: "X", image: "/i.webp", subCategory: "0123456789abcdef01234567" },
      "subCategory",
      "No subcategory for this ID: 0123456789abcdef01234567.",
    ],
    [
      "/undersubcategories",
      { name: "X", image: "/i.webp", subCategory: 5 },
      "subCategory",
      "subCategory must be a 24-character id",
    ],
  ])("POST %s refuses %j (400 on %s)", async (path, body, field, message) => {
    const res = await as("POST", path, body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it("renaming a subcategory and an under-subcategory makes their products findable by the new names", async () => {
    const link = await one<{ product_id: string; subcategory_id: string }>(
      sql`SELECT product_id, subcategory_id FROM product_subcategories ORDER BY product_id LIMIT 1`,
    );
    const linked = await shop.rows<{ id: string }>(
      sql`SELECT product_id AS id FROM product_subcategories WHERE subcategory_id = ${link.subcategory_id}`,
    );
    expect((await as("PUT", `/subcategories/${link.subcategory_id}`, { name: "Quokkawear" })).status).toBe(
      200,
    );
    expect(await searchIds("quokkawear")).toEqual(ids(linked).slice(0, 100));

    const ulink = await one<{ under_subcategory_id: string }>(
      sql`SELECT under_subcategory_id FROM product_under_subcategories ORDER BY product_id LIMIT 1`,
    );
    const ulinked = await shop.rows<{ id: string }>(
      sql`SELECT product_id AS id FROM product_under_subcategories WHERE under_subcategory_id = ${ulink.under_subcategory_id}`,
    );
    const res = await as("PUT", `/undersubcategories/${ulink.under_subcategory_id}`, { name: "Wombatish" });
    expect(res.status).toBe(200);
    expect(await searchIds("wombatish")).toEqual(ids(ulinked).slice(0, 100));
    expect((await auditOf(ulink.under_subcategory_id))[0]?.action).toBe("under-subcategory.update");
  });
});

describe("brands", () => {
  it("creates a brand with the generated logo of its slug when no image is given", async () => {
    const res = await as("POST", "/brands", { name: "Northwind Outfitters" });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      slug: "northwind-outfitters",
      image: "http://localhost/images/brands/northwind-outfitters.webp",
    });
    // The image server draws it, since the brand is in the catalogue now.
    expect((await shop.app.request("/images/brands/northwind-outfitters-200.webp")).status).toBe(200);
  });

  it("renames a brand: search by the new name finds its products; a new slug brings its logo along", async () => {
    const brand = await one<{ id: string; slug: string; image: string }>(
      sql`SELECT b.id, b.slug, b.image FROM brands b WHERE EXISTS (SELECT 1 FROM products p WHERE p.brand_id = b.id)
          ORDER BY b.slug LIMIT 1`,
    );
    const products = await shop.rows<{ id: string }>(
      sql`SELECT id FROM products WHERE brand_id = ${brand.id}`,
    );
    const res = await as("PUT", `/brands/${brand.id}`, { name: "Xylophonica", slug: "xylophonica" });
    expect(res.status).toBe(200);
    expect(res.body.data.image).toBe("http://localhost/images/brands/xylophonica.webp");
    expect(await searchIds("xylophonica")).toEqual(ids(products).slice(0, 100));
    const detail = await call(shop, "GET", `/products/${products[0]!.id}`);
    expect(detail.body.data.brand).toMatchObject({ _id: brand.id, name: "Xylophonica" });
  });

  it("refuses to delete a brand with products, deletes an unused one", async () => {
    const used = await one<{ id: string; n: number }>(
      sql`SELECT brand_id AS id, count(*)::int AS n FROM products WHERE brand_id IS NOT NULL GROUP BY brand_id ORDER BY brand_id LIMIT 1`,
    );
    const refused = await as("DELETE", `/brands/${used.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      new RegExp(`has ${used.n} products?: only an unused brand can be deleted\\.$`),
    );
    const fresh = (await as("POST", "/brands", { name: "Ephemeral" })).body.data;
    expect((await as("DELETE", `/brands/${fresh._id}`)).status).toBe(200);
    expect(await shop.rows(sql`SELECT 1 FROM brands WHERE id = ${fresh._id}`)).toEqual([]);
  });
});

describe("core", () => {
  it("refuses a customer acting as staff, whatever the caller", async () => {
    const customer = { id: "x", email: "c@example.test", role: "customer" as never };
    await expect(createCategory(shop.ctx, customer, { name: "X", image: "/x.webp" })).rejects.toBeInstanceOf(
      DomainError,
    );
    await expect(updateTaxonomy(shop.ctx, customer, "brand", "x", { name: "Y" })).rejects.toMatchObject({
      kind: "forbidden",
    });
  });
});
