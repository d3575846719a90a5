import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { type Budget, budgetsTable, type HostMachine, markdownTable } from "../lib/report.ts";
import type { PageTarget } from "./browser.ts";
import { type AssetLoad, MAX_SETTLE_MS, type PageBytes, VIEWPORTS, type ViewportBytes } from "./bytes.ts";
import type { LighthouseSummary } from "./lighthouse.ts";

export interface PageInfo extends PageTarget {
  /** Status of a plain GET of the page before measuring; null when it has no path. */
  status: number | null;
}

export interface WebBenchResults {
  benchmark: "web";
  date: string;
  command: string;
  machine: {
    chromium: string;
    lighthouse: string;
  } & HostMachine;
  settings: {
    lighthouseRuns: number;
    port: number;
    viewports: Record<string, { width: number; height: number; deviceScaleFactor: number }>;
    /** Quiet time after load (no request starting or ending) that ends a page's byte count. */
    quietMs: number;
  };
  server: {
    url: string;
    /** Products in the demo catalogue; null if the API did not say. */
    products: number | null;
  };
  /** Seconds spent in each step. */
  timings: { build: number; start: number; bytes: number; lighthouse: number; total: number };
  pages: PageInfo[];
  bytes: PageBytes[];
  lighthouse: LighthouseSummary[];
  budgets: Budget[];
}

/** 1 kB = 1,000 bytes, as Vite prints its build sizes. */
export const PRODUCT_JS_BUDGET_BYTES = 135_000;
export const CSS_BUDGET_BYTES = 20_000;
export const MIN_PERFORMANCE_SCORE = 95;
export const MAX_CLS = 0.02;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value).toLocaleString("en-US")} ms`;

/** Why a page's figures cannot speak for that page, if they cannot. */
function pageProblem(page: PageInfo): string | undefined {
  if (!page.path) return `not measured: ${page.error ?? "no address"}`;
  if (page.status !== 200) return `answered ${page.status ?? "nothing"}: no ${page.name} page yet`;
  return undefined;
}

/** Lighthouse's error, short enough for a table cell (the JSON keeps it whole). */
export function briefError(error: string): string {
  const status = /\(Status code: (\d+)\)/.exec(error);
  const code = /^([A-Z_]+):/.exec(error);
  if (code && status) return `${code[1]} (status ${status[1]})`;
  return error.length > 160 ? `${error.slice(0, 157)}…` : error;
}

/** The viewport that loaded the most (of `pick`), among those that loaded at all. */
function heaviest(
  bytes: PageBytes | undefined,
  pick: (v: ViewportBytes) => number,
): ViewportBytes | undefined {
  const loaded = (bytes?.viewports ?? []).filter((v) => !v.error);
  return loaded.sort((a, b) => pick(b) - pick(a))[0];
}

export function judgeBudgets(
  pages: readonly PageInfo[],
  bytes: readonly PageBytes[],
  lighthouse: readonly LighthouseSummary[],
): Budget[] {
  const budgets: Budget[] = [];
  const verdict = (ok: boolean, page: PageInfo): Pick<Budget, "status" | "note"> => {
    const problem = pageProblem(page);
    return { status: ok && !problem ? "PASS" : "FAIL", note: problem };
  };
  const jsActual = (v: ViewportBytes) =>
    `${kB(v.js.total)} (${v.viewport}: initial ${kB(v.js.initial)} + lazy ${kB(v.js.lazy)}` +
    `${v.js.prefetch > 0 ? ` + prefetch ${kB(v.js.prefetch)}` : ""})`;

  for (const page of pages) {
    const pageBytes = bytes.find((b) => b.name === page.name);
    const js = heaviest(pageBytes, (v) => v.js.total);
    if (page.name === "product") {
      budgets.push({
        name: "product: JavaScript, all the page loads (gzip)",
        limit: `≤ ${kB(PRODUCT_JS_BUDGET_BYTES)}`,
        actual: js ? jsActual(js) : "not measured",
        ...verdict(js !== undefined && js.js.total <= PRODUCT_JS_BUDGET_BYTES, page),
      });
    } else {
      budgets.push({
        name: `${page.name}: JavaScript, all the page loads (gzip)`,
        limit: "no budget",
        actual: js ? jsActual(js) : "not measured",
        status: "INFO",
        note: pageProblem(page),
      });
    }
  }
  for (const page of pages) {
    const css = heaviest(
      bytes.find((b) => b.name === page.name),
      (v) => v.css.total,
    );
    budgets.push({
      name: `${page.name}: CSS (gzip)`,
      limit: `≤ ${kB(CSS_BUDGET_BYTES)}`,
      actual: css ? `${kB(css.css.total)} (${css.viewport})` : "not measured",
      ...verdict(css !== undefined && css.css.total <= CSS_BUDGET_BYTES, page),
    });
  }
  for (const page of pages) {
    const lh = lighthouse.find((l) => l.name === page.name);
    const m = lh?.median;
    // A page that is not there explains the Lighthouse error too. Otherwise the medians of the runs
    // that worked are judged, and failed runs (a measurement problem) are only noted.
    const problem = pageProblem(page);
    const failedRuns =
      lh && lh.errors.length > 0
        ? `${lh.errors.length} Lighthouse run(s) failed: ${briefError(lh.error ?? lh.errors[0]!)}`
        : lh?.error
          ? `Lighthouse: ${briefError(lh.error)}`
          : undefined;
    const note = problem ?? failedRuns;
    budgets.push({
      name: `${page.name}: Lighthouse performance (mobile)`,
      limit: `≥ ${MIN_PERFORMANCE_SCORE}`,
      actual: m ? String(m.score) : "not measured",
      status: m && m.score >= MIN_PERFORMANCE_SCORE && !problem ? "PASS" : "FAIL",
      note,
    });
    budgets.push({
      name: `${page.name}: Cumulative Layout Shift (Lighthouse, mobile)`,
      limit: `≤ ${MAX_CLS}`,
      actual: m ? m.cls.toFixed(3) : "not measured",
      status: m && m.cls <= MAX_CLS && !problem ? "PASS" : "FAIL",
      note,
    });
  }
  return budgets;
}

const statusCell = (status: number | null) =>
  status === null ? "—" : status === 200 ? "200" : `**${status}**`;

export function bytesTable(bytes: readonly PageBytes[]): string {
  const rows: string[][] = [];
  for (const page of bytes) {
    if (page.viewports.length === 0) {
      rows.push([page.name, "—", "—", "not measured", "", "", "", "", "", ""]);
      continue;
    }
    for (const v of page.viewports) {
      if (v.error) {
        rows.push([page.name, v.viewport, statusCell(v.status), `error: ${v.error}`, "", "", "", "", "", ""]);
        continue;
      }
      rows.push([
        page.name,
        `${v.viewport} ${v.width}×${v.height}`,
        statusCell(v.status),
        kB(v.js.initial),
        kB(v.js.lazy),
        kB(v.js.prefetch),
        `**${kB(v.js.total)}**`,
        `**${kB(v.css.total)}**`,
        kB(v.htmlGzipBytes),
        `${v.requests}${v.settled ? "" : " (still busy)"}`,
      ]);
    }
  }
  return markdownTable(
    [
      "Page",
      "Viewport",
      "Status",
      "JS initial",
      "JS lazy",
      "JS prefetch",
      "JS total",
      "CSS",
      "HTML",
      "Requests",
    ],
    rows,
  );
}

export function lighthouseTable(summaries: readonly LighthouseSummary[], pages: readonly PageInfo[]): string {
  const rows = summaries.map((s) => {
    const m = s.median;
    const status = statusCell(pages.find((p) => p.name === s.name)?.status ?? null);
    if (!m)
      return [
        s.name,
        status,
        "0",
        "—",
        "—",
        "—",
        "—",
        "—",
        "—",
        s.error ? `error: ${briefError(s.error)}` : "—",
      ];
    const elements = [...new Set(s.runs.map((r) => r.lcpElement).filter(Boolean))];
    return [
      s.name,
      status,
      s.errors.length > 0 ? `${s.runs.length} of ${s.runs.length + s.errors.length}` : String(s.runs.length),
      `**${m.score}**`,
      ms(m.lcpMs),
      m.cls.toFixed(3),
      ms(m.tbtMs),
      ms(m.fcpMs),
      ms(m.speedIndexMs),
      [
        elements.map((e) => `\`${e}\``).join(", "),
        s.error ? `${s.errors.length} run(s) failed: ${briefError(s.error)}` : "",
      ]
        .filter(Boolean)
        .join("; ") || "—",
    ];
  });
  return markdownTable(
    ["Page", "Status", "Runs", "Score", "LCP", "CLS", "TBT", "FCP", "Speed Index", "LCP element / notes"],
    rows,
  );
}

/** Every JS and CSS file of one page, both viewports merged: where the bytes come from. */
function assetsTable(page: PageBytes): string {
  const byPath = new Map<string, { asset: AssetLoad; where: string[] }>();
  for (const v of page.viewports) {
    for (const asset of v.assets) {
      const entry = byPath.get(asset.path) ?? { asset, where: [] };
      entry.where.push(`${v.viewport}${asset.phase === entry.asset.phase ? "" : ` (${asset.phase})`}`);
      byPath.set(asset.path, entry);
    }
  }
  const order = { initial: 0, lazy: 1, prefetch: 2 };
  const rows = [...byPath.values()]
    .sort(
      (a, b) =>
        a.asset.kind.localeCompare(b.asset.kind) ||
        order[a.asset.phase] - order[b.asset.phase] ||
        b.asset.gzipBytes - a.asset.gzipBytes,
    )
    .map(({ asset, where }) => [
      `\`${asset.path}\``,
      asset.kind,
      asset.phase,
      `${kB(asset.gzipBytes)}${asset.gzipEncoded ? "" : " (sent uncompressed)"}`,
      kB(asset.brBytes),
      kB(asset.rawBytes),
      where.join(", "),
      asset.status === 200 ? "" : String(asset.status),
    ]);
  if (rows.length === 0) return "No JavaScript or CSS loaded.";
  return markdownTable(["File", "Kind", "Loaded", "gzip", "br", "Uncompressed", "Viewports", "Status"], rows);
}

function pageLine(page: PageInfo): string {
  if (!page.path) return `- ${page.name}: **not measured** (${page.error ?? "no address"})`;
  const where = `\`${page.path}\``;
  if (page.status === 200) return `- ${page.name} ${where}: 200`;
  return `- ${page.name} ${where}: **${page.status ?? "no answer"}, no ${page.name} page yet**: its figures below are for what the address serves instead (the not-found page), and its budgets FAIL`;
}

export function renderMarkdown(r: WebBenchResults): string {
  const m = r.machine;
  const benchmarkIndexes = r.lighthouse.flatMap((l) => l.runs.map((run) => run.benchmarkIndex));
  const benchmarkIndex =
    benchmarkIndexes.length > 0
      ? `; Lighthouse benchmarkIndex ${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))}`
      : "";
  const t = r.timings;
  const otherOrigins = [...new Set(r.bytes.flatMap((p) => p.viewports.flatMap((v) => v.otherOrigins)))];
  const viewports = Object.entries(r.settings.viewports)
    .map(([name, v]) => `${name} ${v.width}×${v.height} at ${v.deviceScaleFactor}×`)
    .join(", ");
  return `# Web benchmark, ${r.date.slice(0, 10)}

- Date: ${r.date}
- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.platform}; Node ${m.node}; Chromium ${m.chromium}; Lighthouse ${m.lighthouse}${benchmarkIndex}
- Load average before the run: ${m.loadAverage.map((l) => l.toFixed(2)).join(", ")} (1, 5, 15 min)${(m.loadAverage[0] ?? 0) > m.cores ? ` — **a busy machine (more than ${m.cores} runnable tasks): Lighthouse scores and TBT are pessimistic**` : ""}
- Command: \`${r.command}\`
- Server: \`scripts/start.ts\` on a fresh production build (\`npm run build\`), \`NODE_ENV=production\`, PGlite in a new data directory seeded with the demo catalogue (${r.server.products?.toLocaleString("en-US") ?? "?"} products), at ${r.server.url}
- Time: ${t.total.toFixed(0)} s in all (build ${t.build.toFixed(0)} s, server start and seed ${t.start.toFixed(0)} s, bytes ${t.bytes.toFixed(0)} s, Lighthouse ${t.lighthouse.toFixed(0)} s)

Pages:

${r.pages.map(pageLine).join("\n")}

## Budgets

${budgetsTable(r.budgets)}

Sizes are gzip bytes on the wire (1 kB = 1,000 bytes, as Vite prints them), all the JavaScript or CSS
the page loaded; a size budget is judged on the heavier of the two viewports. Lighthouse figures are
medians of ${r.settings.lighthouseRuns} run(s) on the mobile defaults.

## Bytes (gzip)

${bytesTable(r.bytes)}

- Chromium (Playwright) loads each page in a fresh context (${viewports}),
  waits for \`load\` and network idle, then until no request has started or ended for ${r.settings.quietMs / 1000} s
  ("still busy": it never went quiet within ${MAX_SETTLE_MS / 1000} s). Nothing is clicked, hovered or scrolled.
- Every JavaScript and CSS response from the shop is fetched again with \`Accept-Encoding: gzip\` and
  its body counted as sent (files under 1 kB go uncompressed). The per-file list below also gives br
  (what Chromium really receives from this server) and uncompressed sizes.
- **Initial**: referenced by the HTML (stylesheets, modulepreload links, module scripts, the imports of
  the inline bootstrap script). **Lazy**: fetched later by the page on its own (dynamic imports).
  **Prefetch**: code of other routes (React Router \`<Link prefetch>\`) or \`<link rel="prefetch">\`.
  **The totals and the budgets count all three.**
- Inline scripts and styles are in the HTML column (gzip, rendered per request), which has no budget.
  ${otherOrigins.length > 0 ? `Requests to other origins (not counted): ${otherOrigins.map((o) => `\`${o}\``).join(", ")}.` : "No request went to another origin."}

## Lighthouse (mobile, simulated throttling)

${lighthouseTable(r.lighthouse, r.pages)}

Lighthouse ${m.lighthouse} with its defaults (mobile form factor, simulated slow 4G and 4× CPU
slowdown), performance category only; each metric is the median of its own values over the runs, so
the row need not be one run. TBT and the score depend on the CPU: compare runs on the same machine,
with nothing else running (see the load average above).

## Files per page

${r.bytes
  .map((page) => `### ${page.name}${page.path ? ` \`${page.path}\`` : ""}\n\n${assetsTable(page)}`)
  .join("\n\n")}
`;
}

/** Writes `web-<date>.md` and `.json` side by side; a second run the same day replaces them. */
export async function writeResults(r: WebBenchResults, dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const base = path.join(dir, `web-${r.date.slice(0, 10)}`);
  await writeFile(`${base}.md`, renderMarkdown(r));
  await writeFile(`${base}.json`, `${JSON.stringify(r, null, 2)}\n`);
  return [`${base}.md`, `${base}.json`];
}

/** The viewport settings as recorded in the results. */
export const viewportSettings = Object.fromEntries(
  Object.entries(VIEWPORTS).map(([name, v]) => [
    name,
    { width: v.viewport.width, height: v.viewport.height, deviceScaleFactor: v.deviceScaleFactor },
  ]),
);
