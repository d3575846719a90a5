import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { refreshListingPrices } from "#core/catalog/listing.ts";
import { availableStock } from "#core/stock/availability.ts";
import { newId } from "#db/ids.ts";
import { setUpTestShop } from "../support/app.ts";
import { TEST_NOW } from "../support/constants.ts";

const shop = setUpTestShop();

async function hold(
  productId: string,
  productSizeId: string | null,
  quantity: number,
  minutesFromNow: number,
) {
  const [customer] = await shop.rows<{
    id: string;
  }>(sql`INSERT INTO customers (id, first_name, last_name, email, password_hash)
    VALUES (${newId()}, 'Hold', 'Er', ${`${newId()}@shop.test`}, 'x') RETURNING id`);
  const expires = new Date(TEST_NOW.getTime() + minutesFromNow * 60_000).toISOString();
  await shop.database.db.execute(sql`INSERT INTO stock_holds (id, customer_id, product_id, product_size_id, quantity, expires_at)
    VALUES (${newId()}, ${customer!.id}, ${productId}, ${productSizeId}, ${quantity}, ${expires}::timestamptz)`);
}

describe("available stock", () => {
  it("is stock on hand minus active holds, for a size and for a product without sizes", async () => {
    const [size] = await shop.rows<{ id: string; product_id: string; stock: number }>(
      sql`SELECT id, product_id, stock FROM product_sizes WHERE stock >= 10 ORDER BY id LIMIT 1`,
    );
    const [plain] = await shop.rows<{ id: string; stock: number }>(
      sql`SELECT id, stock FROM products WHERE NOT has_sizes AND stock >= 10 ORDER BY id LIMIT 1`,
    );
    const item = { productId: size!.product_id, productSizeId: size!.id };
    expect(await availableStock(shop.ctx.db, item, TEST_NOW)).toBe(size!.stock);
    await hold(size!.product_id, size!.id, 3, 15);
    await hold(size!.product_id, size!.id, 2, 1);
    await hold(size!.product_id, size!.id, 4, -1); // lapsed: counts for nothing
    expect(await availableStock(shop.ctx.db, item, TEST_NOW)).toBe(size!.stock - 5);
    // Two minutes later the one-minute hold has lapsed too, with no job having run.
    expect(await availableStock(shop.ctx.db, item, new Date(TEST_NOW.getTime() + 120_000))).toBe(
      size!.stock - 3,
    );

    await hold(plain!.id, null, 7, 10);
    expect(await availableStock(shop.ctx.db, { productId: plain!.id, productSizeId: null }, TEST_NOW)).toBe(
      plain!.stock - 7,
    );
    const { body } = await shop.get(`/api/v1/products/${plain!.id}`);
    expect(body.data.quantity).toBe(plain!.stock - 7);
  });

  it("never goes below zero", async () => {
    const [size] = await shop.rows<{ id: string; product_id: string; stock: number }>(
      sql`SELECT id, product_id, stock FROM product_sizes WHERE stock BETWEEN 1 AND 5 ORDER BY id LIMIT 1`,
    );
    await hold(size!.product_id, size!.id, size!.stock + 3, 10);
    expect(
      await availableStock(shop.ctx.db, { productId: size!.product_id, productSizeId: size!.id }, TEST_NOW),
    ).toBe(0);
  });

  it("answers 0 for an item that does not exist", async () => {
    expect(
      await availableStock(shop.ctx.db, { productId: "0".repeat(24), productSizeId: null }, TEST_NOW),
    ).toBe(0);
  });
});

describe("listing prices", () => {
  it("follow the cheapest size with stock on hand, and the cheapest overall when none has", async () => {
    const [product] = await shop.rows<{ id: string }>(
      sql`SELECT product_id AS id FROM product_sizes GROUP BY product_id HAVING count(*) >= 3 ORDER BY product_id LIMIT 1`,
    );
    const id = product!.id;
    const sizes = await shop.rows<{ id: string }>(
      sql`SELECT id FROM product_sizes WHERE product_id = ${id} ORDER BY position`,
    );
    const [a, b, c] = sizes;
    await shop.database.db.execute(
      sql`UPDATE product_sizes SET price_cents = 5000, price_before_discount_cents = 5000, stock = 0 WHERE id = ${a!.id}`,
    );
    await shop.database.db.execute(
      sql`UPDATE product_sizes SET price_cents = 6000, price_before_discount_cents = 8000, discount_percent = 25, stock = 2 WHERE id = ${b!.id}`,
    );
    await shop.database.db.execute(
      sql`UPDATE product_sizes SET price_cents = 7000, price_before_discount_cents = 7000, stock = 9 WHERE product_id = ${id} AND id NOT IN (${a!.id}, ${b!.id})`,
    );
    await refreshListingPrices(shop.ctx.db, [id]);
    const listing = async () =>
      (
        await shop.rows<{ price_cents: number; discount_percent: number }>(
          sql`SELECT price_cents, discount_percent FROM products WHERE id = ${id}`,
        )
      )[0];
    expect(await listing()).toEqual({ price_cents: 6000, discount_percent: 25 });
    await shop.database.db.execute(sql`UPDATE product_sizes SET stock = 0 WHERE product_id = ${id}`);
    await refreshListingPrices(shop.ctx.db, [id]);
    expect(await listing()).toEqual({ price_cents: 5000, discount_percent: 0 });
    expect(c).toBeDefined();
  });
});
