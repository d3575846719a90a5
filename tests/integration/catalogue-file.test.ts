import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportProductPages } from "#core/catalog/catalogue-export.ts";
import { MAX_JSON_BODY_BYTES } from "#server/middleware/request-input.ts";
import { call, createCustomer, type TestCustomer } from "../support/accounts.ts";
import { createTestShop, setUpTestShop, type TestShop } from "../support/app.ts";

// The catalogue file in the back office's API (docs/back-office/import-export.md): export → import
// into an empty shop → export again gives the same bytes and the same product pages; a file with
// problems lists them per record and field and changes nothing; only staff may.

const shop = setUpTestShop();
let manager: TestCustomer;

/** Products the seeded test catalogue lacks: no sizes, awkward text, no brand or group, a discount. */
const EDGE_FILE = {
  categories: [
    {
      slug: "edge",
      name: 'Edge, "quoted" category',
      image: "/images/categories/edge-special.webp",
      subcategories: [{ slug: "odd", name: "Odd", image: "/images/odd.webp", underSubcategories: [] }],
    },
    { slug: "empty-category", name: "Nothing here", image: "/images/categories/empty.webp" },
  ],
  brands: [{ slug: "edge-brand", name: "Edge | Brand", image: "https://cdn.example.test/edge.webp" }],
  products: [
    {
      slug: "edge-no-sizes",
      title: 'Café — Ünïcode, "quoted" title',
      description: 'Line one, with a comma\nline two with "quotes"',
      color: "red",
      colorName: "Red",
      category: "edge",
      subcategories: ["odd"],
      images: ["/images/a.webp", "/images/b.webp"],
      price: 12.5,
      stock: 3,
    },
    {
      slug: "edge-discounted",
      title: "Discounted",
      color: "blue",
      colorName: "Blue",
      group: "edge-group",
      category: "edge",
      brand: "edge-brand",
      images: ["https://cdn.example.test/x.webp"],
      sizes: [
        { size: "XL", stock: 2, price: 10, priceBeforeDiscount: 20.05 },
        { size: "S", stock: 0, price: 9.99 },
      ],
      sold: 4,
      ratingsAverage: 4.5,
      ratingsQuantity: 2,
      createdAt: "2026-01-02T03:04:05.678Z",
    },
    {
      slug: "edge-archived",
      title: "Archived",
      color: "black",
      colorName: "Black",
      category: "edge",
      images: ["/images/c.webp"],
      price: 5,
    },
  ],
};

async function exportText(target: TestShop, token: string, format: "json" | "csv") {
  const res = await target.app.request(`/api/v1/catalogue/export?format=${format}`, {
    headers: { authorization: `Bearer ${token}`, "x-forwarded-for": "10.9.9.9" },
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function importText(target: TestShop, token: string, text: string, type: string) {
  return target.get("/api/v1/catalogue/import", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": type, "x-forwarded-for": "10.9.9.8" },
    body: text,
  });
}

/** A shop with an empty catalogue and a manager, as a new shop receiving an export. */
async function emptyShop(): Promise<{ shop: TestShop; manager: TestCustomer }> {
  const target = await createTestShop();
  await target.ctx.db.execute(
    sql`TRUNCATE products, product_groups, under_subcategories, subcategories, categories, brands, search_postings, search_terms CASCADE`,
  );
  return { shop: target, manager: await createCustomer(target, { role: "manager" }) };
}

/** A product page as the API answers it, less what an import derives anew (the group's id and name, updatedAt). */
async function productAnswers(target: TestShop, ids: string[]) {
  const answers = [];
  for (const id of ids) {
    const { body } = await target.get(`/api/v1/products/${id}`);
    const { updatedAt: _, group, ...rest } = body.data;
    answers.push({ ...rest, group: group ? { productsIDs: group.productsIDs } : null });
  }
  return answers;
}

const auditCount = async (target: TestShop, action: string) =>
  (
    await target.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action}`)
  )[0]!.n;

beforeAll(async () => {
  manager = await createCustomer(shop, { role: "manager" });
  const res = await importText(shop, manager.token, JSON.stringify(EDGE_FILE), "application/json");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await shop.ctx.db.execute(sql`UPDATE products SET archived_at = now() WHERE slug = 'edge-archived'`);
  await shop.ctx.db.execute(sql`UPDATE product_sizes SET removed_at = now()
    WHERE size = 'S' AND product_id = (SELECT id FROM products WHERE slug = 'edge-discounted')`);
});

describe.each(["json", "csv"] as const)("export → import → export (%s)", (format) => {
  let target: { shop: TestShop; manager: TestCustomer };
  beforeAll(async () => {
    target = await emptyShop();
  });
  afterAll(async () => {
    await target.shop.close();
  });

  it("gives the same file again, and the same product pages", async () => {
    const first = await exportText(shop, manager.token, format);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="catalogue-\\d{4}-\\d{2}-\\d{2}\\.${format}"$`),
    );
    expect(first.headers.get("content-type")).toContain(format === "csv" ? "text/csv" : "application/json");
    const imported = await importText(
      target.shop,
      target.manager.token,
      first.text,
      format === "csv" ? "text/csv" : "application/json",
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data.products).toBe(162);
    const second = await exportText(target.shop, target.manager.token, format);
    expect(second.text).toBe(first.text);

    const ids = (
      await shop.rows<{ id: string }>(
        sql`SELECT id FROM products WHERE archived_at IS NULL AND slug <> 'edge-discounted' ORDER BY id`,
      )
    ).map((r) => r.id);
    expect(await productAnswers(target.shop, ids)).toEqual(await productAnswers(shop, ids));
  });

  it("leaves out archived products and removed sizes", async () => {
    const { text } = await exportText(shop, manager.token, format);
    expect(text).not.toContain("edge-archived");
    const [product] = await target.shop.rows<{ sizes: string[] }>(
      sql`SELECT array_agg(s.size ORDER BY s.position) AS sizes FROM product_sizes s
          JOIN products p ON p.id = s.product_id WHERE p.slug = 'edge-discounted'`,
    );
    expect(product!.sizes).toEqual(["XL"]);
  });
});

describe("the JSON export", () => {
  it("holds every column the import reads, taxonomy no product uses included", async () => {
    const { text } = await exportText(shop, manager.token, "json");
    const file = JSON.parse(text);
    expect(file.categories.find((c: { slug: string }) => c.slug === "empty-category")).toEqual({
      slug: "empty-category",
      name: "Nothing here",
      image: "/images/categories/empty.webp",
      subcategories: [],
    });
    expect(file.products.find((p: { slug: string }) => p.slug === "edge-discounted")).toEqual({
      slug: "edge-discounted",
      title: "Discounted",
      description: "",
      color: "blue",
      colorName: "Blue",
      group: "edge-discounted",
      category: "edge",
      subcategories: [],
      underSubcategories: [],
      brand: "edge-brand",
      images: ["https://cdn.example.test/x.webp"],
      sizes: [{ size: "XL", stock: 2, price: 10, priceBeforeDiscount: 20.05 }],
      sold: 4,
      ratingsAverage: 4.5,
      ratingsQuantity: 2,
      createdAt: "2026-01-02T03:04:05.678Z",
    });
  });

  it("reads the products a page at a time, on their ids", async () => {
    const pages = [];
    for await (const page of exportProductPages(shop.ctx.db, 50)) pages.push(page.length);
    expect(pages).toEqual([50, 50, 50, 12]);
  });
});

describe("POST /api/v1/catalogue/import", () => {
  it("lists a CSV file's problems by line and field and changes nothing", async () => {
    const before = await shop.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`);
    const audits = await auditCount(shop, "catalogue.import");
    const csv =
      "slug,title,color,colorName,category,categoryName,images,price,sizes\n" +
      "new-one,New one,red,Red,edge,Edge,/images/a.webp,-1,\n" +
      "Bad Slug,,red,Red,edge,Edge,/images/a.webp,,S:1:5:4\n";
    const res = await importText(shop, manager.token, csv, "text/csv");
    expect(res.status).toBe(400);
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toContain("line 2 (new-one) price");
    expect(fields).toContain("line 3 (Bad Slug) slug");
    expect(fields).toContain("line 3 (Bad Slug) title");
    expect(fields).toContain("line 3 (Bad Slug) sizes[0].priceBeforeDiscount");
    expect(res.body.errors[0].message).toMatch(/^line \d+ \(/);
    expect(await shop.rows(sql`SELECT count(*)::int AS n FROM products`)).toEqual(before);
    expect(await auditCount(shop, "catalogue.import")).toBe(audits);
  });

  it.each([
    ["an empty body", "", "application/json", "file"],
    ["text that is not JSON", "{nope", "application/json", "file"],
    ["a JSON array", "[]", "application/json", "file"],
    ["a CSV without its columns", "slug,title\nx,y\n", "text/csv", "file"],
    ["another content type", "slug", "text/plain", "Content-Type"],
    [
      "a NUL character",
      JSON.stringify({ brands: [{ slug: "a", name: "a\u0000", image: "/a" }] }),
      "application/json",
      "brands.0.name",
    ],
  ])("answers 400 naming the field for %s", async (_, body, type, field) => {
    const res = await importText(shop, manager.token, body, type);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it("takes a file over the API's usual 64 KB body, and audits the import by counts", async () => {
    const { text } = await exportText(shop, manager.token, "json");
    expect(text.length).toBeGreaterThan(MAX_JSON_BODY_BYTES);
    const audits = await auditCount(shop, "catalogue.import");
    const res = await importText(shop, manager.token, text, "application/json");
    expect(res.status).toBe(200);
    expect(await auditCount(shop, "catalogue.import")).toBe(audits + 1);
    const [entry] = await shop.rows<{ actor_email: string; after: Record<string, unknown> }>(
      sql`SELECT actor_email, after FROM audit_log WHERE action = 'catalogue.import' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry!.actor_email).toBe(manager.email);
    expect(entry!.after).toMatchObject({ format: "json", products: 162, bytes: Buffer.byteLength(text) });
    // Other API routes keep the 64 KB bound.
    const other = await call(shop, "POST", "/auth/log-in", { rawBody: " ".repeat(MAX_JSON_BODY_BYTES + 1) });
    expect(other.status).toBe(413);
  });

  it("is refused to a visitor (401) and a customer (403)", async () => {
    const customer = await createCustomer(shop);
    expect((await importText(shop, "", "{}", "application/json")).status).toBe(401);
    expect((await importText(shop, customer.token, "{}", "application/json")).status).toBe(403);
    expect((await exportText(shop, customer.token, "csv")).status).toBe(403);
  });
});

describe("GET /api/v1/catalogue/export", () => {
  it("refuses CSV for a product in two subcategories, naming it, and audits exports", async () => {
    const exports = await auditCount(shop, "catalogue.export");
    await exportText(shop, manager.token, "json");
    expect(await auditCount(shop, "catalogue.export")).toBe(exports + 1);
    const twice = { ...EDGE_FILE.products[0]!, slug: "edge-two-subs", subcategories: ["odd", "more"] };
    const categories = [
      {
        ...EDGE_FILE.categories[0]!,
        subcategories: [
          ...EDGE_FILE.categories[0]!.subcategories!,
          { slug: "more", name: "More", image: "/images/more.webp", underSubcategories: [] },
        ],
      },
    ];
    const file = { categories, brands: [], products: [twice] };
    expect((await importText(shop, manager.token, JSON.stringify(file), "application/json")).status).toBe(
      200,
    );
    const res = await exportText(shop, manager.token, "csv");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ errors: [{ field: "format" }] });
    expect(JSON.parse(res.text).message).toContain("edge-two-subs");
    await shop.ctx.db.execute(sql`UPDATE products SET archived_at = now() WHERE slug = 'edge-two-subs'`);
    expect((await exportText(shop, manager.token, "csv")).status).toBe(200);
  });
});
