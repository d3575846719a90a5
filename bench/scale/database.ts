// One database per catalogue size (shop_bench_scale_<n>), so --keep/--reuse can hold several sizes at
// once and never clash with the api benchmark's shop_bench.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createSessionToken } from "#core/accounts/tokens.ts";
import type { AccountsContext } from "#core/context.ts";
import { newId } from "#db/ids.ts";
import { benchUrls, withAdmin } from "../api/database.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SEED_CHILD = fileURLToPath(new URL("./seed-child.ts", import.meta.url));
export const JWT_SECRET = "bench-only-secret-bench-only-secret-0123";
/** Signed-in shoppers: add-to-cart rotates over them, the signed-in pages use the first. */
export const CUSTOMERS = 200;
/** Sizes add-to-cart rotates over (coprime with CUSTOMERS, so pairs spread), stock no run can exhaust. */
export const CART_ITEMS = 199;
const CUSTOMER_EMAIL = "bench-scale-%@shop.test";

export const databaseName = (products: number) => `shop_bench_scale_${products}`;

export interface SeedFigures {
  /** Seconds the seed took (generate + import + shop data), without the migration; null when reused. */
  seconds: number | null;
  /** Peak resident memory of the seeding process (migration and seed), MiB; null when reused. */
  maxRssMiB: number | null;
  /** Seconds of the VACUUM ANALYZE after it; null when reused. */
  vacuumSeconds: number | null;
  products: number;
  sizes: number;
  reused: boolean;
}

export interface CartItem {
  productId: string;
  size: string;
}

export interface PreparedSize {
  url: string;
  seed: SeedFigures;
  customerIds: string[];
  tokens: string[];
  items: CartItem[];
}

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function productCount(url: string): Promise<number> {
  try {
    return await withClient(
      url,
      async (c) => (await c.query("SELECT count(*)::int AS n FROM products")).rows[0].n,
    );
  } catch {
    return -1; // no such database, or not migrated
  }
}

/** Runs the seed child and reads its `seeded {…}` line. */
function runSeedChild(url: string, products: number): Promise<{ seconds: number; maxRssMiB: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", SEED_CHILD], {
      cwd: ROOT,
      env: { ...process.env, BENCH_SCALE_URL: url, BENCH_SCALE_PRODUCTS: String(products) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let result: { seconds: number; maxRssMiB: number } | undefined;
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line.startsWith("seeded ")) result = JSON.parse(line.slice("seeded ".length));
      else console.log(line);
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      result && code === 0 ? resolve(result) : reject(new Error(`the seed exited with code ${code}`)),
    );
  });
}

export async function dropSizeDatabase(products: number): Promise<void> {
  const { adminUrl } = benchUrls(process.env, databaseName(products));
  await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${databaseName(products)} WITH (FORCE)`));
}

/**
 * A database holding `products` seeded products, bench customers and plenty of stock on the sizes
 * add-to-cart uses. With `reuse`, an existing one with exactly that many products is kept.
 */
export async function prepareSize(products: number, reuse: boolean): Promise<PreparedSize> {
  const name = databaseName(products);
  const { adminUrl, benchUrl } = benchUrls(process.env, name);
  let seed: SeedFigures;
  if (reuse && (await productCount(benchUrl)) === products) {
    console.log(`reusing ${name}`);
    seed = { seconds: null, maxRssMiB: null, vacuumSeconds: null, products, sizes: 0, reused: true };
  } else {
    await withAdmin(adminUrl, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${name}`);
    });
    const figures = await runSeedChild(benchUrl, products);
    seed = { ...figures, vacuumSeconds: null, products, sizes: 0, reused: false };
  }
  return withClient(benchUrl, async (c) => {
    const existing = await c.query<{ id: string }>(
      "SELECT id FROM customers WHERE email LIKE $1 ORDER BY email",
      [CUSTOMER_EMAIL],
    );
    let customerIds = existing.rows.map((r) => r.id);
    if (customerIds.length < CUSTOMERS) {
      const ids = Array.from({ length: CUSTOMERS - customerIds.length }, () => newId());
      // Customers never log in here: the hash is a placeholder, the tokens are minted directly.
      await c.query(
        `INSERT INTO customers
           (id, first_name, last_name, email, password_hash, email_verified_at, token_version, created_at, updated_at)
         SELECT id, 'Bench', 'Shopper', 'bench-scale-' || id || '@shop.test', 'not-a-password-hash', now(), 0, now(), now()
         FROM unnest($1::text[]) AS id`,
        [ids],
      );
      customerIds = [...customerIds, ...ids];
    }
    // Sizes spread over the catalogue (every n-th product), with stock no run can exhaust.
    const { rows: sizeRows } = await c.query<{ id: string; product_id: string; size: string }>(
      `SELECT id, product_id, size FROM (
         SELECT DISTINCT ON (s.product_id) s.id, s.product_id, s.size, p.created_at
         FROM product_sizes s JOIN products p ON p.id = s.product_id
         ORDER BY s.product_id, s.position) first_sizes
       ORDER BY created_at, product_id`,
    );
    const step = Math.max(1, Math.floor(sizeRows.length / CART_ITEMS));
    const picked = sizeRows.filter((_, i) => i % step === 0).slice(0, CART_ITEMS);
    await c.query("UPDATE product_sizes SET stock = 1000000 WHERE id = ANY($1::text[])", [
      picked.map((s) => s.id),
    ]);
    if (!seed.reused) {
      // Fresh statistics and a clean visibility map, as autovacuum would give a long-running shop.
      const started = performance.now();
      await c.query("VACUUM ANALYZE");
      seed.vacuumSeconds = (performance.now() - started) / 1000;
    }
    seed.sizes = (await c.query("SELECT count(*)::int AS n FROM product_sizes")).rows[0].n;
    const signing = { accounts: { secret: JWT_SECRET } as AccountsContext, now: () => new Date() };
    const tokens = await Promise.all(
      customerIds.map((id) => createSessionToken(signing, { id, tokenVersion: 0 })),
    );
    return {
      url: benchUrl,
      seed,
      customerIds,
      tokens,
      items: picked.map((s) => ({ productId: s.product_id, size: s.size })),
    };
  });
}

/** Empties the bench customers' carts, so holds from one run never run out stock or lengthen lines in the next. */
export async function resetCarts(url: string, customerIds: string[]): Promise<void> {
  await withClient(url, (c) =>
    c.query("DELETE FROM stock_holds WHERE customer_id = ANY($1::text[])", [customerIds]),
  );
}
