// Lighthouse 12, performance category only, with its defaults: mobile form factor (412×823, Moto G
// Power), simulated throttling (slow 4G, 4× CPU slowdown). Only a summary of each run is kept.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { median } from "../lib/stats.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, type PageTarget } from "./browser.ts";

export interface LighthouseMetrics {
  /** Performance score, 0–100. */
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
}

export interface LighthouseRun extends LighthouseMetrics {
  /** The element Lighthouse took as the largest contentful paint. */
  lcpElement?: string;
  /** Lighthouse's CPU benchmark of this machine during the run (higher is faster). */
  benchmarkIndex: number;
  warnings: string[];
}

export interface LighthouseSummary {
  name: PageTarget["name"];
  path: string | null;
  runs: LighthouseRun[];
  /** Median of each metric over the successful runs (each metric on its own); null when none succeeded. */
  median: LighthouseMetrics | null;
  /** Why Lighthouse could not measure the page: its first failure (`errors` has them all). */
  error?: string;
  errors: string[];
}

const AUDITS = {
  lcpMs: "largest-contentful-paint",
  cls: "cumulative-layout-shift",
  tbtMs: "total-blocking-time",
  fcpMs: "first-contentful-paint",
  speedIndexMs: "speed-index",
} as const;

function lcpElementOf(audit: any): string | undefined {
  // details: a list whose first table holds the LCP element's node.
  const tables = audit?.details?.type === "list" ? audit.details.items : [audit?.details];
  for (const table of tables ?? []) {
    const node = table?.items?.[0]?.node;
    if (node) return String(node.selector ?? node.snippet ?? node.nodeLabel);
  }
  return undefined;
}

async function runOnce(url: string, port: number): Promise<{ run: LighthouseRun; version: string }> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    disableFullPageScreenshot: true,
  });
  if (!result) throw new Error("Lighthouse returned no result");
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) throw new Error("Lighthouse gave no performance score");
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse did not measure ${id}`);
    return value;
  };
  const run: LighthouseRun = {
    score: Math.round(score * 100),
    lcpMs: metric(AUDITS.lcpMs),
    cls: metric(AUDITS.cls),
    tbtMs: metric(AUDITS.tbtMs),
    fcpMs: metric(AUDITS.fcpMs),
    speedIndexMs: metric(AUDITS.speedIndexMs),
    lcpElement: lcpElementOf(lhr.audits["largest-contentful-paint-element"]),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
  };
  return { run, version: lhr.lighthouseVersion };
}

function medians(runs: readonly LighthouseRun[]): LighthouseMetrics | null {
  if (runs.length === 0) return null;
  const of = (key: keyof LighthouseMetrics) => median(runs.map((r) => r[key]));
  return {
    score: of("score"),
    lcpMs: of("lcpMs"),
    cls: of("cls"),
    tbtMs: of("tbtMs"),
    fcpMs: of("fcpMs"),
    speedIndexMs: of("speedIndexMs"),
  };
}

/**
 * `runs` rounds over all the pages (page after page in each round, so a slow spell on the machine
 * touches every page alike) in one Chromium launched by chrome-launcher; Lighthouse clears the cache
 * and storage before each run.
 */
export async function runLighthouse(
  origin: string,
  pages: readonly (PageTarget & { status: number | null })[],
  runs: number,
  serverUp: () => Promise<void>,
): Promise<{ version: string; pages: LighthouseSummary[] }> {
  const summaries: LighthouseSummary[] = pages.map((p) => ({
    name: p.name,
    path: p.path,
    runs: [],
    median: null,
    error: p.path ? undefined : p.error,
    errors: [],
  }));
  let version = "unknown";
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
    logLevel: "silent",
  });
  try {
    for (let round = 1; round <= runs; round++) {
      for (const [i, page] of pages.entries()) {
        const summary = summaries[i]!;
        // A page that is not there (404) fails every run the same way: once is enough.
        if (!page.path || (summary.error && page.status !== 200)) continue;
        const started = performance.now();
        try {
          const { run, version: reported } = await runOnce(new URL(page.path, origin).href, chrome.port);
          version = reported;
          summary.runs.push(run);
          console.log(
            `  ${page.name} run ${round}/${runs}: score ${run.score}, LCP ${Math.round(run.lcpMs)} ms, ` +
              `CLS ${run.cls.toFixed(3)}, TBT ${Math.round(run.tbtMs)} ms ` +
              `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
          );
        } catch (error) {
          // A run that fails because the server is gone ends the benchmark rather than the page.
          await serverUp();
          const message = error instanceof Error ? error.message.split("\n")[0]! : String(error);
          summary.error ??= message;
          summary.errors.push(`run ${round}: ${message}`);
          const skip = page.status !== 200 ? " (remaining runs skipped)" : "";
          console.log(`  ${page.name} run ${round}/${runs}: ${message}${skip}`);
        }
      }
    }
  } finally {
    chrome.kill();
  }
  for (const summary of summaries) summary.median = medians(summary.runs);
  return { version, pages: summaries };
}
