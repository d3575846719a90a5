import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { apiServerEnv, BENCH_POOL_SIZE as POOL_SIZE } from "../lib/api-server-env.ts";
import { positiveInt } from "../lib/args.ts";
import { startChild } from "../lib/child.ts";
import { type LoadResult, runLoad, sequentialServerTime } from "../lib/load.ts";
import { budgetsTable, hostMachine } from "../lib/report.ts";
import { rotation } from "../lib/stats.ts";
import {
  BENCH_REVIEWS,
  benchUrls,
  dropBenchDatabase,
  prepareDatabase,
  seedReviews,
  serverVersion,
} from "./database.ts";
import { capturePlans, measureDbCeiling, type Plan } from "./db-ceiling.ts";
import {
  type ApiBenchResults,
  judgeBudgets,
  resultsTable,
  rungsTable,
  type ScenarioResult,
  writeResults,
} from "./report.ts";
import {
  discoverScenarios,
  reviewsScenario,
  SCENARIO_NAMES,
  type Scenario,
  type ScenarioName,
} from "./scenarios.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = path.join(HERE, "..", "results");
/** Upper bound on the sequential sample, so a slow endpoint cannot stretch the run past its budget. */
const SEQUENTIAL_MAX_SECONDS = 15;

interface Settings {
  products: number;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  sequentialRequests: number;
  reuse: boolean;
  keep: boolean;
  /** Added to the results' file name (`api-<date>-<label>.md`), so a run keeps an earlier one of the day. */
  label: string | undefined;
  scenarios: ScenarioName[];
}

export const usage = `npm run bench -- api [--products N] [--connections N] [--duration S] [--warmup S]
                        [--sequential N] [--scenarios a,b] [--reuse] [--keep] [--label L]
  --products N     catalogue size to seed (default 100000)
  --connections N  concurrent connections / DB workers (default 10)
  --duration S     measured seconds per run (default 10), after --warmup S (default 2)
  --sequential N   one-at-a-time requests for the unloaded server time (default 500, at most 15 s)
  --scenarios a,b  which to run, of ${SCENARIO_NAMES.join(", ")} (default all); reviews gives one
                   product ${BENCH_REVIEWS.toLocaleString("en-US")} reviews first. Results go to api-<date>.md, or, for
                   a subset, <names>-<date>.md
  --reuse          keep shop_bench if it already holds N products instead of re-seeding
  --keep           leave shop_bench in place afterwards (default: drop it)
  --label L        write api-<date>-L.md instead of api-<date>.md
  env BENCH_DATABASE_URL  admin connection (default postgres://root@127.0.0.1:5432/test)`;

function parseSettings(argv: string[]): Settings {
  const { values } = parseArgs({
    args: argv,
    options: {
      products: { type: "string", default: "100000" },
      connections: { type: "string", default: "10" },
      duration: { type: "string", default: "10" },
      warmup: { type: "string", default: "2" },
      sequential: { type: "string", default: "500" },
      reuse: { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
      label: { type: "string" },
      scenarios: { type: "string", default: SCENARIO_NAMES.join(",") },
    },
  });
  const scenarios = values.scenarios.split(",").map((name) => name.trim());
  for (const name of scenarios) {
    if (!(SCENARIO_NAMES as readonly string[]).includes(name)) {
      throw new Error(`--scenarios: unknown scenario '${name}' (known: ${SCENARIO_NAMES.join(", ")})`);
    }
  }
  return {
    products: positiveInt("products", values.products, 1_000_000),
    connections: positiveInt("connections", values.connections, 1000),
    // Bounded so a typo cannot start a load that runs for hours.
    seconds: positiveInt("duration", values.duration, 120),
    warmupSeconds: values.warmup === "0" ? 0 : positiveInt("warmup", values.warmup, 60),
    sequentialRequests: positiveInt("sequential", values.sequential, 100_000),
    reuse: values.reuse,
    keep: values.keep,
    label: values.label,
    scenarios: SCENARIO_NAMES.filter((name) => scenarios.includes(name)),
  };
}

async function machineInfo(adminUrl: string): Promise<ApiBenchResults["machine"]> {
  return { ...hostMachine(), postgres: await serverVersion(adminUrl) };
}

/** The real server, API only, in a child process against the benchmark database. */
async function startApiServer(benchUrl: string, dataDir: string) {
  return startChild(
    path.join(HERE, "api-server.ts"),
    apiServerEnv({ databaseUrl: benchUrl, dataDir, poolSize: POOL_SIZE }),
    "api-server",
  );
}

/**
 * The DB ceiling's replay, then core's calls, each served by a bare Hono route
 * (bench/api/replay-server.ts) under the API's load: where between the database and the API the
 * time goes.
 */
async function measureRungs(
  paths: readonly string[],
  plans: readonly Plan[],
  benchUrl: string,
  dataDir: string,
  load: { connections: number; seconds: number; warmupSeconds: number },
): Promise<NonNullable<ScenarioResult["rungs"]>> {
  const plansFile = path.join(dataDir, "plans.json");
  await writeFile(plansFile, JSON.stringify({ paths, plans }));
  const measureOne = async (mode: "db" | "core") => {
    console.log(`  ${mode} over HTTP: bare Hono, ${load.seconds} s`);
    const server = await startChild(
      path.join(HERE, "replay-server.ts"),
      {
        DATABASE_URL: benchUrl,
        DATABASE_POOL_SIZE: String(POOL_SIZE),
        BENCH_REPLAY: mode,
        BENCH_PLANS_FILE: plansFile,
        NODE_ENV: "production",
      },
      `${mode}-over-http`,
    );
    try {
      const nextPath = rotation(paths);
      return await runLoad({ url: server.url, nextRequest: () => ({ path: nextPath() }), ...load });
    } finally {
      await server.stop();
    }
  };
  return { dbOverHttp: await measureOne("db"), coreOverHttp: await measureOne("core") };
}

async function runScenario(
  scenario: Scenario,
  apiUrl: string,
  benchUrl: string,
  dataDir: string,
  settings: Settings,
): Promise<ScenarioResult> {
  const load = {
    connections: settings.connections,
    seconds: settings.seconds,
    warmupSeconds: settings.warmupSeconds,
  };
  console.log(`\n[${scenario.name}] ${scenario.description}`);
  console.log(
    `  API load: ${load.warmupSeconds} s warm-up + ${load.seconds} s at ${load.connections} connections`,
  );
  const nextPath = rotation(scenario.paths);
  const api = await runLoad({ url: apiUrl, nextRequest: () => ({ path: nextPath() }), ...load });
  console.log(
    `  API sequential: ${settings.sequentialRequests} requests (at most ${SEQUENTIAL_MAX_SECONDS} s)`,
  );
  const sequential = await sequentialServerTime(
    apiUrl,
    rotation(scenario.paths),
    settings.sequentialRequests,
    SEQUENTIAL_MAX_SECONDS,
  );
  console.log(`  DB ceiling: capturing ${scenario.paths.length} request(s), replaying for ${load.seconds} s`);
  const plans = await capturePlans(benchUrl, scenario.paths);
  const db = await measureDbCeiling(benchUrl, plans, { ...load, poolSize: POOL_SIZE });
  const rungs = await measureRungs(scenario.paths, plans, benchUrl, dataDir, load);
  const result: ScenarioResult = {
    name: scenario.name,
    description: scenario.description,
    examplePath: scenario.paths[0]!,
    api,
    sequentialServerTime: sequential,
    db,
    apiToDbRatio: api.requestsPerSecond / db.requestsPerSecond,
    rungs,
  };
  console.log(
    `  → API ${api.requestsPerSecond.toFixed(0)} req/s (server p95 ${api.serverTime?.p95.toFixed(1)} ms), ` +
      `DB ceiling ${db.requestsPerSecond.toFixed(0)} req/s, ratio ${(result.apiToDbRatio * 100).toFixed(0)} %; ` +
      `over HTTP: DB ${rungs.dbOverHttp.requestsPerSecond.toFixed(0)}, core ${rungs.coreOverHttp.requestsPerSecond.toFixed(0)} req/s`,
  );
  for (const [label, run] of [
    ["DB over HTTP", rungs.dbOverHttp],
    ["core over HTTP", rungs.coreOverHttp],
  ] as const)
    if (run.non2xx > 0 || run.errors > 0)
      console.warn(`  ! ${label}: ${run.non2xx} non-2xx responses and ${run.errors} errors`);
  if (api.non2xx > 0 || api.errors > 0) {
    console.warn(
      `  ! ${api.non2xx} non-2xx responses and ${api.errors} errors: the figures are not trustworthy`,
    );
  }
  return result;
}

/** The list response as the real server sends it, served by a bare Hono app: the HTTP stack's own ceiling. */
async function runHttpCeiling(
  apiUrl: string,
  listPath: string,
  dataDir: string,
  settings: Settings,
): Promise<LoadResult & { bodyBytes: number }> {
  const body = await (await fetch(new URL(listPath, apiUrl))).text();
  const bodyFile = path.join(dataDir, "list-body.json");
  await writeFile(bodyFile, body);
  console.log(`\n[http ceiling] bare Hono serving the ${body.length}-byte list body`);
  const bare = await startChild(
    path.join(HERE, "bare-server.ts"),
    { BENCH_BODY_FILE: bodyFile },
    "bare-server",
  );
  try {
    const result = await runLoad({
      url: bare.url,
      nextRequest: () => ({ path: "/list" }),
      connections: settings.connections,
      seconds: settings.seconds,
      warmupSeconds: settings.warmupSeconds,
    });
    console.log(`  → ${result.requestsPerSecond.toFixed(0)} req/s`);
    return { ...result, bodyBytes: Buffer.byteLength(body) };
  } finally {
    await bare.stop();
  }
}

export async function runApiBenchmark(argv: string[]): Promise<void> {
  const settings = parseSettings(argv);
  const { adminUrl, benchUrl } = benchUrls();
  const date = new Date().toISOString();
  const machine = await machineInfo(adminUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "shop-bench-"));
  let stopServer: (() => Promise<void>) | undefined;
  try {
    console.log(`database: ${benchUrl} (${settings.products} products)`);
    const seed = await prepareDatabase({ products: settings.products, reuse: settings.reuse });
    const reviewed = settings.scenarios.includes("reviews") ? await seedReviews(benchUrl) : undefined;

    const server = await startApiServer(benchUrl, dataDir);
    stopServer = server.stop;
    console.log(`api server: ${server.url}`);
    const scenarios = await discoverScenarios(server.url, settings.scenarios);
    if (reviewed) scenarios.push(reviewsScenario(reviewed, BENCH_REVIEWS));

    const results: ScenarioResult[] = [];
    for (const scenario of scenarios)
      results.push(await runScenario(scenario, server.url, benchUrl, dataDir, settings));
    // The HTTP stack's ceiling is measured with the list's body, when the list is run.
    const listPath = scenarios.find((s) => s.name === "list")?.paths[0];
    const httpCeiling = listPath ? await runHttpCeiling(server.url, listPath, dataDir, settings) : null;

    const report: ApiBenchResults = {
      benchmark: "api",
      date,
      command: ["npm run bench --", ...process.argv.slice(2)].join(" "),
      machine,
      settings: {
        products: settings.products,
        connections: settings.connections,
        seconds: settings.seconds,
        warmupSeconds: settings.warmupSeconds,
        sequentialRequests: settings.sequentialRequests,
        sequentialMaxSeconds: SEQUENTIAL_MAX_SECONDS,
        poolSize: POOL_SIZE,
        scenarios: settings.scenarios,
      },
      seed,
      scenarios: results,
      httpCeiling,
      budgets: judgeBudgets(settings.products, settings.connections, seed, results),
    };
    const all = settings.scenarios.length === SCENARIO_NAMES.length;
    const name = all ? "api" : settings.scenarios.join("-");
    const files = await writeResults(
      report,
      RESULTS_DIR,
      settings.label ? `${name}-${settings.label}` : name,
    );
    const rungs = rungsTable(report);
    console.log(
      `\n${resultsTable(report)}\n\n${rungs ? `${rungs}\n\n` : ""}${budgetsTable(report.budgets)}\n`,
    );
    console.log(`written: ${files.map((f) => path.relative(process.cwd(), f)).join(", ")}`);
  } finally {
    await stopServer?.();
    await rm(dataDir, { recursive: true, force: true });
    if (!settings.keep) {
      await dropBenchDatabase(adminUrl);
      console.log(`dropped ${benchUrl.replace(/.*\//, "")} (pass --keep to leave it)`);
    }
  }
}
