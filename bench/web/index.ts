import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { budgetsTable, hostMachine } from "../lib/report.ts";
import type { PageTarget } from "./browser.ts";
import { measureBytes, QUIET_MS } from "./bytes.ts";
import { runLighthouse } from "./lighthouse.ts";
import {
  judgeBudgets,
  type PageInfo,
  viewportSettings,
  type WebBenchResults,
  writeResults,
} from "./report.ts";
import { assertServerUp, buildStorefront, startWebServer } from "./server.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = path.join(HERE, "..", "results");
const SEARCH_PATH = "/search/shirt";

interface Settings {
  port: number;
  runs: number;
  keepData: boolean;
}

export const usage = `npm run bench -- web [--port N] [--runs N] [--keep-data]
  --port N      port for the shop under test (default 0: any free port)
  --runs N      Lighthouse runs per page; the median is reported (default 3)
  --keep-data   leave the temporary data directory (PGlite, generated images) in place
  env CHROMIUM_PATH or CHROME_PATH  the Chromium to drive (default /usr/bin/chromium)`;

function wholeNumber(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
}

function parseSettings(argv: string[]): Settings {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string", default: "0" },
      runs: { type: "string", default: "3" },
      "keep-data": { type: "boolean", default: false },
    },
  });
  return {
    port: wholeNumber("port", values.port, 0, 65535),
    runs: wholeNumber("runs", values.runs, 1, 20),
    keepData: values["keep-data"],
  };
}

const seconds = (since: number) => (performance.now() - since) / 1000;

async function getJson(url: string): Promise<any> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

/**
 * The pages to measure: home, a search results page and the best-selling product. Search and product
 * pages may not exist yet (404): they are measured anyway and the report says so.
 */
async function discoverPages(origin: string): Promise<{ pages: PageInfo[]; products: number | null }> {
  let products: number | null = null;
  try {
    const page = await getJson(`${origin}/api/v1/products?limit=1&fields=_id`);
    products = page.paginationResults?.numberOfPages ?? null;
  } catch {
    // Only for the report's header.
  }
  const product: PageTarget = { name: "product", path: null };
  try {
    const best = await getJson(`${origin}/api/v1/products?limit=1&sort=-sold`);
    const id = best.data?.[0]?._id;
    if (typeof id === "string") product.path = `/product/${encodeURIComponent(id)}`;
    else product.error = "GET /api/v1/products?limit=1&sort=-sold returned no product";
  } catch (error) {
    product.error = error instanceof Error ? error.message : String(error);
  }
  const targets: PageTarget[] = [{ name: "home", path: "/" }, { name: "search", path: SEARCH_PATH }, product];
  const pages: PageInfo[] = [];
  for (const target of targets) {
    let status: number | null = null;
    if (target.path) {
      // Also the first render of each page, which warms the server up before anything is measured.
      const response = await fetch(new URL(target.path, origin));
      await response.arrayBuffer();
      status = response.status;
    }
    pages.push({ ...target, status });
  }
  return { pages, products };
}

export async function runWebBenchmark(argv: string[]): Promise<void> {
  const settings = parseSettings(argv);
  const started = performance.now();
  const date = new Date().toISOString();
  const host = hostMachine(); // before the build, so its load average is the machine's own
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "shop-bench-web-"));
  let stopServer: (() => Promise<void>) | undefined;
  try {
    console.log("building the storefront (npm run build)…");
    let since = performance.now();
    await buildStorefront();
    const build = seconds(since);
    console.log(`  built in ${build.toFixed(1)} s`);

    console.log(`starting the shop on ${dataDir} (the first start seeds the demo catalogue)…`);
    since = performance.now();
    const server = await startWebServer(dataDir, settings.port);
    stopServer = server.stop;
    const { pages, products } = await discoverPages(server.url);
    const start = seconds(since);
    console.log(`  ${server.url} ready in ${start.toFixed(1)} s, ${products ?? "?"} products`);
    for (const page of pages)
      console.log(`  ${page.name}: ${page.path ?? "—"} → ${page.status ?? page.error ?? "not measured"}`);

    console.log("bytes: each page in Chromium, mobile and desktop…");
    since = performance.now();
    const bytes = await measureBytes(server.url, pages);
    await assertServerUp(server);
    const bytesSeconds = seconds(since);

    console.log(`Lighthouse: ${settings.runs} run(s) per page, mobile…`);
    since = performance.now();
    const lighthouse = await runLighthouse(server.url, pages, settings.runs, () => assertServerUp(server));
    await assertServerUp(server);
    const lighthouseSeconds = seconds(since);

    const report: WebBenchResults = {
      benchmark: "web",
      date,
      command: ["npm run bench --", ...process.argv.slice(2)].join(" "),
      machine: {
        ...host,
        chromium: bytes.chromium,
        lighthouse: lighthouse.version,
      },
      settings: {
        lighthouseRuns: settings.runs,
        port: settings.port,
        viewports: viewportSettings,
        quietMs: QUIET_MS,
      },
      server: { url: server.url, products },
      timings: {
        build,
        start,
        bytes: bytesSeconds,
        lighthouse: lighthouseSeconds,
        total: seconds(started),
      },
      pages,
      bytes: bytes.pages,
      lighthouse: lighthouse.pages,
      budgets: judgeBudgets(pages, bytes.pages, lighthouse.pages),
    };
    const files = await writeResults(report, RESULTS_DIR);
    console.log(`\n${budgetsTable(report.budgets)}\n`);
    console.log(`written: ${files.map((f) => path.relative(process.cwd(), f)).join(", ")}`);
  } finally {
    await stopServer?.();
    if (settings.keepData) console.log(`data directory kept: ${dataDir}`);
    else await rm(dataDir, { recursive: true, force: true });
  }
}
