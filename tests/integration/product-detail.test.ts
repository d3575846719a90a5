import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getProduct } from "#core/catalog/products.ts";
import { newId } from "#db/ids.ts";
import { setUpTestShop } from "../support/app.ts";
import { TEST_NOW } from "../support/constants.ts";

const shop = setUpTestShop();

describe("GET /api/v1/products/{id}", () => {
  it("answers the detail: description, images, names, sizes and colour group", async () => {
    const [p] = await shop.rows<{ id: string; group_id: string }>(
      sql`SELECT id, group_id FROM products WHERE has_sizes ORDER BY sold DESC LIMIT 1`,
    );
    const { status, body } = await shop.get(`/api/v1/products/${p!.id}`);
    expect(status).toBe(200);
    const d = body.data;
    expect(d._id).toBe(p!.id);
    expect(d.description.length).toBeGreaterThan(20);
    expect(d.images.length).toBeGreaterThanOrEqual(3);
    expect(d.images[0]).toBe(d.imageCover);
    expect(d.category).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), name: expect.any(String) });
    expect(d.brand).toEqual({ _id: expect.any(String), name: expect.any(String) });
    expect(d.subCategories[0]).toEqual({ _id: expect.any(String), name: expect.any(String) });
    expect(d.underSubCategories[0]).toEqual({ _id: expect.any(String), name: expect.any(String) });
    expect(d.isFavorite).toBe(false);
    expect(d.sizes.length).toBeGreaterThan(1);
    for (const s of d.sizes) {
      expect(Object.keys(s).sort()).toEqual([
        "_id",
        "discountPercent",
        "price",
        "priceBeforeDiscount",
        "quantity",
        "size",
      ]);
    }
    const group = await shop.rows<{ id: string }>(
      sql`SELECT id FROM products WHERE group_id = ${p!.group_id}`,
    );
    expect(d.group.productsIDs.map((v: any) => v._id).sort()).toEqual(group.map((g) => g.id).sort());
    expect(d.group.productsIDs.length).toBeGreaterThanOrEqual(2);
    for (const v of d.group.productsIDs)
      expect(v).toEqual({
        _id: expect.any(String),
        imageCover: expect.any(String),
        color: expect.any(String),
        colorName: expect.any(String),
      });
  });

  it("counts active holds against stock, and lets expired holds go", async () => {
    const [size] = await shop.rows<{ id: string; product_id: string; stock: number }>(
      sql`SELECT id, product_id, stock FROM product_sizes WHERE stock >= 5 ORDER BY id LIMIT 1`,
    );
    const customerId = (await shop.rows<{ id: string }>(sql`SELECT id FROM customers LIMIT 1`))[0]!.id;
    const future = new Date(TEST_NOW.getTime() + 60_000).toISOString();
    const past = new Date(TEST_NOW.getTime() - 60_000).toISOString();
    await shop.database.db.execute(sql`INSERT INTO stock_holds (id, customer_id, product_id, product_size_id, quantity, expires_at)
      VALUES (${newId()}, ${customerId}, ${size!.product_id}, ${size!.id}, 2, ${future}::timestamptz)`);
    const other = await shop.rows<{
      id: string;
    }>(sql`INSERT INTO customers (id, first_name, last_name, email, password_hash)
      VALUES (${newId()}, 'Other', 'Buyer', ${`other-${newId()}@shop.test`}, 'x') RETURNING id`);
    await shop.database.db.execute(sql`INSERT INTO stock_holds (id, customer_id, product_id, product_size_id, quantity, expires_at)
      VALUES (${newId()}, ${other[0]!.id}, ${size!.product_id}, ${size!.id}, 1, ${past}::timestamptz)`);
    const { body } = await shop.get(`/api/v1/products/${size!.product_id}`);
    const shown = body.data.sizes.find((s: any) => s._id === size!.id);
    expect(shown.quantity).toBe(size!.stock - 2);
    await shop.database.db.execute(sql`DELETE FROM stock_holds`);
  });

  it.each([
    ["an id of the right form that names nothing", "0123456789abcdef01234567"],
    ["a short id", "abc"],
    ["an upper-case id", "0123456789ABCDEF01234567"],
    ["an SQL fragment", encodeURIComponent("1' OR '1'='1")],
    ["a very long id", "f".repeat(500)],
  ])("answers 404 'No product for this ID' for %s", async (_label, id) => {
    const { status, body } = await shop.get(`/api/v1/products/${id}`);
    expect(status).toBe(404);
    expect(body.status).toBe("fail");
    expect(body.message).toMatch(/^No product for this ID: .*\.$/);
  });
});

describe("the product read as a prepared statement (docs/decisions/067-prepared-product-detail.md)", () => {
  it("answers each read with the stock of its own moment, the plan kept between reads", async () => {
    const [size] = await shop.rows<{ id: string; product_id: string; stock: number }>(
      sql`SELECT s.id, s.product_id, s.stock FROM product_sizes s JOIN products p ON p.id = s.product_id
          WHERE s.stock > 3 AND s.removed_at IS NULL AND p.archived_at IS NULL ORDER BY s.id LIMIT 1`,
    );
    const customerId = (await shop.rows<{ id: string }>(sql`SELECT id FROM customers LIMIT 1`))[0]!.id;
    // A hold of 2 that ends 5 minutes after TEST_NOW.
    const ends = new Date(TEST_NOW.getTime() + 5 * 60_000);
    await shop.database.db.execute(sql`INSERT INTO stock_holds (id, customer_id, product_id, product_size_id, quantity, expires_at)
      VALUES (${newId()}, ${customerId}, ${size!.product_id}, ${size!.id}, 2, ${ends.toISOString()}::timestamptz)`);
    try {
      // One connection throughout (a transaction holds it), read ten times a minute apart: past the
      // five custom plans after which PostgreSQL may keep a generic one.
      const seen = await shop.ctx.db.transaction(async (tx) => {
        const shown: number[] = [];
        for (let minute = 0; minute < 10; minute++) {
          const now = () => new Date(TEST_NOW.getTime() + minute * 60_000);
          const product = await getProduct({ ...shop.ctx, db: tx, now }, size!.product_id);
          shown.push(product.sizes.find((s) => s._id === size!.id)!.quantity);
        }
        if (shop.database.kind === "postgres") {
          const prepared = (await tx.execute(
            sql`SELECT generic_plans + custom_plans AS runs FROM pg_prepared_statements
                WHERE name LIKE 'shop_%' AND statement LIKE '%FROM products p%'`,
          )) as unknown as { rows: { runs: string }[] };
          // The earlier tests' reads may have used this connection too.
          expect(Math.max(...prepared.rows.map((r) => Number(r.runs)))).toBeGreaterThanOrEqual(10);
        }
        return shown;
      });
      const held = size!.stock - 2;
      expect(seen).toEqual([
        held,
        held,
        held,
        held,
        held,
        size!.stock,
        size!.stock,
        size!.stock,
        size!.stock,
        size!.stock,
      ]);
    } finally {
      await shop.database.db.execute(sql`DELETE FROM stock_holds`);
    }
  });
});
