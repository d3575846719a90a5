import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Database, queryRows, wrapPglite } from "#db/client.ts";
import { DEMO_REVIEWERS, MAX_REVIEWS_PER_PRODUCT, seedDemoReviews } from "#demo/reviews.ts";
import { seedDemoShop } from "#demo/seed.ts";
import { DEMO_CUSTOMER, DEMO_STAFF } from "#demo/shop-data.ts";
import { call } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { TEST_NOW, TEST_SEED } from "../support/constants.ts";

// The demo shop's ratings are reviews by demo customers, its figures counted from them
// (docs/storefront/demo-reviews.md), on the seeded test catalogue every test file starts from.

const shop = setUpTestShop();

interface Figures {
  id: string;
  ratings_average: number;
  ratings_quantity: number;
}

describe("the demo shop's reviews", () => {
  it("reviews most products, a few of them many times, each by demo reviewers only, once per reviewer", async () => {
    const counts = (
      await shop.rows<{ n: number }>(sql`
        SELECT count(r.id)::int AS n FROM products p LEFT JOIN product_reviews r ON r.product_id = p.id
        GROUP BY p.id`)
    ).map((r) => r.n);
    const none = counts.filter((n) => n === 0).length;
    expect(none).toBeGreaterThan(0);
    expect(none).toBeLessThan(counts.length * 0.2);
    expect(counts.filter((n) => n >= 1 && n <= 12).length).toBeGreaterThan(counts.length * 0.6);
    expect(Math.max(...counts)).toBeGreaterThan(15);
    expect(Math.max(...counts)).toBeLessThanOrEqual(MAX_REVIEWS_PER_PRODUCT);

    const authors = await shop.rows<{ customer_id: string; email: string; twice: number }>(sql`
      SELECT r.customer_id, c.email, (count(*) - count(DISTINCT r.product_id))::int AS twice
      FROM product_reviews r JOIN customers c ON c.id = r.customer_id GROUP BY r.customer_id, c.email`);
    const reviewers = new Map(DEMO_REVIEWERS.map((r) => [r.id, r.email]));
    for (const author of authors) {
      expect(reviewers.get(author.customer_id)).toBe(author.email);
      expect(author.twice).toBe(0);
    }
    // None of them is one of the README's demo accounts.
    const readme = [DEMO_CUSTOMER.email, ...DEMO_STAFF.map((s) => s.email)];
    expect(DEMO_REVIEWERS.filter((r) => readme.includes(r.email))).toEqual([]);
    expect(new Set(DEMO_REVIEWERS.map((r) => r.email)).size).toBe(DEMO_REVIEWERS.length);
  });

  it("shows every product's figures as its visible reviews count them, in lists, details and search", async () => {
    const counted = await shop.rows<Figures>(sql`
      SELECT p.id, coalesce(round(avg(r.rating), 1), 0)::float8 AS ratings_average,
        count(r.id)::int AS ratings_quantity
      FROM products p LEFT JOIN product_reviews r ON r.product_id = p.id AND r.hidden_at IS NULL
      GROUP BY p.id ORDER BY p.id`);
    const stored = await shop.rows<Figures>(
      sql`SELECT id, ratings_average::float8 AS ratings_average, ratings_quantity FROM products ORDER BY id`,
    );
    expect(stored).toEqual(counted);
    const averages = new Set(counted.map((p) => p.ratings_average));
    expect(averages.size).toBeGreaterThan(10);

    // The postings carry the counted average, so a search filters and sorts by it.
    const stale = await shop.rows<{ product_id: string }>(sql`
      SELECT s.product_id FROM search_postings s JOIN products p ON p.id = s.product_id
      WHERE s.ratings_average <> p.ratings_average`);
    expect(stale).toEqual([]);

    const best = [...counted].sort((a, b) => b.ratings_quantity - a.ratings_quantity)[0]!;
    const detail = await shop.get(`/api/v1/products/${best.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      ratingsAverage: best.ratings_average,
      ratingsQuantity: best.ratings_quantity,
    });
    const rated = await shop.get(
      "/api/v1/products?ratingsAverage[gte]=4.5&sort=-ratingsAverage&limit=100&fields=_id,ratingsAverage,ratingsQuantity",
    );
    const expected = counted.filter((p) => p.ratings_average >= 4.5);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(100);
    expect(rated.body.data.map((card: { _id: string }) => card._id).sort()).toEqual(
      expected.map((p) => p.id).sort(),
    );
    for (const card of rated.body.data) {
      const figures = counted.find((p) => p.id === card._id)!;
      expect([card.ratingsAverage, card.ratingsQuantity]).toEqual([
        figures.ratings_average,
        figures.ratings_quantity,
      ]);
    }

    // The product's reviews list: its summary (histogram, fit) and its pages count the same reviews.
    const [stars] = await shop.rows<Record<"s1" | "s2" | "s3" | "s4" | "s5", number>>(sql`
      SELECT ${sql.join(
        [1, 2, 3, 4, 5].map((n) => sql`count(*) FILTER (WHERE rating = ${n})::int AS ${sql.raw(`s${n}`)}`),
        sql`, `,
      )}
      FROM product_reviews WHERE product_id = ${best.id} AND hidden_at IS NULL`);
    const reviews = await shop.get(`/api/v1/products/${best.id}/reviews?limit=50`);
    expect(reviews.status).toBe(200);
    expect(reviews.body.summary).toMatchObject({
      ratingsAverage: best.ratings_average,
      ratingsQuantity: best.ratings_quantity,
      histogram: { 1: stars!.s1, 2: stars!.s2, 3: stars!.s3, 4: stars!.s4, 5: stars!.s5 },
    });
    expect(reviews.body.data).toHaveLength(Math.min(50, best.ratings_quantity));
  });

  it("reads like a shop's reviews: stars mostly high, fit mostly true to size, words that match the stars", async () => {
    const stars = await shop.rows<{ rating: number; n: number }>(
      sql`SELECT rating, count(*)::int AS n FROM product_reviews GROUP BY rating ORDER BY rating`,
    );
    expect(stars.map((s) => s.rating)).toEqual([1, 2, 3, 4, 5]);
    const share = (rating: number) =>
      stars.find((s) => s.rating === rating)!.n / stars.reduce((sum, s) => sum + s.n, 0);
    expect(share(4) + share(5)).toBeGreaterThan(0.6);
    expect(share(1) + share(2)).toBeGreaterThan(0.03);

    const fits = await shop.rows<{ fit: string; n: number }>(
      sql`SELECT fit, count(*)::int AS n FROM product_reviews GROUP BY fit ORDER BY n DESC`,
    );
    expect(fits.map((f) => f.fit)).toEqual(["true", expect.any(String), expect.any(String)]);

    const samples = await shop.rows<{ rating: number; title: string; text: string }>(
      sql`SELECT DISTINCT ON (rating) rating, title, text FROM product_reviews ORDER BY rating, id`,
    );
    for (const review of samples) {
      expect(review.title.length).toBeGreaterThanOrEqual(3);
      expect(review.text.length).toBeGreaterThanOrEqual(10);
    }
    expect(samples.find((r) => r.rating === 5)!.title).not.toBe(samples.find((r) => r.rating === 1)!.title);

    // Each dated after its product appeared and before the seed's moment.
    const misdated = await shop.rows<{ id: string }>(sql`
      SELECT r.id FROM product_reviews r JOIN products p ON p.id = r.product_id
      WHERE r.created_at < date_trunc('second', p.created_at) OR r.created_at > ${TEST_NOW.toISOString()}::timestamptz
        OR r.updated_at <> r.created_at OR r.hidden_at IS NOT NULL`);
    expect(misdated).toEqual([]);
  });

  it("lets no one log in as a demo reviewer", async () => {
    for (const password of ["demo12345", "reviewer01", "!demo-reviewer:no-password-logs-in"]) {
      const res = await call(shop, "POST", "/auth/login", {
        body: { email: DEMO_REVIEWERS[0]!.email, password },
      });
      expect(res.status).toBe(401);
    }
  });
});

/** Every review and every product's figures, in a fixed order. */
async function snapshot(db: Database) {
  return {
    reviews: await queryRows(
      db,
      sql`SELECT id, product_id, customer_id, rating, title, text, fit, created_at::text AS created_at
          FROM product_reviews ORDER BY id`,
    ),
    figures: await queryRows(
      db,
      sql`SELECT id, ratings_average::text, ratings_quantity FROM products ORDER BY id`,
    ),
  };
}

async function clearReviews(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM product_reviews`);
  await db.execute(sql`UPDATE products SET ratings_average = 0, ratings_quantity = 0`);
}

describe("seedDemoReviews", () => {
  it("gives the same reviews for the same seed, adds nothing when run again, and others for another seed", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const database = wrapPglite(client);
    try {
      await database.migrate();
      await seedDemoShop(database.db, { products: 60, seed: 3, now: TEST_NOW });
      const first = await snapshot(database.db);
      expect(first.reviews.length).toBeGreaterThan(100);

      await seedDemoReviews(database.db, { seed: 3, now: TEST_NOW });
      expect(await snapshot(database.db)).toEqual(first);

      await clearReviews(database.db);
      await seedDemoReviews(database.db, { seed: 3, now: TEST_NOW });
      expect(await snapshot(database.db)).toEqual(first);

      await clearReviews(database.db);
      await seedDemoReviews(database.db, { seed: 4, now: TEST_NOW });
      const other = await snapshot(database.db);
      expect(other.reviews.length).toBeGreaterThan(100);
      expect(other.reviews).not.toEqual(first.reviews);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("leaves the products it is told to alone", async () => {
    const product = (
      await shop.rows<{ id: string }>(sql`
        SELECT product_id AS id FROM product_reviews GROUP BY product_id ORDER BY count(*) DESC LIMIT 1`)
    )[0]!;
    await shop.database.db.execute(sql`DELETE FROM product_reviews`);
    await seedDemoReviews(shop.database.db, {
      seed: TEST_SEED,
      now: TEST_NOW,
      exceptProductIds: [product.id],
    });
    const [after] = await shop.rows<{ reviews: number; ratings_quantity: number; others: number }>(sql`
      SELECT (SELECT count(*)::int FROM product_reviews WHERE product_id = ${product.id}) AS reviews,
        (SELECT ratings_quantity FROM products WHERE id = ${product.id}) AS ratings_quantity,
        (SELECT count(*)::int FROM product_reviews) AS others`);
    expect(after).toEqual({ reviews: 0, ratings_quantity: 0, others: expect.any(Number) });
    expect(after!.others).toBeGreaterThan(100);
  });
});
