import { sql } from "drizzle-orm";
import pg from "pg";
import { refreshProductRatings } from "#core/catalog/ratings.ts";
import { openDatabase, queryRows } from "#db/client.ts";
import { seedDemoShop } from "#demo/seed.ts";

export const BENCH_DATABASE = "shop_bench";
const DEFAULT_ADMIN_URL = "postgres://root@127.0.0.1:5432/test";

export interface SeedReport {
  /** Seconds the seed took; null when an existing catalogue was reused. */
  seconds: number | null;
  products: number;
  sizes: number;
  reused: boolean;
}

/**
 * The admin connection (any database on the server) and the URL of a benchmark's own database
 * (`database`: the api bench's by default).
 */
export function benchUrls(
  env = process.env,
  database = BENCH_DATABASE,
): { adminUrl: string; benchUrl: string } {
  const adminUrl = env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL;
  const bench = new URL(adminUrl);
  bench.pathname = `/${database}`;
  return { adminUrl, benchUrl: bench.toString() };
}

/** `work` on a connection to the admin database, closed afterwards. */
export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function serverVersion(adminUrl: string): Promise<string> {
  return withAdmin(adminUrl, async (c) => (await c.query("SHOW server_version")).rows[0].server_version);
}

/** FORCE closes connections a crashed earlier run may have left, which would otherwise block the drop. */
export function dropBenchDatabase(adminUrl: string): Promise<void> {
  return withAdmin(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
  });
}

async function createBenchDatabase(adminUrl: string): Promise<void> {
  await dropBenchDatabase(adminUrl);
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${BENCH_DATABASE}`));
}

async function databaseExists(adminUrl: string): Promise<boolean> {
  return withAdmin(adminUrl, async (c) => {
    const { rowCount } = await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [BENCH_DATABASE]);
    return rowCount === 1;
  });
}

async function catalogueCounts(benchUrl: string): Promise<{ products: number; sizes: number }> {
  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM product_sizes)::int AS sizes`,
    );
    return rows[0];
  } catch {
    return { products: 0, sizes: 0 }; // not migrated yet
  } finally {
    await client.end();
  }
}

/**
 * A fresh `shop_bench` with `products` seeded products. With `reuse`, an existing database that
 * already holds exactly that many products is kept, which saves the seed when iterating on queries.
 */
export async function prepareDatabase(options: { products: number; reuse: boolean }): Promise<SeedReport> {
  const { adminUrl, benchUrl } = benchUrls();
  if (options.reuse && (await databaseExists(adminUrl))) {
    const counts = await catalogueCounts(benchUrl);
    if (counts.products === options.products) {
      console.log(`reusing ${BENCH_DATABASE}: ${counts.products} products, ${counts.sizes} sizes`);
      return { seconds: null, ...counts, reused: true };
    }
    console.log(
      `${BENCH_DATABASE} holds ${counts.products} products, not ${options.products}: re-creating it`,
    );
  }
  await createBenchDatabase(adminUrl);
  const handle = await openDatabase({ url: benchUrl, poolSize: 10 });
  try {
    await handle.migrate();
    const seconds = await timedSeed(handle.db, options.products);
    // Fresh statistics, as autovacuum would give a long-running shop; otherwise the first plans
    // the server makes are based on an empty table.
    await handle.db.execute("VACUUM ANALYZE");
    const counts = await catalogueCounts(benchUrl);
    console.log(`seeded ${counts.products} products (${counts.sizes} sizes) in ${seconds.toFixed(1)} s`);
    return { seconds, ...counts, reused: false };
  } finally {
    await handle.close();
  }
}

async function timedSeed(db: Parameters<typeof seedDemoShop>[0], products: number): Promise<number> {
  const started = performance.now();
  const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);
  let lastReport = "";
  await seedDemoShop(db, {
    products,
    seed: 1, // every run benchmarks the same catalogue
    onProgress: ({ stage, done, total }) => {
      const step = total === 0 ? 10 : Math.floor((done / total) * 10);
      const report = `${stage}:${step}`;
      if (report === lastReport) return;
      lastReport = report;
      console.log(
        `  seed ${stage.padEnd(10)} ${String(step * 10).padStart(3)}% (${done}/${total}) ${elapsed()} s`,
      );
    },
  });
  return (performance.now() - started) / 1000;
}

/** Reviews on the benchmark's reviewed product (docs/storefront/reviews.md). */
export const BENCH_REVIEWS = 10_000;

/**
 * Gives one product `count` reviews from as many customers (inserted in SQL: customers, reviews
 * over a year, every rating and fit, one in fifty hidden), its figures recounted the way every
 * review write does (core/catalog/ratings.ts). Idempotent: a product that has them already is
 * reused. Returns the product's id.
 */
export async function seedReviews(benchUrl: string, count = BENCH_REVIEWS): Promise<string> {
  const handle = await openDatabase({ url: benchUrl, poolSize: 2 });
  try {
    const existing = await queryRows<{ product_id: string }>(
      handle.db,
      sql`SELECT product_id FROM product_reviews GROUP BY product_id HAVING count(*) >= ${count} LIMIT 1`,
    ).catch(() => []);
    if (existing[0]) {
      console.log(`reusing ${count} reviews of product ${existing[0].product_id}`);
      return existing[0].product_id;
    }
    const started = performance.now();
    // The best seller: the product a shopper is likeliest to open.
    const [product] = await queryRows<{ id: string }>(
      handle.db,
      sql`SELECT id FROM products WHERE archived_at IS NULL ORDER BY sold DESC, id LIMIT 1`,
    );
    if (!product) throw new Error("the benchmark catalogue has no products");
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO customers (id, first_name, last_name, email, password_hash, email_verified_at)
        SELECT 'bbbbb' || lpad(to_hex(n), 19, '0'), 'Reviewer', 'Number ' || n, 'reviewer-' || n || '@bench.test',
               'scrypt$16384$8$1$x$x', now()
        FROM generate_series(1, ${count}) n
        ON CONFLICT DO NOTHING`);
      await tx.execute(sql`INSERT INTO product_reviews
          (id, product_id, customer_id, rating, title, text, fit, created_at, updated_at, hidden_at, hidden_reason)
        SELECT 'aa' || lpad(to_hex(n), 22, '0'), ${product.id}, 'bbbbb' || lpad(to_hex(n), 19, '0'),
               1 + (n * 7 + n / 13) % 5, 'Review number ' || n,
               'A benchmark review, long enough to look like one a customer writes about the fit and the cloth. ' || n,
               (ARRAY['small', 'true', 'true', 'large'])[1 + n % 4],
               now() - make_interval(mins => (n * 53) % 525600), now() - make_interval(mins => (n * 53) % 525600),
               CASE WHEN n % 50 = 0 THEN now() END, CASE WHEN n % 50 = 0 THEN 'Benchmark' END
        FROM generate_series(1, ${count}) n`);
      // Every reviewer also reviewed two of 200 other products, so the table holds more than the
      // one product's reviews and the planner reads it as a shop's would be.
      await tx.execute(sql`WITH others AS (
          SELECT id, row_number() OVER (ORDER BY sold DESC, id) - 1 AS i FROM products
          WHERE id <> ${product.id} AND archived_at IS NULL ORDER BY sold DESC, id LIMIT 200)
        INSERT INTO product_reviews (id, product_id, customer_id, rating, title, text, fit, created_at, updated_at)
        SELECT 'ab' || lpad(to_hex(n * 2 + k), 22, '0'), o.id, 'bbbbb' || lpad(to_hex(n), 19, '0'),
               1 + (n + k) % 5, 'Other review ' || n, 'Another product, reviewed by the same customer. ' || n,
               'true', now() - make_interval(mins => n), now() - make_interval(mins => n)
        FROM generate_series(1, ${count}) n CROSS JOIN generate_series(0, 1) k
        JOIN others o ON o.i = (n * 2 + k) % 200
        ON CONFLICT DO NOTHING`);
      // Only the products reviewed here: the demo shop's own reviews are already counted, and
      // recounting all of them (most products) took longer than the rest of this together.
      const reviewed = await queryRows<{ product_id: string }>(
        tx,
        sql`SELECT DISTINCT r.product_id FROM product_reviews r JOIN customers c ON c.id = r.customer_id
          WHERE c.email LIKE 'reviewer-%@bench.test'`,
      );
      for (const r of reviewed) await refreshProductRatings(tx, r.product_id);
    });
    await handle.db.execute(sql`VACUUM ANALYZE customers, product_reviews, products`);
    console.log(
      `seeded ${count} reviews of product ${product.id} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return product.id;
  } finally {
    await handle.close();
  }
}
