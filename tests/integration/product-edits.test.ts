import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productDetail } from "#contract/catalog.ts";
import { createProduct } from "#core/catalog/product-edits.ts";
import { DomainError } from "#core/errors.ts";
import { call, createCustomer, expectContract, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";

// Staff create, edit, archive and restore products (docs/back-office/products.md): the import's
// checks and messages, the storefront following at once, carts lapsing what is no longer sold.

const shop = setUpTestShop();
const CART = "/customer/shopping-cart";

let manager: TestCustomer;
let shopper: TestCustomer;
/** Slugs of the test catalogue: a category with a subcategory that has an under-subcategory, a brand. */
const taxonomy = { category: "", sub: "", under: "", brand: "", brandName: "" };

beforeAll(async () => {
  manager = await createCustomer(shop, { role: "manager" });
  shopper = await createCustomer(shop);
  const [row] = await shop.rows<{ category: string; sub: string; under: string }>(
    sql`SELECT c.slug AS category, s.slug AS sub, u.slug AS under
        FROM under_subcategories u JOIN subcategories s ON s.id = u.subcategory_id
        JOIN categories c ON c.id = s.category_id ORDER BY u.id LIMIT 1`,
  );
  const [brand] = await shop.rows<{ slug: string; name: string }>(
    sql`SELECT slug, name FROM brands ORDER BY id LIMIT 1`,
  );
  Object.assign(taxonomy, row, { brand: brand!.slug, brandName: brand!.name });
});

let counter = 0;
/** A new product's record (two sizes) with a title word no other product has. */
function record(overrides: Record<string, unknown> = {}) {
  counter++;
  const word = `zephyrine${"abcdefghij"[counter % 10]}${"klmnopqrst"[Math.floor(counter / 10) % 10]}`;
  return {
    slug: `test-garment-${counter}-sky`,
    title: `${word[0]!.toUpperCase()}${word.slice(1)} Linen Shirt`,
    description: "Cut from washed linen.",
    color: "sky",
    colorName: "Sky",
    // The import's convention, which lets the record be read back with its group (groupSlugOf).
    group: `test-garment-${counter}`,
    category: taxonomy.category,
    subcategories: [taxonomy.sub],
    underSubcategories: [`${taxonomy.sub}/${taxonomy.under}`],
    brand: taxonomy.brand,
    images: ["/images/products/shirt/sky/front.webp"],
    sizes: [
      { size: "S", stock: 4, price: 30, priceBeforeDiscount: 40 },
      { size: "M", stock: 3, price: 32.5 },
    ],
    ...overrides,
    word,
  };
}
const body = ({ word: _word, ...rest }: ReturnType<typeof record>) => rest;

const send = (method: string, path: string, payload?: unknown, token = manager.token) =>
  call(shop, method, path, { token, body: payload });

async function created(r = record()) {
  const res = await send("POST", "/products", body(r));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data._id as string, r };
}

const search = (q: string) => call(shop, "GET", `/products?search=${encodeURIComponent(q)}&limit=50`);
const ids = (res: { body: { data: { _id: string }[] } }) => res.body.data.map((p) => p._id);

async function auditRows(id: string) {
  return shop.rows<{ action: string; actor_email: string; before: any; after: any }>(
    sql`SELECT action, actor_email, before, after FROM audit_log WHERE entity = 'product' AND entity_id = ${id}
        ORDER BY id`,
  );
}

describe("POST /api/v1/products", () => {
  it("creates a product with two sizes, shown as GET shows it and found by search at once", async () => {
    const r = record();
    const res = await send("POST", "/products", body(r));
    expect(res.status).toBe(201);
    expectContract(productDetail, res.body.data);
    const id = res.body.data._id;
    const shown = await call(shop, "GET", `/products/${id}`);
    expect(shown.status).toBe(200);
    expect(res.body.data).toEqual(shown.body.data);
    expect(shown.body.data).toMatchObject({
      title: r.title,
      slug: r.slug,
      colorName: "Sky",
      price: 30,
      priceBeforeDiscount: 40,
      discountPercent: 25,
      quantity: 7,
      brand: { name: taxonomy.brandName },
      sold: 0,
    });
    expect(
      shown.body.data.sizes.map((s: { size: string; quantity: number }) => [s.size, s.quantity]),
    ).toEqual([
      ["S", 4],
      ["M", 3],
    ]);
    expect(shown.body.data.subCategories).toHaveLength(1);
    expect(shown.body.data.underSubCategories).toHaveLength(1);
    expect(shown.body.data.group).toMatchObject({ name: r.title });
    // One word goes to the search postings, two to the full-text index: both current.
    expect(ids(await search(r.word))).toEqual([id]);
    expect(ids(await search(`${r.word} shirt`))).toEqual([id]);
    // The new size's stock enters the ledger as its first entry.
    const ledger = await shop.rows<{ size: string; delta: number; reason: string }>(
      sql`SELECT size, delta, reason FROM stock_ledger WHERE product_id = ${id} ORDER BY size`,
    );
    expect(ledger).toEqual([
      { size: "M", delta: 3, reason: "initial" },
      { size: "S", delta: 4, reason: "initial" },
    ]);
    const audit = await auditRows(id);
    expect(audit.map((a) => [a.action, a.actor_email, a.before])).toEqual([
      ["product.create", manager.email, null],
    ]);
    expect(audit[0]!.after).toMatchObject({ slug: r.slug, category: taxonomy.category, group: r.group });
  });

  it("creates a product without sizes with its price and stock", async () => {
    const r = record({ sizes: [], price: 12.5, stock: 2, group: undefined });
    const { id } = await created(r);
    const shown = await call(shop, "GET", `/products/${id}`);
    expect(shown.body.data).toMatchObject({ price: 12.5, quantity: 2, sizes: [], size: null, group: null });
  });

  it("refuses a slug that exists: 409, nothing written", async () => {
    const { r } = await created();
    const again = await send("POST", "/products", { ...body(r), title: "Another" });
    expect([again.status, again.body.errors?.[0]?.field]).toEqual([409, "slug"]);
    expect(again.body.message).toBe(`slug: a product with the slug '${r.slug}' already exists`);
  });

  it("core refuses an actor who is not staff, whatever the edge checked", async () => {
    const actor = { id: shopper.id, email: shopper.email, role: "customer" } as never;
    await expect(createProduct(shop.ctx, actor, body(record()))).rejects.toMatchObject({ kind: "forbidden" });
    await expect(createProduct(shop.ctx, actor, body(record()))).rejects.toBeInstanceOf(DomainError);
  });
});

/** One bad field: the body's change, the field named, the import's message. */
const BAD_FIELDS = (
  [
    ["slug", { slug: "Not A Slug" }, "slug", "must be a slug (lower-case letters, digits and hyphens)"],
    ["title", { title: " " }, "title", "is required"],
    ["description", { description: "x".repeat(5001) }, "description", "must be at most 5000 characters"],
    ["color", { color: "Sky Blue" }, "color", "must be a slug (lower-case letters, digits and hyphens)"],
    ["colorName", { colorName: "" }, "colorName", "is required"],
    ["group", { group: "A group" }, "group", "must be a slug (lower-case letters, digits and hyphens)"],
    [
      "category",
      { category: "no-such-category" },
      "category",
      "no category 'no-such-category' in the catalogue",
    ],
    [
      "subcategory",
      { subcategories: ["no-such-sub"] },
      "subcategories[0]",
      "no subcategory 'no-such-sub' in category",
    ],
    [
      "under-subcategory shape",
      { underSubcategories: ["nope"] },
      "underSubcategories[0]",
      "must be 'subcategory/under-subcategory'",
    ],
    ["under-subcategory", { underSubcategories: ["a/b"] }, "underSubcategories[0]", "no 'a/b' in category"],
    ["brand", { brand: "no-such-brand" }, "brand", "no brand 'no-such-brand' in the catalogue"],
    ["no image", { images: [] }, "images", "needs at least one image"],
    [
      "image URL",
      { images: ["ftp://example.com/a.jpg"] },
      "images[0]",
      "must be an absolute URL or a path starting with /",
    ],
    ["size label", { sizes: [{ size: "", stock: 1, price: 1 }] }, "sizes[0].size", "is required"],
    ["size stock", { sizes: [{ size: "S", stock: -1, price: 1 }] }, "sizes[0].stock", "must be 0 or more"],
    [
      "size stock fraction",
      { sizes: [{ size: "S", stock: 1.5, price: 1 }] },
      "sizes[0].stock",
      "must be a whole number",
    ],
    ["size price", { sizes: [{ size: "S", stock: 1, price: "ten" }] }, "sizes[0].price", "must be a number"],
    [
      "size price decimals",
      { sizes: [{ size: "S", stock: 1, price: 1.234 }] },
      "sizes[0].price",
      "must have at most two decimals",
    ],
    [
      "size price too high",
      { sizes: [{ size: "S", stock: 1, price: 2_000_000 }] },
      "sizes[0].price",
      "must be at most 1000000",
    ],
    [
      "size before-discount price",
      { sizes: [{ size: "S", stock: 1, price: 10, priceBeforeDiscount: 5 }] },
      "sizes[0].priceBeforeDiscount",
      "must not be below price",
    ],
    [
      "size twice",
      {
        sizes: [
          { size: "S", stock: 1, price: 1 },
          { size: "s", stock: 1, price: 1 },
        ],
      },
      "sizes[1].size",
      "is listed twice",
    ],
    ["no price without sizes", { sizes: [] }, "price", "is required for a product without sizes"],
    ["price beside sizes", { price: 5 }, "sizes", "price and stock go on each size, not the product"],
    [
      "product before-discount price",
      { sizes: [], price: 10, priceBeforeDiscount: 9 },
      "priceBeforeDiscount",
      "must not be below price",
    ],
    ["product stock", { sizes: [], price: 10, stock: -2 }, "stock", "must be 0 or more"],
    ["NUL character", { title: "a\u0000b" }, "title", "title contains a character that is not allowed."],
  ] as const
).map(([name, change, field, message]) => ({
  name,
  change: change as Record<string, unknown>,
  field,
  message,
}));

describe("bad input", () => {
  it.each(BAD_FIELDS)(
    "POST with a bad $name → 400 naming $field with the import's message, nothing written",
    async ({ change, field, message }) => {
      const before = await shop.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`);
      const r = { ...body(record()), ...change };
      const res = await send("POST", "/products", r);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      const issue = res.body.errors.find((e: { field: string }) => e.field === field);
      expect(issue?.message, JSON.stringify(res.body.errors)).toContain(message);
      expect(res.body.message).toContain(field); // the first problem, as the import writes it: `field: message`
      expect(await shop.rows(sql`SELECT count(*)::int AS n FROM products`)).toEqual(before);
    },
  );

  it.each(BAD_FIELDS)(
    "PUT with a bad $name → 400 naming $field, the product unchanged",
    async ({ change, field, message }) => {
      const { id, r } = await created();
      const before = await call(shop, "GET", `/products/${id}`);
      const audit = (await auditRows(id)).length;
      const res = await send("PUT", `/products/${id}`, { ...body(r), ...change });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      const issue = res.body.errors.find((e: { field: string }) => e.field === field);
      expect(issue?.message, JSON.stringify(res.body.errors)).toContain(message);
      expect((await call(shop, "GET", `/products/${id}`)).body).toEqual(before.body);
      expect(await auditRows(id)).toHaveLength(audit);
    },
  );

  it("a body that is no JSON object → 400", async () => {
    const res = await call(shop, "POST", "/products", { token: manager.token, rawBody: "[1,2]" });
    expect(res.status).toBe(400);
  });
});

describe("PUT /api/v1/products/{id}", () => {
  it("edits a price: the listing price, price filters and price sort follow at once", async () => {
    const { id, r } = await created();
    const res = await send("PUT", `/products/${id}`, {
      ...body(r),
      sizes: [
        { size: "S", stock: 4, price: 18 },
        { size: "M", stock: 3, price: 32.5 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ price: 18, priceBeforeDiscount: 18, discountPercent: 0 });
    const [row] = await shop.rows<{ price_cents: number }>(
      sql`SELECT price_cents FROM products WHERE id = ${id}`,
    );
    expect(row!.price_cents).toBe(1800);
    const cheap = await call(shop, "GET", `/products?search=${r.word}&price[lte]=20`);
    expect(ids(cheap)).toEqual([id]);
    const listed = await call(
      shop,
      "GET",
      `/products?category=${res.body.data.category._id}&sort=price&price[gte]=18&price[lte]=18&limit=100`,
    );
    expect(ids(listed)).toContain(id);
    expect(listed.body.data.find((p: { _id: string }) => p._id === id).price).toBe(18);
  });

  it("keeps existing sizes' stock (the stock page moves it), stocks a new size, refuses a slug change", async () => {
    const { id, r } = await created();
    const res = await send("PUT", `/products/${id}`, {
      ...body(r),
      title: `${r.title} Edited`,
      sizes: [
        { size: "S", stock: 99, price: 30 },
        { size: "M", stock: 3, price: 32.5 },
        { size: "L", stock: 6, price: 34 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.sizes.map((s: { size: string; quantity: number }) => [s.size, s.quantity])).toEqual([
      ["S", 4],
      ["M", 3],
      ["L", 6],
    ]);
    expect(ids(await search("edited"))).toContain(id);
    const renamed = await send("PUT", `/products/${id}`, { ...body(r), slug: "another-slug" });
    expect([renamed.status, renamed.body.errors[0].field]).toEqual([400, "slug"]);
    const audit = await auditRows(id);
    expect(audit.map((a) => a.action)).toEqual(["product.create", "product.update"]);
    expect(audit[1]!.before.title).toBe(r.title);
    expect(audit[1]!.after.title).toBe(`${r.title} Edited`);
    expect(audit[1]!.after.sizes.map((s: { size: string }) => s.size)).toEqual(["S", "M", "L"]);
  });

  it("an unknown product → 404", async () => {
    const res = await send("PUT", "/products/000000000000000000000000", body(record()));
    expect([res.status, res.body.message]).toEqual([
      404,
      "No product for this ID: 000000000000000000000000.",
    ]);
  });

  it("removes a size: no longer offered, a cart holding it lapses with a notice; listed again it comes back", async () => {
    const { id, r } = await created();
    const added = await call(shop, "POST", CART, {
      token: shopper.token,
      body: { productId: id, size: "M" },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const res = await send("PUT", `/products/${id}`, { ...body(r), sizes: [r.sizes[0]] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.sizes.map((s: { size: string }) => s.size)).toEqual(["S"]);
    const [size] = await shop.rows<{ id: string; removed_at: unknown }>(
      sql`SELECT id, removed_at FROM product_sizes WHERE product_id = ${id} AND size = 'M'`,
    );
    expect(size!.removed_at).not.toBeNull();

    const cart = await call(shop, "GET", CART, { token: shopper.token });
    expect(cart.status).toBe(200);
    const notice = `${r.title} (size M) is no longer sold and was removed from your cart.`;
    expect(cart.body.data.notices).toEqual([notice]);
    expect(cart.body.cartItems.map((i: { product: { _id: string } }) => i.product._id)).not.toContain(id);
    const again = await call(shop, "POST", CART, {
      token: shopper.token,
      body: { productId: id, size: "M" },
    });
    expect([again.status, again.body.message]).toEqual([400, `${r.title} does not come in size M.`]);

    const back = await send("PUT", `/products/${id}`, body(r));
    expect(back.body.data.sizes.map((s: { _id: string; size: string }) => [s._id, s.size])).toEqual([
      [expect.any(String), "S"],
      [size!.id, "M"],
    ]);
  });
});

describe("PUT /api/v1/products/{id}/status", () => {
  it("archives: gone from search, lists, the sitemap and its page; a cart line lapses; restoring brings it back", async () => {
    const { id, r } = await created();
    const added = await call(shop, "POST", CART, {
      token: shopper.token,
      body: { productId: id, size: "S" },
    });
    expect(added.status).toBe(200);
    const categoryId = added.body.data
      ? (await call(shop, "GET", `/products/${id}`)).body.data.category._id
      : "";

    const res = await send("PUT", `/products/${id}/status`, { status: "archived" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ _id: id, status: "archived", archivedAt: expect.any(String) });

    const page = await call(shop, "GET", `/products/${id}`);
    expect([page.status, page.body.message]).toEqual([404, `No product for this ID: ${id}.`]);
    expect(ids(await search(r.word))).toEqual([]);
    expect(ids(await search(`${r.word} shirt`))).toEqual([]);
    const listed = await call(shop, "GET", `/products?category=${categoryId}&sort=-createdAt&limit=100`);
    expect(ids(listed)).not.toContain(id);
    const sitemap = await shop.get("/sitemap/products-1.xml");
    expect(String(sitemap.body)).not.toContain(id);
    const cart = await call(shop, "GET", CART, { token: shopper.token });
    expect(cart.body.data.notices).toEqual([
      `${r.title} (size S) is no longer sold and was removed from your cart.`,
    ]);
    const add = await call(shop, "POST", CART, { token: shopper.token, body: { productId: id, size: "S" } });
    expect([add.status, add.body.message]).toEqual([404, `No product for this ID: ${id}.`]);

    // Archiving again changes nothing; an archived product may still be edited.
    expect((await send("PUT", `/products/${id}/status`, { status: "archived" })).status).toBe(200);
    const edited = await send("PUT", `/products/${id}`, { ...body(r), colorName: "Pale Sky" });
    expect([edited.status, edited.body.data?.colorName]).toEqual([200, "Pale Sky"]);
    expect(ids(await search(r.word))).toEqual([]);

    const restored = await send("PUT", `/products/${id}/status`, { status: "active" });
    expect(restored.body.data).toEqual({ _id: id, status: "active", archivedAt: null });
    expect((await call(shop, "GET", `/products/${id}`)).status).toBe(200);
    expect(ids(await search(r.word))).toEqual([id]);
    expect((await auditRows(id)).map((a) => a.action)).toEqual([
      "product.create",
      "product.archive",
      "product.update",
      "product.restore",
    ]);
  });

  it("an unknown product → 404; a bad status → 400", async () => {
    const unknown = await send("PUT", "/products/nothing/status", { status: "archived" });
    expect(unknown.status).toBe(404);
    const { id } = await created();
    const bad = await send("PUT", `/products/${id}/status`, { status: "deleted" });
    expect([bad.status, bad.body.errors[0].field]).toEqual([400, "status"]);
  });
});
