import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createCustomer, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { insertDeliveredOrder } from "../support/reviews.ts";
import { stockedItem } from "../support/shopping.ts";

// A product's figures under many review writes at once (docs/decisions/057-reviews.md): each write
// recounts the visible reviews under the product's row lock, so whatever the interleaving the
// figures end exact. On PostgreSQL the writes really overlap (a pool of connections, row locks that
// wait); PGlite has one connection and runs them one after another, so it runs a smaller crowd.

const shop = setUpTestShop();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const CROWD = onPostgres ? 100 : 20;

/** Ratings spread over 1–5 whose average needs rounding. */
const ratingOf = (i: number) => 1 + ((i * 7 + Math.floor(i / 3)) % 5);
/** PostgreSQL's round(avg, 1) for positive integers: half away from zero. */
const rounded = (sum: number, count: number) => (count === 0 ? 0 : Math.round((sum * 10) / count) / 10);

async function buyers(productId: string, count: number): Promise<TestCustomer[]> {
  const customers: TestCustomer[] = [];
  for (let i = 0; i < count; i++) {
    const customer = await createCustomer(shop);
    await insertDeliveredOrder(shop, customer.id, productId);
    customers.push(customer);
  }
  return customers;
}

async function productFigures(productId: string) {
  const [row] = await shop.rows<{ average: number; quantity: number }>(
    sql`SELECT ratings_average::float8 AS average, ratings_quantity AS quantity FROM products WHERE id = ${productId}`,
  );
  return row!;
}

/** The figures recounted by hand from the visible reviews. */
async function recounted(productId: string) {
  const rows = await shop.rows<{ rating: number }>(
    sql`SELECT rating FROM product_reviews WHERE product_id = ${productId} AND hidden_at IS NULL`,
  );
  const sum = rows.reduce((total, r) => total + r.rating, 0);
  return { average: rounded(sum, rows.length), quantity: rows.length };
}

describe(`${CROWD} customers review one product at once`, () => {
  it("every review is written and the product's figures are exact", async () => {
    const item = await stockedItem(shop, { stock: 5, unreviewed: true });
    const crowd = await buyers(item.productId, CROWD);
    const answers = await Promise.all(
      crowd.map((customer, i) =>
        call(shop, "POST", `/products/${item.productId}/reviews`, {
          token: customer.token,
          body: {
            rating: ratingOf(i),
            title: `Review ${i}`,
            text: "Written with everyone else at once.",
            fit: "true",
          },
        }),
      ),
    );
    const failed = answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body.message]);
    expect(failed).toEqual([]);
    const sum = crowd.reduce((total, _, i) => total + ratingOf(i), 0);
    const expected = { average: rounded(sum, CROWD), quantity: CROWD };
    expect(await productFigures(item.productId)).toEqual(expected);
    const list = await call(shop, "GET", `/products/${item.productId}/reviews?limit=1`);
    expect(list.body.summary).toMatchObject({ ratingsAverage: expected.average, ratingsQuantity: CROWD });
    expect(list.body.paginationResults.numberOfPages).toBe(CROWD);
    const detail = await call(shop, "GET", `/products/${item.productId}`);
    expect(detail.body.data).toMatchObject({ ratingsAverage: expected.average, ratingsQuantity: CROWD });
  });

  it("edits, deletes, hides and new reviews at once leave the figures of the reviews that remain visible", async () => {
    const item = await stockedItem(shop, { stock: 5, unreviewed: true });
    const crowd = await buyers(item.productId, CROWD);
    const written: string[] = [];
    // Half of them reviewed before (one at a time), the other half write now.
    const half = CROWD / 2;
    for (let i = 0; i < half; i++) {
      const res = await call(shop, "POST", `/products/${item.productId}/reviews`, {
        token: crowd[i]!.token,
        body: { rating: ratingOf(i), title: `Review ${i}`, text: "Written before the rush.", fit: "small" },
      });
      expect(res.status).toBe(201);
      written.push(res.body.data._id);
    }
    const manager = await createCustomer(shop, { role: "manager" });
    const answers = await Promise.all(
      crowd.map((customer, i) => {
        if (i >= half) {
          return call(shop, "POST", `/products/${item.productId}/reviews`, {
            token: customer.token,
            body: {
              rating: ratingOf(i + 1),
              title: `Review ${i}`,
              text: "Written in the rush.",
              fit: "large",
            },
          });
        }
        const id = written[i]!;
        if (i % 3 === 0) return call(shop, "DELETE", `/reviews/${id}`, { token: customer.token });
        if (i % 3 === 1) {
          return call(shop, "PUT", `/reviews/${id}`, {
            token: customer.token,
            body: {
              rating: 6 - ratingOf(i),
              title: `Edited ${i}`,
              text: "Changed in the rush.",
              fit: "true",
            },
          });
        }
        return call(shop, "PATCH", `/reviews/${id}`, {
          token: manager.token,
          body: { hidden: true, reason: "Hidden in the rush." },
        });
      }),
    );
    expect(answers.filter((a) => a.status >= 300).map((a) => [a.status, a.body.message])).toEqual([]);
    const figures = await recounted(item.productId);
    // Deleted: every third of the first half; hidden: another third of it.
    expect(figures.quantity).toBe(CROWD - Math.ceil(half / 3) - Math.floor(half / 3));
    expect(await productFigures(item.productId)).toEqual(figures);
    // The list's tallies by stars and fit are the visible reviews' too.
    const tallies = await shop.rows<{ rating: number; fit: string; n: number }>(
      sql`SELECT rating, fit, count(*)::int AS n FROM product_reviews
          WHERE product_id = ${item.productId} AND hidden_at IS NULL GROUP BY rating, fit`,
    );
    const count = (keep: (t: { rating: number; fit: string }) => boolean) =>
      tallies.filter(keep).reduce((total, t) => total + t.n, 0);
    const list = await call(shop, "GET", `/products/${item.productId}/reviews`);
    expect(list.body.summary).toEqual({
      ratingsAverage: figures.average,
      ratingsQuantity: figures.quantity,
      histogram: Object.fromEntries([1, 2, 3, 4, 5].map((n) => [n, count((t) => t.rating === n)])),
      fit: Object.fromEntries(["small", "true", "large"].map((f) => [f, count((t) => t.fit === f)])),
    });
  });
});
