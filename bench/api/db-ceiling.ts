import { tmpdir } from "node:os";
import pg from "pg";
import { productListQuery } from "#contract/catalog.ts";
import { readQuery } from "#contract/query.ts";
import { reviewListQuery } from "#contract/reviews.ts";
import { getProduct, listProducts } from "#core/catalog/products.ts";
import type { CoreContext } from "#core/context.ts";
import { createBuiltinPayments } from "#core/payments/builtin-checkout.ts";
import { listReviews } from "#core/reviews/review-lists.ts";
import { type DatabaseHandle, openDatabase } from "#db/client.ts";
import { createLocalImageStore } from "#server/adapters/local-image-store.ts";
import { createMemoryRateLimiter } from "#server/adapters/memory-rate-limiter.ts";
import { loadConfig } from "#server/config.ts";
import { createAccountsContext } from "#server/index.ts";
import { type Percentiles, percentiles, rotation } from "../lib/stats.ts";

export interface Statement {
  sql: string;
  params: unknown[];
  /** The prepared statement's name, when core runs it as one (db/client.ts queryPreparedRows). */
  name?: string;
}

/**
 * The statements one request runs, as core runs them: batches one after another, the statements
 * of one batch concurrently (e.g. list = [count, page] then [sizes]).
 */
export type Plan = Statement[][];

export interface CeilingResult {
  requestsPerSecond: number;
  requests: number;
  /** Time for a whole request's statements, in ms. */
  latency: Percentiles;
  /** Statements per batch, e.g. `2 → 1` (count and page, then sizes); distinct shapes joined by `|`. */
  shape: string;
}

/**
 * Groups statements into batches as core issued them: a statement logged before any statement of
 * the current batch has answered was sent alongside them (`Promise.all`); one logged after an
 * answer waited for it. Answers are the pool's `release` events, which pg emits before it resolves
 * the query's promise, so a statement that depends on an answer is always logged after it.
 */
function createRecorder() {
  let batches: Plan = [];
  let answered = true;
  return {
    onQuery(query: string, params: unknown[]) {
      if (answered) batches.push([]);
      answered = false;
      batches.at(-1)!.push({ sql: query, params: [...params] });
    },
    /** The driver was asked to run `sql` as the prepared statement `name`: so is its replay. */
    onNamed(sql: string, name: string) {
      const statement = batches.at(-1)?.findLast((st) => st.sql === sql && st.name === undefined);
      if (statement) statement.name = name;
    },
    onAnswer() {
      answered = true;
    },
    take(): Plan {
      const plan = batches;
      batches = [];
      answered = true;
      return plan;
    },
  };
}

/**
 * What the API route does for a path, called directly on core (same parsing, same functions), and
 * the data it answers with.
 */
export async function callCore(ctx: CoreContext, path: string): Promise<unknown> {
  const url = new URL(path, "http://bench");
  const reviews = /^\/api\/v1\/products\/([^/]+)\/reviews$/.exec(url.pathname);
  if (reviews) return listReviews(ctx, reviews[1]!, reviewListQuery.parse(readQuery(url.searchParams)));
  const detail = /^\/api\/v1\/products\/([^/]+)$/.exec(url.pathname);
  if (detail) return getProduct(ctx, detail[1]!);
  if (url.pathname !== "/api/v1/products") throw new Error(`no core call known for ${path}`);
  return listProducts(ctx, productListQuery.parse(readQuery(url.searchParams)));
}

/** A core context for the catalogue's reads: the database and the clock are all they use. */
export function readOnlyCoreContext(handle: DatabaseHandle): CoreContext {
  const ctx: CoreContext = {
    db: handle.db,
    now: () => new Date(),
    reservationMinutes: 15,
    accounts: createAccountsContext(
      loadConfig({ JWT_SECRET: "bench-secret-that-signs-nothing-of-value" }),
      handle,
      createMemoryRateLimiter(),
      () => ctx,
    ),
    payments: createBuiltinPayments(),
    // The reads open no photos: a store in the temporary directory that is never written.
    images: createLocalImageStore(`${tmpdir()}/shop-bench-media`),
    // The reads only read: a write that would queue a job is a mistake in the bench.
    jobs: {
      enqueue: () => Promise.reject(new Error("the benchmark's reads queue no jobs")),
    },
    publicUrl: "http://localhost",
  };
  return ctx;
}

/** Runs each path once through core with a query hook and returns the statements each one ran. */
export async function capturePlans(databaseUrl: string, paths: readonly string[]): Promise<Plan[]> {
  const recorder = createRecorder();
  const handle = await openDatabase({ url: databaseUrl, poolSize: 10, onQuery: recorder.onQuery });
  // drizzle exposes the pg.Pool it was given as `$client`.
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  pool.on("release", recorder.onAnswer);
  // drizzle's log line has no statement name: the driver's call does.
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      const named = config as { name?: string; text?: string } | null;
      if (named && typeof named === "object" && named.name && named.text)
        recorder.onNamed(named.text, named.name);
      return query(config, ...rest);
    }) as typeof client.query;
  });
  const ctx = readOnlyCoreContext(handle);
  try {
    const plans: Plan[] = [];
    for (const path of paths) {
      await callCore(ctx, path);
      plans.push(recorder.take());
    }
    return plans;
  } finally {
    await handle.close();
  }
}

/** Runs a plan's batches in order, each batch's statements at once; the last batch's rows. */
export async function runPlan(pool: pg.Pool, plan: Plan): Promise<unknown[][]> {
  let rows: unknown[][] = [];
  for (const batch of plan) {
    const results = await Promise.all(
      batch.map((s) =>
        pool.query(s.name ? { name: s.name, text: s.sql, values: s.params } : s.sql, s.params),
      ),
    );
    rows = results.map((result) => result.rows);
  }
  return rows;
}

/** `connections` workers, each running whole plans back to back until the deadline (closed loop, like autocannon). */
async function replay(pool: pg.Pool, plans: readonly Plan[], connections: number, seconds: number) {
  const nextPlan = rotation(plans);
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      await runPlan(pool, nextPlan());
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return { latencies, elapsedSeconds: (performance.now() - started) / 1000 };
}

/**
 * The database ceiling: the exact statements the API runs, replayed straight through `pg` at the
 * same concurrency with no HTTP, validation or JSON work. The API can approach this, never beat it.
 */
export async function measureDbCeiling(
  databaseUrl: string,
  plans: readonly Plan[],
  options: { connections: number; seconds: number; warmupSeconds: number; poolSize: number },
): Promise<CeilingResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize });
  try {
    if (options.warmupSeconds > 0) await replay(pool, plans, options.connections, options.warmupSeconds);
    const { latencies, elapsedSeconds } = await replay(pool, plans, options.connections, options.seconds);
    return {
      requestsPerSecond: latencies.length / elapsedSeconds,
      requests: latencies.length,
      latency: percentiles(latencies),
      shape: [
        ...new Set(
          plans.map((plan) =>
            plan
              .map((batch) => `${batch.length}${batch.some((s) => s.name) ? " (prepared)" : ""}`)
              .join(" → "),
          ),
        ),
      ].join(" | "),
    };
  } finally {
    await pool.end();
  }
}
