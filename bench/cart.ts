// npm run bench -- cart: adding to the cart over HTTP against the real server (a child process),
// on PostgreSQL and on PGlite. (a) Throughput with no contention: every request in flight names
// another customer and another item. (b) A rush: hundreds of customers at once on the last few
// units of one size; the latency each of them sees, and exactly that many units held afterwards.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createSessionToken } from "#core/accounts/tokens.ts";
import type { AccountsContext } from "#core/context.ts";
import { type DatabaseHandle, openDatabase, queryRows } from "#db/client.ts";
import { newId } from "#db/ids.ts";
import { seedDemoShop } from "#demo/seed.ts";
import { apiServerEnv, BENCH_POOL_SIZE as POOL_SIZE } from "./lib/api-server-env.ts";
import { positiveInt } from "./lib/args.ts";
import { startChild } from "./lib/child.ts";
import { type LoadResult, runLoad, serverTimingMs } from "./lib/load.ts";
import { type Budget, budgetsTable, type HostMachine, hostMachine, markdownTable } from "./lib/report.ts";
import { type Percentiles, percentiles } from "./lib/stats.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = path.join(HERE, "results");
const API_SERVER = path.join(HERE, "api", "api-server.ts");
const CART_PATH = "/api/v1/customer/shopping-cart";
const JWT_SECRET = "bench-only-secret-bench-only-secret-0123";
const DEFAULT_ADMIN_URL = "postgres://root@127.0.0.1:5432/test";
const BENCH_DATABASE = "shop_bench_cart";
const RUSH_P99_BUDGET_MS = 500;
/** One request at a time, for the cost of an add-to-cart with no queueing at all. */
const SEQUENTIAL_REQUESTS = 200;

type DatabaseKind = "postgres" | "pglite";

interface Settings {
  databases: DatabaseKind[];
  products: number;
  customers: number;
  rush: number;
  units: number;
  rounds: number;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  keep: boolean;
}

export const usage = `npm run bench -- cart [--database postgres|pglite|both] [--customers N] [--rush N] [--units N]
                         [--rounds N] [--connections N] [--duration S] [--warmup S] [--products N] [--keep]
  --database       which database(s) to measure (default both; postgres is skipped when none answers)
  --customers N    customers with a session token (default 500)
  --rush N         customers adding the same size at once in a rush (default 500, at most --customers)
  --units N        units of that size on hand when the rush starts (default 10)
  --rounds N       rushes, each on another size (default 3)
  --connections N  concurrent connections for the throughput run (default 20)
  --duration S     measured seconds of the throughput run (default 10), after --warmup S (default 2)
  --products N     catalogue size to seed (default 400)
  --keep           leave the PostgreSQL database ${BENCH_DATABASE} in place afterwards
  env BENCH_DATABASE_URL  admin connection (default ${DEFAULT_ADMIN_URL})`;

function parseSettings(argv: string[]): Settings {
  const { values } = parseArgs({
    args: argv,
    options: {
      database: { type: "string", default: "both" },
      products: { type: "string", default: "400" },
      customers: { type: "string", default: "500" },
      rush: { type: "string", default: "500" },
      units: { type: "string", default: "10" },
      rounds: { type: "string", default: "3" },
      connections: { type: "string", default: "20" },
      duration: { type: "string", default: "10" },
      warmup: { type: "string", default: "2" },
      keep: { type: "boolean", default: false },
    },
  });
  if (!["postgres", "pglite", "both"].includes(values.database))
    throw new Error("--database must be postgres, pglite or both");
  const settings: Settings = {
    databases: values.database === "both" ? ["postgres", "pglite"] : [values.database as DatabaseKind],
    products: positiveInt("products", values.products, 100_000),
    customers: positiveInt("customers", values.customers, 10_000),
    rush: positiveInt("rush", values.rush, 10_000),
    units: positiveInt("units", values.units, 1000),
    rounds: positiveInt("rounds", values.rounds, 20),
    connections: positiveInt("connections", values.connections, 1000),
    seconds: positiveInt("duration", values.duration, 120),
    warmupSeconds: values.warmup === "0" ? 0 : positiveInt("warmup", values.warmup, 60),
    keep: values.keep,
  };
  // Each customer in a rush is another shopper: one line each, so no request waits on its own cart.
  if (settings.rush > settings.customers) throw new Error("--rush may not exceed --customers");
  if (settings.units >= settings.rush) throw new Error("--units must be fewer than --rush");
  return settings;
}

// ---------------------------------------------------------------------------------------------
// The database: a seeded catalogue, customers with tokens, plenty of stock for the throughput run
// and a few sizes set aside for the rushes.

interface Item {
  productId: string;
  sizeId: string;
  size: string;
}

interface Prepared {
  tokens: string[];
  /** One size per product, with stock no run can exhaust. */
  spread: Item[];
  /** A size per rush round (of products the throughput run never touches). */
  rush: Item[];
}

async function prepare(handle: DatabaseHandle, settings: Settings): Promise<Prepared> {
  await handle.migrate();
  await seedDemoShop(handle.db, { products: settings.products, seed: 1 });
  const ids = Array.from({ length: settings.customers }, () => newId());
  // Customers never log in here: the hash is a placeholder, the tokens are minted directly.
  await handle.db.execute(sql`INSERT INTO customers
      (id, first_name, last_name, email, password_hash, email_verified_at, token_version, created_at, updated_at)
    SELECT id, 'Bench', 'Shopper', 'bench-' || id || '@shop.test', 'not-a-password-hash', now(), 0, now(), now()
    FROM unnest(${sql.param(ids)}::text[]) AS id`);
  const signing = { accounts: { secret: JWT_SECRET } as AccountsContext, now: () => new Date() };
  const tokens = await Promise.all(ids.map((id) => createSessionToken(signing, { id, tokenVersion: 0 })));

  const sizes = await queryRows<{ size_id: string; product_id: string; size: string }>(
    handle.db,
    sql`SELECT DISTINCT ON (product_id) id AS size_id, product_id, size FROM product_sizes
        ORDER BY product_id, position`,
  );
  if (sizes.length < settings.rounds + 10) throw new Error("too few products with sizes: raise --products");
  const items = sizes.map((s) => ({ productId: s.product_id, sizeId: s.size_id, size: s.size }));
  const rush = items.slice(0, settings.rounds);
  const spread = items.slice(settings.rounds);
  await handle.db.execute(sql`UPDATE product_sizes SET stock = 1000000
    WHERE id = ANY(${sql.param(spread.map((i) => i.sizeId))}::text[])`);
  await handle.db.execute(sql`UPDATE product_sizes SET stock = ${settings.units}
    WHERE id = ANY(${sql.param(rush.map((i) => i.sizeId))}::text[])`);
  // Fresh statistics, as autovacuum would give a running shop.
  await handle.db.execute(sql`ANALYZE`);
  return { tokens, spread, rush };
}

/** After the runs: what each rush left behind, counted in the database. */
async function rushHolds(handle: DatabaseHandle, rush: Item[]): Promise<{ held: number; onHand: number }[]> {
  const out: { held: number; onHand: number }[] = [];
  for (const item of rush) {
    const [row] = await queryRows<{ held: number; on_hand: number }>(
      handle.db,
      sql`SELECT (SELECT COALESCE(sum(quantity), 0) FROM stock_holds
            WHERE product_size_id = s.id AND expires_at > now())::int AS held, s.stock AS on_hand
          FROM product_sizes s WHERE s.id = ${item.sizeId}`,
    );
    out.push({ held: row!.held, onHand: row!.on_hand });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Measurements.

const addBody = (item: Item) => JSON.stringify({ productId: item.productId, size: item.size, quantity: 1 });
const authHeaders = (token: string) => ({
  "content-type": "application/json",
  authorization: `Bearer ${token}`,
});

/**
 * A closed loop at `connections`: request k goes to customer k mod C and item k mod I, so the
 * requests in flight at any moment all name different customers and different items (no cart
 * lock and no stock row is shared) and a customer's line for an item grows by one every C×I/gcd
 * requests.
 */
function throughput(url: string, prepared: Prepared, settings: Settings): Promise<LoadResult> {
  let k = 0;
  return runLoad({
    url,
    connections: settings.connections,
    seconds: settings.seconds,
    warmupSeconds: settings.warmupSeconds,
    nextRequest: () => {
      const n = k++;
      const token = prepared.tokens[n % prepared.tokens.length]!;
      const item = prepared.spread[n % prepared.spread.length]!;
      return { path: CART_PATH, method: "POST", headers: authHeaders(token), body: addBody(item) };
    },
  });
}

/** One add-to-cart at a time (no queueing anywhere): what a single request costs. */
async function sequential(url: string, prepared: Prepared, count: number): Promise<Percentiles> {
  const serverTimes: number[] = [];
  for (let n = 0; n < count; n++) {
    // Other pairs than the throughput run's first ones, so lines stay short.
    const token = prepared.tokens[(n * 7 + 3) % prepared.tokens.length]!;
    const item = prepared.spread[(n * 11 + 5) % prepared.spread.length]!;
    const response = await fetch(new URL(CART_PATH, url), {
      method: "POST",
      headers: authHeaders(token),
      body: addBody(item),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`POST ${CART_PATH} answered ${response.status}`);
    serverTimes.push(serverTimingMs(Object.fromEntries(response.headers)) ?? Number.NaN);
  }
  return percentiles(serverTimes);
}

export interface RushRound {
  item: string;
  latency: Percentiles;
  serverTime: Percentiles;
  added: number;
  refused: number;
  /** Anything but 200 and the 409 (another status, a network error, a 409 with another message). */
  unexpected: string[];
  /** Filled in after the server stops, from the database. */
  held?: number;
  onHand?: number;
}

interface BurstOutcome {
  ms: number;
  status: number;
  body: { message?: string };
  serverMs: number | undefined;
}

/**
 * One POST per token, all at once: each request starts before any is awaited, on its own
 * connection, as that many shoppers would. Latency runs from a request's start to its whole answer.
 */
function burst(url: string, tokens: readonly string[], body: string): Promise<BurstOutcome[]> {
  return Promise.all(
    tokens.map(async (token) => {
      const started = performance.now();
      try {
        const response = await fetch(url, { method: "POST", headers: authHeaders(token), body });
        const answer = (await response.json()) as { message?: string };
        return {
          ms: performance.now() - started,
          status: response.status,
          body: answer,
          serverMs: serverTimingMs(Object.fromEntries(response.headers)),
        };
      } catch (error) {
        return {
          ms: performance.now() - started,
          status: 0,
          body: { message: String(error) },
          serverMs: undefined,
        };
      }
    }),
  );
}

/** `rush` customers add one unit of the same size at once; the size has `units` left. */
async function rushRound(
  url: string,
  prepared: Prepared,
  item: Item,
  rush: number,
): Promise<{ round: RushRound; latencies: number[]; serverTimes: number[]; refusal?: unknown }> {
  const outcomes = (
    await burst(new URL(CART_PATH, url).href, prepared.tokens.slice(0, rush), addBody(item))
  ).map((o) => ({ ...o, message: o.body.message ?? "" }));
  const added = outcomes.filter((o) => o.status === 200).length;
  const refused = outcomes.filter((o) => o.status === 409 && / is out of stock\.$/.test(o.message)).length;
  const unexpected = outcomes
    .filter((o) => o.status !== 200 && !(o.status === 409 && / is out of stock\.$/.test(o.message)))
    .map((o) => `${o.status} ${o.message}`);
  const latencies = outcomes.map((o) => o.ms);
  const serverTimes = outcomes.flatMap((o) => (o.serverMs === undefined ? [] : [o.serverMs]));
  return {
    round: {
      item: `${item.productId} size ${item.size}`,
      latency: percentiles(latencies),
      serverTime: percentiles(serverTimes),
      added,
      refused,
      unexpected,
    },
    latencies,
    serverTimes,
    refusal: outcomes.find((o) => o.status === 409)?.body,
  };
}

export interface CeilingResult {
  /** Bytes of the refusal body the bare server answers. */
  bodyBytes: number;
  latency: Percentiles;
  errors: number;
}

/**
 * The same bursts against a bare Hono server that answers every POST with the captured 409 body
 * (no middleware, session, validation or database): what HTTP, the connections and the load
 * generator alone cost for a rush this size on this machine. The app cannot do better.
 */
async function measureCeiling(
  refusal: unknown,
  tokens: readonly string[],
  rounds: number,
): Promise<CeilingResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "shop-bench-cart-bare-"));
  const bodyFile = path.join(dir, "refusal.json");
  await writeFile(bodyFile, JSON.stringify(refusal));
  const bare = await startChild(
    path.join(HERE, "api", "bare-server.ts"),
    { BENCH_BODY_FILE: bodyFile, BENCH_STATUS: "409" },
    "bare-server",
  );
  try {
    const samples: number[] = [];
    let errors = 0;
    for (let round = 0; round < rounds; round++) {
      const outcomes = await burst(new URL("/list", bare.url).href, tokens, "{}");
      samples.push(...outcomes.map((o) => o.ms));
      errors += outcomes.filter((o) => o.status !== 409).length;
    }
    return { bodyBytes: Buffer.byteLength(JSON.stringify(refusal)), latency: percentiles(samples), errors };
  } finally {
    await bare.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// One database: prepare it, start the server on it, measure, stop, verify.

export interface DatabaseResult {
  database: DatabaseKind;
  version: string;
  prepareSeconds: number;
  /** Sizes the no-contention run spreads over (one per product). */
  spreadItems: number;
  throughput: LoadResult;
  sequentialServerTime: Percentiles;
  rounds: RushRound[];
  /** Every round's samples together. */
  rushLatency: Percentiles;
  rushServerTime: Percentiles;
}

function adminUrl(): string {
  return process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL;
}

function benchUrl(): string {
  const url = new URL(adminUrl());
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function postgresVersion(): Promise<string | null> {
  try {
    return await withAdmin(async (c) => (await c.query("SHOW server_version")).rows[0].server_version);
  } catch {
    return null;
  }
}

/** FORCE closes connections a crashed earlier run may have left. */
const dropBenchDatabase = () =>
  withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`));

async function openBenchDatabase(kind: DatabaseKind, dataDir: string, fresh: boolean) {
  if (kind === "pglite") return openDatabase({ dataDir: path.join(dataDir, "pglite") });
  if (fresh) {
    await dropBenchDatabase();
    await withAdmin((c) => c.query(`CREATE DATABASE ${BENCH_DATABASE}`));
  }
  return openDatabase({ url: benchUrl(), poolSize: 4 });
}

/** A 409 body a rush answered, for the bare server of the ceiling to send. */
let sampleRefusal: unknown;
/** The tokens of the last prepared database, for the ceiling's requests (same headers, same size). */
let sampleTokens: string[] = [];

async function measureDatabase(kind: DatabaseKind, version: string, settings: Settings) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "shop-bench-cart-"));
  try {
    console.log(`\n[${kind}] seeding ${settings.products} products and ${settings.customers} customers`);
    const started = performance.now();
    let handle = await openBenchDatabase(kind, dataDir, true);
    const prepared = await prepare(handle, settings).finally(() => handle.close());
    sampleTokens = prepared.tokens.slice(0, settings.rush);
    const prepareSeconds = (performance.now() - started) / 1000;

    // The same server as deployed, in its own process so the load generator never shares its
    // event loop. PGlite's files are the ones just prepared (one process at a time may open them).
    const server = await startChild(
      API_SERVER,
      apiServerEnv({
        databaseUrl: kind === "postgres" ? benchUrl() : "",
        dataDir,
        poolSize: POOL_SIZE,
        jwtSecret: JWT_SECRET,
      }),
      `api-server ${kind}`,
    );
    let result: DatabaseResult;
    try {
      console.log(
        `[${kind}] throughput: ${settings.warmupSeconds} s warm-up + ${settings.seconds} s at ${settings.connections} connections`,
      );
      const load = await throughput(server.url, prepared, settings);
      console.log(
        `  → ${load.requestsPerSecond.toFixed(0)} req/s, p50/p95/p99 ${fmtTriple(load.latency)} ms, ${load.non2xx} non-2xx, ${load.errors} errors`,
      );
      const seq = await sequential(server.url, prepared, SEQUENTIAL_REQUESTS);
      console.log(`  sequential server time p50/p95/p99 ${fmtTriple(seq)} ms`);
      const rounds: RushRound[] = [];
      const pooled = { latencies: [] as number[], serverTimes: [] as number[] };
      for (const item of prepared.rush) {
        const { round, latencies, serverTimes, refusal } = await rushRound(
          server.url,
          prepared,
          item,
          settings.rush,
        );
        sampleRefusal ??= refusal;
        rounds.push(round);
        pooled.latencies.push(...latencies);
        pooled.serverTimes.push(...serverTimes);
        console.log(
          `[${kind}] rush ${rounds.length}: ${settings.rush} at once on ${settings.units} units → ` +
            `${round.added} added, ${round.refused} refused, ${round.unexpected.length} unexpected; ` +
            `latency p50/p95/p99/max ${fmtQuad(round.latency)} ms`,
        );
      }
      result = {
        database: kind,
        version,
        prepareSeconds,
        spreadItems: prepared.spread.length,
        throughput: load,
        sequentialServerTime: seq,
        rounds,
        rushLatency: percentiles(pooled.latencies),
        rushServerTime: percentiles(pooled.serverTimes),
      };
    } finally {
      await server.stop();
    }
    // Counted once the server is gone (PGlite's files belong to one process at a time).
    handle = await openBenchDatabase(kind, dataDir, false);
    try {
      const counts = await rushHolds(handle, prepared.rush);
      for (const [i, c] of counts.entries())
        Object.assign(result.rounds[i]!, { held: c.held, onHand: c.onHand });
    } finally {
      await handle.close();
    }
    return result;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Report.

export interface CartBenchResults {
  benchmark: "cart";
  date: string;
  command: string;
  machine: HostMachine & { postgres: string | null };
  settings: Omit<Settings, "databases" | "keep"> & { poolSize: number; sequentialRequests: number };
  databases: DatabaseResult[];
  /** The rush against a bare HTTP server; null when no database was measured. */
  ceiling: CeilingResult | null;
  skipped: string[];
  budgets: Budget[];
}

const fmtMs = (ms: number) => (Number.isNaN(ms) ? "—" : ms < 10 ? ms.toFixed(2) : ms.toFixed(1));
const fmtTriple = (l: Percentiles | null) =>
  l ? `${fmtMs(l.p50)} / ${fmtMs(l.p95)} / ${fmtMs(l.p99)}` : "—";
const fmtQuad = (l: Percentiles) => `${fmtTriple(l)} / ${fmtMs(l.max)}`;
const label = (r: DatabaseResult) =>
  r.database === "postgres" ? `PostgreSQL ${r.version}` : `PGlite ${r.version}`;

function judgeBudgets(results: DatabaseResult[], settings: Settings): Budget[] {
  return results.flatMap((r): Budget[] => [
    // The latency budget is PostgreSQL's, the database a shop that expects rushes runs (several
    // instances on one server): PGlite runs each statement on the event loop, so its requests cannot
    // overlap and its figure is shown for comparison (docs/decisions/018-a-rush-on-the-last-units.md).
    r.database === "postgres"
      ? {
          name: `${label(r)}: rush of ${settings.rush} on ${settings.units} units, client latency p99`,
          limit: `≤ ${RUSH_P99_BUDGET_MS} ms`,
          actual: `${fmtMs(r.rushLatency.p99)} ms (max ${fmtMs(r.rushLatency.max)} ms)`,
          status: r.rushLatency.p99 <= RUSH_P99_BUDGET_MS ? "PASS" : "FAIL",
        }
      : {
          name: `${label(r)}: rush of ${settings.rush} on ${settings.units} units, client latency p99`,
          limit: "—",
          actual: `${fmtMs(r.rushLatency.p99)} ms (max ${fmtMs(r.rushLatency.max)} ms)`,
          status: "INFO",
          note: "embedded, one statement at a time on the event loop: decision 018",
        },
    {
      name: `${label(r)}: every rush holds exactly ${settings.units}, refuses the rest with the 409, stock untouched`,
      limit: `${settings.units} held, ${settings.rush - settings.units} × 409`,
      actual: r.rounds.map((x) => `${x.held} held/${x.added} added/${x.refused} refused`).join("; "),
      status: r.rounds.every(
        (x) =>
          x.held === settings.units &&
          x.added === settings.units &&
          x.refused === settings.rush - settings.units &&
          x.unexpected.length === 0 &&
          x.onHand === settings.units,
      )
        ? "PASS"
        : "FAIL",
    },
    {
      name: `${label(r)}: throughput run without errors`,
      limit: "0 non-2xx, 0 errors",
      actual: `${r.throughput.non2xx} non-2xx, ${r.throughput.errors} errors`,
      status: r.throughput.non2xx === 0 && r.throughput.errors === 0 ? "PASS" : "FAIL",
    },
  ]);
}

export function resultsTables(r: CartBenchResults): string {
  const throughputTable = markdownTable(
    [
      "Database",
      `Throughput req/s (c=${r.settings.connections})`,
      "Latency p50 / p95 / p99 (ms)",
      "Server time under load p50 / p95 / p99 (ms)",
      "Server time sequential p50 / p95 / p99 (ms)",
    ],
    r.databases.map((d) => [
      label(d),
      Math.round(d.throughput.requestsPerSecond).toLocaleString("en-US"),
      fmtTriple(d.throughput.latency),
      fmtTriple(d.throughput.serverTime),
      fmtTriple(d.sequentialServerTime),
    ]),
  );
  const rushTable = markdownTable(
    [
      "Database",
      "Round",
      "Added / refused / unexpected",
      "Held after (on hand)",
      "Latency p50 / p95 / p99 / max (ms)",
      "Server time p50 / p95 / p99 / max (ms)",
    ],
    r.databases.flatMap((d) => [
      ...d.rounds.map((x, i) => [
        label(d),
        String(i + 1),
        `${x.added} / ${x.refused} / ${x.unexpected.length}`,
        `${x.held ?? "—"} (${x.onHand ?? "—"})`,
        fmtQuad(x.latency),
        fmtQuad(x.serverTime),
      ]),
      [label(d), "all", "", "", `**${fmtQuad(d.rushLatency)}**`, fmtQuad(d.rushServerTime)],
    ]),
  );
  const ceiling = r.ceiling
    ? `\n\nHTTP ceiling: the same ${r.settings.rounds} burst(s) of ${r.settings.rush} POSTs against a bare Hono server answering a fixed ${r.ceiling.bodyBytes}-byte 409 (no middleware, session, validation or database): latency p50 / p95 / p99 / max **${fmtQuad(r.ceiling.latency)} ms**${r.ceiling.errors > 0 ? `, ${r.ceiling.errors} errors` : ""}. That much of the rush's latency is HTTP, connection set-up and the load generator on this machine.`
    : "";
  return `### Add to cart, no contention\n\n${throughputTable}\n\n### Rush: ${r.settings.rush} customers at once on the last ${r.settings.units} units of one size\n\n${rushTable}${ceiling}`;
}

function renderMarkdown(r: CartBenchResults): string {
  const m = r.machine;
  const unexpected = r.databases.flatMap((d) =>
    d.rounds.flatMap((x, i) => x.unexpected.slice(0, 5).map((u) => `- ${label(d)} round ${i + 1}: ${u}`)),
  );
  return `# Cart benchmark, ${r.date.slice(0, 10)}

- Date: ${r.date}
- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.platform}; Node ${m.node}; PostgreSQL ${m.postgres ?? "not reachable"}
- Load average before the run: ${m.loadAverage.map((l) => l.toFixed(2)).join(", ")} (1, 5, 15 min)
- Command: \`${r.command}\`
- Catalogue: ${r.settings.products} products (demo seed 1); ${r.settings.customers} customers with session tokens; server pool ${r.settings.poolSize} connections (PostgreSQL)
- Server: \`bench/api/api-server.ts\` (the real server, API only) in a child process; requests over HTTP on 127.0.0.1
- No contention: ${r.settings.seconds} s closed loop at ${r.settings.connections} connections after a ${r.settings.warmupSeconds} s warm-up (autocannon); request k adds one unit for customer k mod ${r.settings.customers} of item k mod ${r.databases[0]?.spreadItems ?? "N"} (one size of each other product), so no two requests in flight share a cart or a stock row. Sequential: ${r.settings.sequentialRequests} requests one at a time.
- Rush: ${r.settings.rounds} round(s), each on another size with ${r.settings.units} units on hand and no holds; ${r.settings.rush} different customers send one add-to-cart each at the same moment (fetch, one connection each). Latency is from each request's start to its whole answer; held units are counted in the database after the server has stopped.
- The load generator, the server and the database share the same ${m.cores} cores: compare runs on this machine, not capacity.
${r.skipped.length > 0 ? `- Skipped: ${r.skipped.join("; ")}\n` : ""}
## Results

${resultsTables(r)}

## Budgets

${budgetsTable(r.budgets)}
${unexpected.length > 0 ? `\n## Unexpected answers (first 5 per round)\n\n${unexpected.join("\n")}\n` : ""}`;
}

async function writeResults(r: CartBenchResults): Promise<string[]> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const base = path.join(RESULTS_DIR, `cart-${r.date.slice(0, 10)}`);
  await writeFile(`${base}.md`, renderMarkdown(r));
  await writeFile(`${base}.json`, `${JSON.stringify(r, null, 2)}\n`);
  return [`${base}.md`, `${base}.json`];
}

export async function runCartBenchmark(argv: string[]): Promise<void> {
  const settings = parseSettings(argv);
  const date = new Date().toISOString();
  const postgres = await postgresVersion();
  const machine = { ...hostMachine(), postgres };
  const pgliteVersion = JSON.parse(
    await readFile(path.join(HERE, "..", "node_modules", "@electric-sql", "pglite", "package.json"), "utf8"),
  ).version as string;
  const databases: DatabaseResult[] = [];
  const skipped: string[] = [];
  for (const kind of settings.databases) {
    if (kind === "postgres" && !postgres) {
      skipped.push(`PostgreSQL: nothing answers at ${adminUrl()} (set BENCH_DATABASE_URL)`);
      console.warn(`PostgreSQL not reachable at ${adminUrl()}: measuring PGlite only`);
      continue;
    }
    try {
      databases.push(await measureDatabase(kind, kind === "postgres" ? postgres! : pgliteVersion, settings));
    } finally {
      if (kind === "postgres" && !settings.keep) await dropBenchDatabase();
    }
  }
  let ceiling: CeilingResult | null = null;
  if (databases.length > 0) {
    console.log(
      `\n[http ceiling] ${settings.rounds} burst(s) of ${settings.rush} against a bare Hono server`,
    );
    ceiling = await measureCeiling(
      sampleRefusal ?? { status: "fail", message: "Sorry." },
      sampleTokens,
      settings.rounds,
    );
    console.log(`  → latency p50/p95/p99/max ${fmtQuad(ceiling.latency)} ms`);
  }
  const report: CartBenchResults = {
    benchmark: "cart",
    date,
    command: ["npm run bench --", ...process.argv.slice(2)].join(" "),
    machine,
    settings: {
      products: settings.products,
      customers: settings.customers,
      rush: settings.rush,
      units: settings.units,
      rounds: settings.rounds,
      connections: settings.connections,
      seconds: settings.seconds,
      warmupSeconds: settings.warmupSeconds,
      poolSize: POOL_SIZE,
      sequentialRequests: SEQUENTIAL_REQUESTS,
    },
    databases,
    ceiling,
    skipped,
    budgets: [
      ...judgeBudgets(databases, settings),
      ...(ceiling
        ? [
            {
              name: `HTTP ceiling: the same rush against a bare Hono server, client latency p99`,
              limit: "—",
              actual: `${fmtMs(ceiling.latency.p99)} ms (max ${fmtMs(ceiling.latency.max)} ms)`,
              status: "INFO" as const,
            },
          ]
        : []),
    ],
  };
  const files = await writeResults(report);
  console.log(`\n${resultsTables(report)}\n\n${budgetsTable(report.budgets)}\n`);
  console.log(`written: ${files.map((f) => path.relative(process.cwd(), f)).join(", ")}`);
}
