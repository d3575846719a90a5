import pg from "pg";
import { openDatabase } from "#db/client.ts";
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
