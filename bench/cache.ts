// npm run bench -- cache: the growth benchmark's page scenarios (bench/scale/scenarios.ts: home,
// search, product) repeated through a real nginx with the shared cache on, configured by
// docs/nginx/shop.conf itself, beside the shop asked directly (issue 20 point 5, docs/caching.md).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startNginx } from "../tests/e2e/nginx.ts";
import { positiveInt } from "./lib/args.ts";
import { type LoadRequest, type LoadResult, runLoad } from "./lib/load.ts";
import { hostMachine, markdownTable } from "./lib/report.ts";
import { rotation } from "./lib/stats.ts";
import { assertServerUp, buildStorefront, startWebServer } from "./web/server.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = path.join(HERE, "results");

export const usage = `npm run bench -- cache [--duration S] [--warmup S] [--connections N] [--s-maxage S]
                          [--port P] [--nginx-port P] [--label L] [--no-build]
  --duration S     loaded seconds per scenario and route (default 10), after --warmup S (default 2)
  --connections N  concurrent connections (default 10)
  --s-maxage S     the shop's SHARED_CACHE_SECONDS (default 60, the shop's default)
  --port P         the shop's port (default 4330); --nginx-port P nginx's (default 4546)
  --label L        results file bench/results/cache-<date>-L (default cache-<date>)
  --no-build       serve the existing build (default: npm run build first)
Needs nginx (apt-get install nginx) and openssl. The shop runs on PGlite with the demo catalogue.`;

interface Settings {
  seconds: number;
  warmupSeconds: number;
  connections: number;
  sMaxage: number;
  port: number;
  nginxPort: number;
  label: string | null;
  build: boolean;
}

function parseSettings(argv: string[]): Settings {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: "string", default: "10" },
      warmup: { type: "string", default: "2" },
      connections: { type: "string", default: "10" },
      "s-maxage": { type: "string", default: "60" },
      port: { type: "string", default: "4330" },
      "nginx-port": { type: "string", default: "4546" },
      label: { type: "string" },
      "no-build": { type: "boolean", default: false },
    },
  });
  if (values.label !== undefined && !/^[a-z0-9-]{1,40}$/.test(values.label))
    throw new Error("--label must be lower-case letters, digits and dashes");
  return {
    seconds: positiveInt("duration", values.duration, 600),
    warmupSeconds: values.warmup === "0" ? 0 : positiveInt("warmup", values.warmup, 60),
    connections: positiveInt("connections", values.connections, 1000),
    sMaxage: positiveInt("s-maxage", values["s-maxage"], 86_400),
    port: positiveInt("port", values.port, 65_535),
    nginxPort: positiveInt("nginx-port", values["nginx-port"], 65_535),
    label: values.label ?? null,
    build: !values["no-build"],
  };
}

interface Row {
  scenario: string;
  route: "direct" | "nginx";
  who: "visitor" | "signed in";
  result: LoadResult;
  /** X-Cache-Status counts (nginx only). */
  cache: Record<string, number>;
}

/** As a browser asks: it accepts compressed answers (the shop compresses, nginx keeps one copy per encoding). */
const BROWSER = { "accept-encoding": "gzip, deflate, br" };

export async function runCacheBenchmark(argv: string[]): Promise<void> {
  const settings = parseSettings(argv);
  const machine = hostMachine();
  // nginx's certificate is a throw-away self-signed one (tests/e2e/nginx.ts): this process only.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  if (settings.build) await buildStorefront();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "shop-bench-cache-"));
  const server = await startWebServer(dataDir, settings.port, {
    SHARED_CACHE_SECONDS: String(settings.sMaxage),
    TRUST_PROXY: "true",
  });
  let proxy: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    proxy = await startNginx(settings.nginxPort, settings.port);
    const token = await logIn(server.url);
    const ids = await productIds(server.url);
    const scenarios: { name: string; paths: string[] }[] = [
      { name: "page-home", paths: ["/"] },
      { name: "page-search", paths: ["/search/shirt?page=1"] },
      { name: "page-product", paths: ids.map((id) => `/product/${id}`) },
      { name: "api-detail", paths: ids.map((id) => `/api/v1/products/${id}`) },
    ];
    const rows: Row[] = [];
    for (const scenario of scenarios) {
      for (const [route, base] of [
        ["direct", server.url],
        ["nginx", proxy.url],
      ] as const) {
        for (const who of ["visitor", "signed in"] as const) {
          const headers = who === "visitor" ? BROWSER : { ...BROWSER, cookie: `JWTToken=${token}` };
          const next = rotation(scenario.paths);
          const cache: Record<string, number> = {};
          const result = await runLoad({
            url: base,
            connections: settings.connections,
            seconds: settings.seconds,
            warmupSeconds: settings.warmupSeconds,
            nextRequest: (): LoadRequest => ({ path: next(), headers }),
            onHeaders: (h) => {
              const status = h["x-cache-status"] ?? "none";
              cache[status] = (cache[status] ?? 0) + 1;
            },
          });
          await assertServerUp(server);
          rows.push({ scenario: scenario.name, route, who, result, cache });
          console.log(
            `${scenario.name} ${route} ${who}: ${result.requestsPerSecond.toFixed(0)} req/s, hit ${hitRatio(cache, route)}`,
          );
        }
      }
    }
    await writeReport(settings, machine, rows, ids.length);
  } finally {
    await proxy?.stop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function logIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "demo@shop.test", password: "demo12345" }),
  });
  const body = (await res.json()) as { token?: string };
  if (!res.ok || !body.token) throw new Error(`logging in the demo customer answered ${res.status}`);
  return body.token;
}

async function productIds(base: string): Promise<string[]> {
  const res = await fetch(`${base}/api/v1/products?limit=50&sort=-sold&fields=_id`);
  const body = (await res.json()) as { data: { _id: string }[] };
  return body.data.map((p) => p._id);
}

function hitRatio(cache: Record<string, number>, route: string): string {
  if (route === "direct") return "—";
  const total = Object.values(cache).reduce((a, b) => a + b, 0);
  return total === 0 ? "—" : `${(((cache.HIT ?? 0) / total) * 100).toFixed(1)} %`;
}

async function writeReport(
  settings: Settings,
  machine: ReturnType<typeof hostMachine>,
  rows: Row[],
  idCount: number,
): Promise<void> {
  const date = new Date().toISOString().slice(0, 10);
  const name = `cache-${date}${settings.label ? `-${settings.label}` : ""}`;
  const direct = (scenario: string, who: string) =>
    rows.find((r) => r.scenario === scenario && r.route === "direct" && r.who === who)?.result
      .requestsPerSecond;
  const table = markdownTable(
    [
      "Scenario",
      "Route",
      "Who",
      "req/s",
      "× direct",
      "p50 ms",
      "p99 ms",
      "Hit ratio",
      "X-Cache-Status",
      "non-2xx",
    ],
    rows.map((r) => {
      const base = direct(r.scenario, r.who);
      return [
        r.scenario,
        r.route,
        r.who,
        r.result.requestsPerSecond.toFixed(0),
        r.route === "nginx" && base ? `${(r.result.requestsPerSecond / base).toFixed(1)}×` : "",
        r.result.latency.p50.toFixed(1),
        r.result.latency.p99.toFixed(1),
        hitRatio(r.cache, r.route),
        r.route === "nginx"
          ? Object.entries(r.cache)
              .map(([k, v]) => `${k} ${v}`)
              .join(", ")
          : "",
        String(r.result.non2xx + r.result.errors),
      ];
    }),
  );
  const markdown = `# Pages behind nginx's shared cache — ${date}

\`npm run bench -- cache\` (bench/cache.ts): the shop (\`scripts/start.ts\`, production build, PGlite,
demo catalogue, SHARED_CACHE_SECONDS=${settings.sMaxage}) asked directly over HTTP and through nginx
(TLS, docs/nginx/shop.conf with its proxy_cache), ${settings.connections} connections in a closed loop, ${settings.warmupSeconds} s warm-up
then ${settings.seconds} s per row; product pages and details rotate over ${idCount} products. Requests send
\`Accept-Encoding: gzip, deflate, br\` as a browser does; "signed in" sends the demo customer's session cookie.

Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.platform}, Node ${machine.node}.
Load average before the run: ${machine.loadAverage.map((l) => l.toFixed(2)).join(" / ")} (1 / 5 / 15 min).
**The machine was busy**: other work (other test runs) shared its cores, so the absolute figures are low and
noisy; the ratios between routes measured side by side are what to read.

${table}

Reading it: a visitor's page through nginx is answered from the cache (HIT) except for the first
request of each page and one revalidation per s-maxage; nginx then serves it without the shop's
rendering, so req/s is bounded by nginx and TLS, not by the page. A signed-in customer's pages are
never cached (BYPASS): through nginx they cost what they cost direct, plus the proxy hop.
On a busy machine rows measured a minute apart differ several-fold for the same work (compare the
signed-in rows, direct and through nginx, which do the same rendering): read the visitor rows'
hit ratio and their order of magnitude against direct, not the signed-in rows' differences.
`;
  await writeFile(path.join(RESULTS_DIR, `${name}.md`), markdown);
  await writeFile(
    path.join(RESULTS_DIR, `${name}.json`),
    `${JSON.stringify({ date, settings, machine, rows }, null, 2)}\n`,
  );
  console.log(`written bench/results/${name}.md`);
}
