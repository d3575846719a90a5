// npm run bench -- scale: the same scenarios over growing catalogues (1k, 10k, 100k, 1M products on
// PostgreSQL), to see what grows with the catalogue (issue 20 point 1), and the server-rendered pages
// beside the API's detail and the bare HTTP ceiling in the same run (issue 20 point 3).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { benchUrls, serverVersion } from "../api/database.ts";
import { BENCH_POOL_SIZE as POOL_SIZE } from "../lib/api-server-env.ts";
import { positiveInt } from "../lib/args.ts";
import { startChild } from "../lib/child.ts";
import { type LoadRequest, runLoad, serverTimingMs } from "../lib/load.ts";
import { hostMachine } from "../lib/report.ts";
import { type Percentiles, percentiles } from "../lib/stats.ts";
import { assertServerUp, buildStorefront, startWebServer } from "../web/server.ts";
import { databaseName, dropSizeDatabase, prepareSize, resetCarts } from "./database.ts";
import { type ScaleResults, type ScenarioFigures, type SizeResult, writeResults } from "./report.ts";
import { discoverScenarios, type ScaleScenario } from "./scenarios.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = path.join(HERE, "..", "results");
const BARE_SERVER = path.join(HERE, "..", "api", "bare-server.ts");
const ALL_SIZES = [1_000, 10_000, 100_000, 1_000_000];
/** Upper bound on one scenario's sequential sample, so a slow one cannot stretch the run. */
const SEQUENTIAL_MAX_SECONDS = 10;

export interface Settings {
  sizes: number[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
  sequentialRequests: number;
  reuse: boolean;
  keep: boolean;
  only: string[] | null;
  label: string | null;
  build: boolean;
}

export const usage = `npm run bench -- scale [--sizes 1000,10000,100000,1000000] [--duration S] [--warmup S]
                          [--connections N] [--sequential N] [--only a,b] [--label L] [--reuse] [--keep] [--no-build]
  --sizes          catalogue sizes, one seeded PostgreSQL database each (default all four)
  --duration S     loaded seconds per scenario (default 5), after --warmup S (default 1)
  --connections N  concurrent connections of the loaded run (default 10)
  --sequential N   one-at-a-time requests per scenario for the server time (default 200, at most ${SEQUENTIAL_MAX_SECONDS} s)
  --only a,b       measure only these scenarios (e.g. page-product,detail for profiling)
  --label L        results file bench/results/scale-<date>-L (default scale-<date>)
  --reuse          keep shop_bench_scale_<n> if it already holds n products instead of re-seeding
  --keep           leave the databases in place afterwards (default: drop each after its size)
  --no-build       serve the existing build (default: npm run build first, so figures match the code)
  env BENCH_DATABASE_URL  admin connection (default postgres://root@127.0.0.1:5432/test)
  env BENCH_CHILD_ARGS    extra node flags for the server child (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof)`;

function parseSettings(argv: string[]): Settings {
  const { values } = parseArgs({
    args: argv,
    options: {
      sizes: { type: "string", default: ALL_SIZES.join(",") },
      connections: { type: "string", default: "10" },
      duration: { type: "string", default: "5" },
      warmup: { type: "string", default: "1" },
      sequential: { type: "string", default: "200" },
      only: { type: "string" },
      label: { type: "string" },
      reuse: { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
      "no-build": { type: "boolean", default: false },
    },
  });
  const sizes = values.sizes.split(",").map((s) => positiveInt("sizes", s.trim(), 1_000_000));
  if (values.label !== undefined && !/^[a-z0-9-]{1,40}$/.test(values.label))
    throw new Error("--label must be lower-case letters, digits and dashes");
  return {
    sizes: [...new Set(sizes)].sort((a, b) => a - b),
    connections: positiveInt("connections", values.connections, 1000),
    seconds: positiveInt("duration", values.duration, 120),
    warmupSeconds: values.warmup === "0" ? 0 : positiveInt("warmup", values.warmup, 60),
    sequentialRequests: positiveInt("sequential", values.sequential, 100_000),
    only: values.only ? values.only.split(",").map((s) => s.trim()) : null,
    label: values.label ?? null,
    reuse: values.reuse,
    keep: values.keep,
    build: !values["no-build"],
  };
}

/**
 * One request at a time (no queueing anywhere): the server time (`Server-Timing: app;dur=`) of each,
 * `count` requests or `maxSeconds`, whichever ends first.
 */
async function sequential(
  url: string,
  next: () => LoadRequest,
  count: number,
  maxSeconds: number,
): Promise<Percentiles> {
  const samples: number[] = [];
  const deadline = performance.now() + maxSeconds * 1000;
  while (samples.length < count && performance.now() < deadline) {
    const request = next();
    const response = await fetch(new URL(request.path, url), {
      method: request.method ?? "GET",
      headers: request.headers,
      body: request.body,
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status !== 200)
      throw new Error(`${request.method ?? "GET"} ${request.path} answered ${response.status}`);
    const ms = serverTimingMs(Object.fromEntries(response.headers));
    if (ms === undefined) throw new Error(`${request.path} has no Server-Timing app;dur= header`);
    samples.push(ms);
  }
  return percentiles(samples);
}

async function measureScenario(
  scenario: ScaleScenario,
  serverUrl: string,
  settings: Settings,
  resetWrites: () => Promise<void>,
): Promise<ScenarioFigures> {
  if (scenario.writes) await resetWrites();
  const seq = await sequential(
    serverUrl,
    scenario.requests(),
    settings.sequentialRequests,
    SEQUENTIAL_MAX_SECONDS,
  );
  if (scenario.writes) await resetWrites();
  const load = await runLoad({
    url: serverUrl,
    nextRequest: scenario.requests(),
    connections: settings.connections,
    seconds: settings.seconds,
    warmupSeconds: settings.warmupSeconds,
  });
  console.log(
    `  ${scenario.name.padEnd(24)} sequential p50 ${seq.p50.toFixed(1)} / p95 ${seq.p95.toFixed(1)} ms;` +
      ` loaded ${load.requestsPerSecond.toFixed(0)} req/s, p95 ${load.latency.p95.toFixed(0)} ms` +
      (load.non2xx + load.errors > 0 ? ` (! ${load.non2xx} non-2xx, ${load.errors} errors)` : ""),
  );
  return {
    name: scenario.name,
    kind: scenario.kind,
    description: scenario.description,
    example: scenario.example,
    sequential: seq,
    load,
  };
}

/** A bare Hono app answering the API detail body: what the HTTP stack alone serves on this machine now. */
async function measureCeiling(
  detailBody: string,
  dataDir: string,
  settings: Settings,
): Promise<ScenarioFigures> {
  const bodyFile = path.join(dataDir, "detail-body.json");
  await writeFile(bodyFile, detailBody);
  const bare = await startChild(BARE_SERVER, { BENCH_BODY_FILE: bodyFile }, "bare-server");
  try {
    const load = await runLoad({
      url: bare.url,
      nextRequest: () => ({ path: "/list" }),
      connections: settings.connections,
      seconds: settings.seconds,
      warmupSeconds: settings.warmupSeconds,
    });
    console.log(`  ${"http-ceiling".padEnd(24)} loaded ${load.requestsPerSecond.toFixed(0)} req/s`);
    return {
      name: "http-ceiling",
      kind: "ceiling",
      description: `bare Hono answering the ${Buffer.byteLength(detailBody)}-byte API detail body`,
      example: "/list",
      sequential: null,
      load,
    };
  } finally {
    await bare.stop();
  }
}

async function measureSize(products: number, settings: Settings, dataDir: string): Promise<SizeResult> {
  console.log(`\n=== ${products} products (${databaseName(products)}) ===`);
  const prepared = await prepareSize(products, settings.reuse);
  const { seed } = prepared;
  if (!seed.reused)
    console.log(
      `seeded in ${seed.seconds?.toFixed(1)} s, peak RSS ${seed.maxRssMiB?.toFixed(0)} MiB, VACUUM ANALYZE ${seed.vacuumSeconds?.toFixed(1)} s`,
    );
  const server = await startWebServer(path.join(dataDir, String(products)), 0, {
    DATABASE_URL: prepared.url,
    DATABASE_POOL_SIZE: String(POOL_SIZE),
  });
  try {
    const discovered = await discoverScenarios(server.url, prepared.tokens, prepared.items);
    console.log(
      Object.entries(discovered.facts)
        .map(([k, v]) => `${k}: ${v}`)
        .join(", "),
    );
    const wanted = discovered.scenarios.filter((s) => !settings.only || settings.only.includes(s.name));
    const scenarios: ScenarioFigures[] = [];
    for (const scenario of wanted) {
      scenarios.push(
        await measureScenario(scenario, server.url, settings, () =>
          resetCarts(prepared.url, prepared.customerIds),
        ),
      );
      await assertServerUp(server);
    }
    await resetCarts(prepared.url, prepared.customerIds);
    if (!settings.only || settings.only.includes("http-ceiling"))
      scenarios.push(await measureCeiling(discovered.detailBody, dataDir, settings));
    return { products, seed, facts: discovered.facts, scenarios };
  } finally {
    await server.stop();
    if (!settings.keep) await dropSizeDatabase(products);
  }
}

export async function runScaleBenchmark(argv: string[]): Promise<void> {
  const settings = parseSettings(argv);
  const { adminUrl } = benchUrls();
  const results: ScaleResults = {
    benchmark: "scale",
    date: new Date().toISOString(),
    command: ["npm run bench --", ...process.argv.slice(2)].join(" "),
    machine: { ...hostMachine(), postgres: await serverVersion(adminUrl) },
    settings: {
      sizes: settings.sizes,
      connections: settings.connections,
      seconds: settings.seconds,
      warmupSeconds: settings.warmupSeconds,
      sequentialRequests: settings.sequentialRequests,
      sequentialMaxSeconds: SEQUENTIAL_MAX_SECONDS,
      poolSize: POOL_SIZE,
    },
    buildSeconds: 0,
    sizes: [],
  };
  if (settings.build) {
    console.log("building the storefront…");
    results.buildSeconds = await buildStorefront();
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "shop-bench-scale-"));
  try {
    for (const products of settings.sizes) {
      results.sizes.push(await measureSize(products, settings, dataDir));
      // Written after every size: a long run that stops half-way still leaves the sizes it finished.
      const files = await writeResults(results, RESULTS_DIR, settings.label);
      console.log(`written: ${files.map((f) => path.relative(process.cwd(), f)).join(", ")}`);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
