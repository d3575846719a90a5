// The rungs between the DB ceiling and the API (bench/README.md): a bare Hono route, with none of
// the shop's middleware, answering each scenario path as JSON with
//   BENCH_REPLAY=db    the path's captured statements replayed through `pg` (the DB ceiling's own
//                      work, BENCH_PLANS_FILE), the last batch's rows as they come;
//   BENCH_REPLAY=core  the core call the API route makes (db-ceiling.ts callCore), its answer.
// Same framework, pool size and database as the real server: the API's distance from the first is
// what any HTTP server pays here, from the second what the shop's own request handling adds.
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import pg from "pg";
import { openDatabase } from "#db/client.ts";
import { callCore, type Plan, readOnlyCoreContext, runPlan } from "./db-ceiling.ts";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL must name the benchmark database");
const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10);
const mode = process.env.BENCH_REPLAY;

let answer: (path: string) => Promise<unknown>;
if (mode === "db") {
  const file = process.env.BENCH_PLANS_FILE;
  if (!file) throw new Error("BENCH_PLANS_FILE must hold the paths and their plans");
  const { paths, plans } = JSON.parse(readFileSync(file, "utf8")) as { paths: string[]; plans: Plan[] };
  const byPath = new Map(paths.map((p, i) => [p, plans[i]!]));
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  answer = async (path) => {
    const plan = byPath.get(path);
    if (!plan) throw new Error(`no plan captured for ${path}`);
    return runPlan(pool, plan);
  };
} else if (mode === "core") {
  const ctx = readOnlyCoreContext(await openDatabase({ url, poolSize }));
  answer = (path) => callCore(ctx, path);
} else {
  throw new Error("BENCH_REPLAY must be db or core");
}

const app = new Hono();
app.get("*", async (c) => {
  const { pathname, search } = new URL(c.req.url);
  return c.json({ data: await answer(pathname + search) });
});

serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
  console.log(`listening http://127.0.0.1:${info.port}`);
});
// Nothing to flush or close: stop at once, even with keep-alive connections open.
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => process.exit(0));
