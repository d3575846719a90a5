// npm run bench -- admin: the back office at scale (issue 15's "Done when"): a product edit on one
// instance is visible on another at the very next request; a 10,000-product CSV import through the
// staff API; the export of the whole catalogue (100,000 products) as JSON and CSV — each with its
// time and the server's peak memory.

import { createServer } from "node:net";
import { createSessionToken } from "#core/accounts/tokens.ts";
import type { CoreContext } from "#core/context.ts";
import { openDatabase } from "#db/client.ts";
import { stableId } from "#db/ids.ts";
import { seedDemoShop } from "#demo/seed.ts";
import { benchUrls, withAdmin } from "../api/database.ts";
import { positiveInt } from "../lib/args.ts";
import { type RunningChild, startChild } from "../lib/child.ts";
import { hostMachine } from "../lib/report.ts";
import { buildStorefront } from "../web/server.ts";
import { type AdminReport, writeAdminReport } from "./report.ts";
import {
  editVisibility,
  exportThroughApi,
  importCsv,
  importThroughApi,
  roundsSummary,
  withPeakMemory,
} from "./scenarios.ts";

export const usage = `npm run bench -- admin [--products N] [--import-products N] [--rounds N] [--reuse] [--keep]

Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://root@127.0.0.1:5432/test) and Redis
(BENCH_REDIS_URL, default redis://127.0.0.1:6379, shared by the two instances): creates its own
database shop_bench_admin, seeds N demo products (default 100000, seed 1), builds the storefront and
starts two instances of scripts/start.ts on it (production mode, pool of 10 each). Then:
  (a) edit: --rounds (default 5) times, instance A edits a product (title and price), and the very
      next GET /api/v1/products/{id} and product page on instance B must show it;
  (b) import: a CSV of --import-products (default 10000) new demo products, POSTed to
      /api/v1/catalogue/import on A: time and A's peak resident memory;
  (c) export: GET /api/v1/catalogue/export as JSON and as CSV from B, streamed: time, size and B's
      peak resident memory.
--reuse keeps an existing shop_bench_admin with exactly N products (and the import's); --keep leaves
the database after the run. A run with fewer products than the default writes admin-<date>-smoke.*.`;

const DATABASE = "shop_bench_admin";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const DEFAULT_PRODUCTS = 100_000;
const DEFAULT_IMPORT = 10_000;
const JWT_SECRET = "bench-only-secret-bench-only-secret-0123";
const MANAGER_ID = stableId("customer", "manager@shop.test");

interface Options {
  products: number;
  importProducts: number;
  rounds: number;
  reuse: boolean;
  keep: boolean;
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    products: DEFAULT_PRODUCTS,
    importProducts: DEFAULT_IMPORT,
    rounds: 5,
    reuse: false,
    keep: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => argv[++i] ?? "";
    if (arg === "--products") options.products = positiveInt("products", value(), 1_000_000);
    else if (arg === "--import-products")
      options.importProducts = positiveInt("import-products", value(), 100_000);
    else if (arg === "--rounds") options.rounds = positiveInt("rounds", value(), 100);
    else if (arg === "--reuse") options.reuse = true;
    else if (arg === "--keep") options.keep = true;
    else throw new Error(`unknown option ${arg}\n\n${usage}`);
  }
  return options;
}

const urls = () => benchUrls(process.env, DATABASE);

/** A fresh database with `products` demo products (and the demo staff), or the existing one with --reuse. */
async function prepare(options: Options): Promise<{ seedSeconds: number | null }> {
  const { adminUrl, benchUrl } = urls();
  if (options.reuse) {
    const exists = await withAdmin(
      adminUrl,
      async (c) => (await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE])).rowCount === 1,
    );
    if (exists) {
      const handle = await openDatabase({ url: benchUrl, poolSize: 1 });
      const result = (await handle.db.execute(
        "SELECT count(*)::int AS n FROM products WHERE slug NOT LIKE 'bench-import-%'",
      )) as unknown as { rows: { n: number }[] };
      await handle.close();
      if (result.rows[0]?.n === options.products) {
        console.log(`reusing ${DATABASE} (${options.products} products)`);
        return { seedSeconds: null };
      }
    }
  }
  await withAdmin(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${DATABASE}`);
  });
  const handle = await openDatabase({ url: benchUrl, poolSize: 10 });
  try {
    await handle.migrate();
    const started = performance.now();
    await seedDemoShop(handle.db, { products: options.products, seed: 1 });
    const seedSeconds = (performance.now() - started) / 1000;
    await handle.db.execute("VACUUM ANALYZE");
    console.log(`seeded ${options.products} products in ${seedSeconds.toFixed(1)} s`);
    return { seedSeconds };
  } finally {
    await handle.close();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** One instance of the shop as deployed (scripts/start.ts, production build) on the bench database. */
async function startInstance(label: string): Promise<RunningChild> {
  const port = await freePort();
  const server = await startChild(
    "scripts/start.ts",
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: urls().benchUrl,
      DATABASE_POOL_SIZE: "10",
      SHOP_DATA_DIR: `/tmp/${DATABASE}-${label}`,
      // Several instances share Redis as deployed (README, Scale out): their page caches' count of
      // writes lives there, so an edit on A empties B's copies too (docs/decisions/065-page-cache.md).
      REDIS_URL: REDIS_URL,
      SMTP_URL: "",
      PUBLIC_URL: "",
      PAYMENT_PROVIDER: "builtin",
      SMS_PROVIDER: "builtin",
      ALLOW_BUILTIN_PROVIDERS: "true",
      JWT_SECRET,
      RATE_LIMIT_PER_MINUTE: "0",
      LOG_LEVEL: "warn",
    },
    label,
    { listening: /shop is running at (https?:\/\/\S+)/, startTimeoutMs: 120_000 },
  );
  const url = new URL(server.url);
  url.hostname = "127.0.0.1";
  return { ...server, url: url.origin };
}

export async function runAdminBenchmark(argv: string[]): Promise<void> {
  const options = parseOptions(argv);
  const machine = hostMachine();
  const { seedSeconds } = await prepare(options);
  console.log("building the storefront…");
  await buildStorefront();
  const ctx = { accounts: { secret: JWT_SECRET }, now: () => new Date() } as Pick<
    CoreContext,
    "accounts" | "now"
  >;
  const token = await createSessionToken(ctx, { id: MANAGER_ID, tokenVersion: 0, role: "manager" });
  const a = await startInstance("instance-a");
  const b = await startInstance("instance-b");
  try {
    console.log(`(a) edit on A, read on B, ${options.rounds} rounds…`);
    const rounds = await editVisibility(urls().benchUrl, a, b, token, options.rounds);
    console.log(`(b) CSV import of ${options.importProducts} products on A…`);
    const csv = importCsv(options.importProducts);
    const imported = await withPeakMemory(a, () => importThroughApi(a.url, token, csv));
    const exports = [];
    for (const format of ["json", "csv"] as const) {
      console.log(`(c) ${format} export from B…`);
      exports.push({ format, ...(await withPeakMemory(b, () => exportThroughApi(b.url, token, format))) });
    }
    const report: AdminReport = {
      date: new Date().toISOString(),
      command: `npm run bench -- admin ${argv.join(" ")}`.trim(),
      machine,
      options,
      seedSeconds,
      edit: { rounds, ...roundsSummary(rounds) },
      import: {
        products: imported.value.products,
        sizes: imported.value.sizes,
        csvMB: Buffer.byteLength(csv) / 2 ** 20,
        seconds: imported.seconds,
        idleMB: imported.idleMB,
        peakMB: imported.peakMB,
      },
      exports: exports.map((e) => ({
        format: e.format,
        megabytes: e.value.bytes / 2 ** 20,
        lines: e.value.lines,
        seconds: e.seconds,
        idleMB: e.idleMB,
        peakMB: e.peakMB,
      })),
    };
    const file = await writeAdminReport(report, options.products < DEFAULT_PRODUCTS);
    console.log(`wrote ${file}`);
  } finally {
    await a.stop();
    await b.stop();
    if (!options.keep)
      await withAdmin(urls().adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`));
  }
}
