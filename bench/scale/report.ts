import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { LoadResult } from "../lib/load.ts";
import { type Budget, budgetsTable, type HostMachine, markdownTable } from "../lib/report.ts";
import type { Percentiles } from "../lib/stats.ts";
import type { SeedFigures } from "./database.ts";
import type { ScenarioKind } from "./scenarios.ts";

export interface ScenarioFigures {
  name: string;
  kind: ScenarioKind;
  description: string;
  example: string;
  /** Server time one request at a time; null for the bare ceiling (no Server-Timing). */
  sequential: Percentiles | null;
  load: LoadResult;
}

export interface SizeResult {
  products: number;
  seed: SeedFigures;
  facts: Record<string, string | number>;
  scenarios: ScenarioFigures[];
}

export interface ScaleResults {
  benchmark: "scale";
  date: string;
  command: string;
  machine: HostMachine & { postgres: string };
  settings: {
    sizes: number[];
    connections: number;
    seconds: number;
    warmupSeconds: number;
    sequentialRequests: number;
    sequentialMaxSeconds: number;
    poolSize: number;
  };
  buildSeconds: number;
  sizes: SizeResult[];
  budgets?: Budget[];
}

/** Budgets of issue 20: growth 1M ÷ 1k, server time at 1M, the product page against the API detail. */
const GROWTH_LIMIT = 2;
const SERVER_TIME_LIMIT_MS = 15;
const SERVER_TIME_SCENARIOS = /^(list|search|detail)/;
const PAGE_SHARE_LIMIT = 0.5;
const SMALLEST = 1_000;
const LARGEST = 1_000_000;

const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? "–" : n.toFixed(1));
const count = (n: number) => n.toLocaleString("en-US");
const sizeLabel = (n: number) =>
  n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1_000 ? `${n / 1_000}k` : String(n);

function scenarioNames(results: ScaleResults): { name: string; kind: ScenarioKind }[] {
  const seen = new Map<string, ScenarioKind>();
  for (const size of results.sizes) for (const s of size.scenarios) seen.set(s.name, s.kind);
  return [...seen].map(([name, kind]) => ({ name, kind }));
}

function figures(size: SizeResult, name: string): ScenarioFigures | undefined {
  return size.scenarios.find((s) => s.name === name);
}

/** The largest measured size's p95 over the smallest's: what "1M ÷ 1k" says once both are measured. */
function growth(results: ScaleResults, name: string): { ratio: number; label: string } | null {
  const measured = results.sizes.filter((s) => figures(s, name)?.sequential);
  if (measured.length < 2) return null;
  const first = measured[0]!;
  const last = measured.at(-1)!;
  return {
    ratio: figures(last, name)!.sequential!.p95 / figures(first, name)!.sequential!.p95,
    label: `${sizeLabel(last.products)} ÷ ${sizeLabel(first.products)}`,
  };
}

export function judgeBudgets(results: ScaleResults): Budget[] {
  const budgets: Budget[] = [];
  const hasEnds =
    results.sizes.some((s) => s.products === SMALLEST) && results.sizes.some((s) => s.products === LARGEST);
  const largest = results.sizes.at(-1);
  for (const { name, kind } of scenarioNames(results)) {
    if (kind !== "api") continue;
    const g = growth(results, name);
    budgets.push({
      name: `${name}: sequential p95 growth`,
      limit: `1M ÷ 1k ≤ ${GROWTH_LIMIT}×`,
      actual: g ? `${g.label} = ${g.ratio.toFixed(2)}×` : "–",
      status: !g ? "SKIP" : hasEnds ? (g.ratio <= GROWTH_LIMIT ? "PASS" : "FAIL") : "INFO",
      ...(g && !hasEnds ? { note: "judged only on a run with 1k and 1M" } : {}),
    });
  }
  for (const { name, kind } of scenarioNames(results)) {
    if (kind !== "api" || !SERVER_TIME_SCENARIOS.test(name) || !largest) continue;
    const p95 = figures(largest, name)?.sequential?.p95;
    const judged = largest.products === LARGEST;
    budgets.push({
      name: `${name}: sequential server time p95 at 1M`,
      limit: `≤ ${SERVER_TIME_LIMIT_MS} ms`,
      actual: p95 === undefined ? "–" : `${ms(p95)} ms at ${sizeLabel(largest.products)}`,
      status: p95 === undefined ? "SKIP" : judged ? (p95 <= SERVER_TIME_LIMIT_MS ? "PASS" : "FAIL") : "INFO",
      ...(p95 !== undefined && !judged ? { note: "judged only at 1M" } : {}),
    });
  }
  for (const size of results.sizes) {
    const page = figures(size, "page-product");
    const detail = figures(size, "detail");
    if (!page || !detail) continue;
    const share = page.load.requestsPerSecond / detail.load.requestsPerSecond;
    budgets.push({
      name: `anonymous product page req/s ÷ API detail req/s at ${sizeLabel(size.products)}`,
      limit: `≥ ${PAGE_SHARE_LIMIT * 100} %`,
      actual: `${page.load.requestsPerSecond.toFixed(0)} ÷ ${detail.load.requestsPerSecond.toFixed(0)} = ${(share * 100).toFixed(0)} %`,
      status: share >= PAGE_SHARE_LIMIT ? "PASS" : "FAIL",
    });
    // What a render costs when the page cache cannot help (docs/decisions/065-page-cache.md).
    const render = figures(size, "page-product-render");
    if (!render) continue;
    const renderShare = render.load.requestsPerSecond / detail.load.requestsPerSecond;
    budgets.push({
      name: `anonymous product page, rendered for every request, req/s ÷ API detail req/s at ${sizeLabel(size.products)}`,
      limit: `≥ ${PAGE_SHARE_LIMIT * 100} %`,
      actual: `${render.load.requestsPerSecond.toFixed(0)} ÷ ${detail.load.requestsPerSecond.toFixed(0)} = ${(renderShare * 100).toFixed(0)} %`,
      status: "INFO",
      note: "no page cache: the render alone",
    });
  }
  return budgets;
}

function seedTable(results: ScaleResults): string {
  return markdownTable(
    ["Products", "Sizes", "Seed s", "Seed peak RSS MiB", "VACUUM ANALYZE s"],
    results.sizes.map((s) => [
      count(s.products),
      count(s.seed.sizes),
      s.seed.reused ? "reused" : ms(s.seed.seconds ?? undefined),
      s.seed.reused ? "–" : (s.seed.maxRssMiB?.toFixed(0) ?? "–"),
      s.seed.reused ? "–" : ms(s.seed.vacuumSeconds ?? undefined),
    ]),
  );
}

/** One row per scenario: sequential p95 at each size and the growth ratio (the curve at a glance). */
function summaryTable(results: ScaleResults): string {
  const sizes = results.sizes.map((s) => s.products);
  const rows = scenarioNames(results)
    .filter((s) => s.kind !== "ceiling")
    .map(({ name }) => {
      const g = growth(results, name);
      return [
        name,
        ...results.sizes.map((size) => ms(figures(size, name)?.sequential?.p95)),
        g ? `${g.ratio.toFixed(2)}×` : "–",
      ];
    });
  return markdownTable(
    ["Scenario", ...sizes.map((n) => `p95 ms @ ${sizeLabel(n)}`), "largest ÷ smallest"],
    rows,
  );
}

function curveTable(results: ScaleResults, name: string): string {
  return markdownTable(
    [
      "Products",
      "seq. p50 ms",
      "seq. p95 ms",
      "loaded req/s",
      "loaded latency p50/p95 ms",
      "loaded server p95 ms",
      "non-2xx/errors",
    ],
    results.sizes.flatMap((size) => {
      const f = figures(size, name);
      if (!f) return [];
      return [
        [
          count(size.products),
          ms(f.sequential?.p50),
          ms(f.sequential?.p95),
          f.load.requestsPerSecond.toFixed(0),
          `${ms(f.load.latency.p50)} / ${ms(f.load.latency.p95)}`,
          ms(f.load.serverTime?.p95),
          `${f.load.non2xx}/${f.load.errors}`,
        ],
      ];
    }),
  );
}

function pagesTable(size: SizeResult): string {
  const detail = figures(size, "detail");
  const rows = size.scenarios
    .filter((s) => s.kind === "page" || s.name === "detail" || s.kind === "ceiling")
    .map((s) => [
      s.name,
      s.load.requestsPerSecond.toFixed(0),
      `${ms(s.load.latency.p50)} / ${ms(s.load.latency.p95)}`,
      s.sequential ? `${ms(s.sequential.p50)} / ${ms(s.sequential.p95)}` : "–",
      detail ? `${((s.load.requestsPerSecond / detail.load.requestsPerSecond) * 100).toFixed(0)} %` : "–",
    ]);
  return markdownTable(
    ["Scenario", "req/s", "latency p50/p95 ms", "seq. server p50/p95 ms", "req/s ÷ API detail"],
    rows,
  );
}

export function resultsMarkdown(results: ScaleResults): string {
  const m = results.machine;
  const s = results.settings;
  const lines = [
    `# Scale benchmark (${results.date.slice(0, 10)})`,
    "",
    "> **Noisy figures.** This run shared a 2-core machine with other work (see the load average):",
    "> compare sizes within this run and ratios, not absolute figures, and re-run on a quiet machine",
    "> before judging a budget. 1M is not part of this run unless listed below.",
    "",
    `\`${results.command}\``,
    "",
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, PostgreSQL ${m.postgres}, ${m.platform};`,
    `load average before the run ${m.loadAverage.map((l) => l.toFixed(2)).join(" / ")}.`,
    `Settings: sequential ${s.sequentialRequests} requests (at most ${s.sequentialMaxSeconds} s) per scenario;`,
    `loaded ${s.warmupSeconds} s warm-up + ${s.seconds} s at ${s.connections} connections; pool ${s.poolSize}; build ${results.buildSeconds.toFixed(0)} s.`,
    "",
    "## Seed",
    "",
    seedTable(results),
    "",
    "## Sequential server time p95 (Server-Timing app;dur=) by catalogue size",
    "",
    summaryTable(results),
    "",
    "## Budgets",
    "",
    budgetsTable(results.budgets ?? []),
    "",
    "## Curves",
    "",
  ];
  for (const { name } of scenarioNames(results)) {
    const example = results.sizes.map((size) => figures(size, name)).find(Boolean)!;
    lines.push(`### ${name}`, "", `${example.description}. Example: \`${example.example}\``, "");
    lines.push(curveTable(results, name), "");
  }
  lines.push("## Pages beside the API detail and the HTTP ceiling", "");
  for (const size of results.sizes) {
    lines.push(`### ${count(size.products)} products`, "", pagesTable(size), "");
  }
  lines.push("## Catalogue facts", "");
  for (const size of results.sizes) {
    lines.push(
      `- ${count(size.products)}: ${Object.entries(size.facts)
        .map(([k, v]) => `${k} ${v}`)
        .join("; ")}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

export async function writeResults(
  results: ScaleResults,
  dir: string,
  label: string | null,
): Promise<string[]> {
  results.budgets = judgeBudgets(results);
  const base = path.join(dir, `scale-${results.date.slice(0, 10)}${label ? `-${label}` : ""}`);
  await writeFile(`${base}.json`, `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(`${base}.md`, resultsMarkdown(results));
  return [`${base}.json`, `${base}.md`];
}
