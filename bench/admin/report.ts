// The admin benchmark's results files: bench/results/admin-<date>.md (readable) and .json (every figure).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Budget, budgetsTable, type HostMachine, markdownTable } from "../lib/report.ts";
import type { EditRound } from "./scenarios.ts";

const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "results");

export interface AdminReport {
  date: string;
  command: string;
  machine: HostMachine;
  options: { products: number; importProducts: number; rounds: number };
  seedSeconds: number | null;
  edit: {
    rounds: EditRound[];
    pass: boolean;
    editMsMedian: number;
    apiMsMedian: number;
    pageMsMedian: number;
  };
  import: { products: number; sizes: number; csvMB: number; seconds: number; idleMB: number; peakMB: number };
  exports: {
    format: string;
    megabytes: number;
    lines: number;
    seconds: number;
    idleMB: number;
    peakMB: number;
  }[];
}

/** Peak over idle that the export may take: a page of products, not the catalogue. */
const EXPORT_MEMORY_BUDGET_MB = 64;

function budgets(report: AdminReport): Budget[] {
  return [
    {
      name: "An edit on A shows at B's very next API read and product page",
      limit: "every round",
      actual: `${report.edit.rounds.filter((r) => r.apiShowsEdit && r.pageShowsEdit).length} of ${report.edit.rounds.length}`,
      status: report.edit.pass ? "PASS" : "FAIL",
    },
    ...report.exports.map(
      (e): Budget => ({
        name: `Export (${e.format}): peak memory over idle`,
        limit: `≤ ${EXPORT_MEMORY_BUDGET_MB} MB`,
        actual: `${e.peakMB - e.idleMB} MB (file ${e.megabytes.toFixed(1)} MB)`,
        status: e.peakMB - e.idleMB <= EXPORT_MEMORY_BUDGET_MB ? "PASS" : "FAIL",
      }),
    ),
    {
      name: `CSV import of ${report.import.products} products`,
      limit: "time and memory recorded",
      actual: `${report.import.seconds.toFixed(1)} s, +${report.import.peakMB - report.import.idleMB} MB`,
      status: "INFO",
    },
  ];
}

export async function writeAdminReport(report: AdminReport, smoke: boolean): Promise<string> {
  const name = `admin-${report.date.slice(0, 10)}${smoke ? "-smoke" : ""}`;
  const m = report.machine;
  const ms = (n: number) => `${Math.round(n)} ms`;
  const markdown = `# Admin benchmark, ${report.date.slice(0, 10)}${smoke ? " (smoke run)" : ""}

- Date: ${report.date}
- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.platform}; Node ${m.node}
- Load average before the run: ${m.loadAverage.map((l) => l.toFixed(2)).join(", ")} (1, 5, 15 min)
- Command: \`${report.command}\`
- Catalogue: ${report.options.products.toLocaleString("en-US")} demo products (seed 1) on PostgreSQL${report.seedSeconds === null ? " (reused)" : `, seeded in ${report.seedSeconds.toFixed(1)} s`}
- Servers: two instances of \`scripts/start.ts\` (production build, pool of 10 each) on the one database, in child processes. Memory is a server's resident set: its kernel-recorded peak (VmHWM, reset just before each measurement) against its resident set at that moment ("idle").

## (a) A product edit on instance A, read on instance B

The edit is \`PUT /api/v1/products/{id}\` on A with the product's record in the catalogue file's shape (bench/admin/scenarios.ts \`editProduct\`). Right after A answers, B's first \`GET /api/v1/products/{id}\` and first \`/product/{id}\` page are checked for the new title (B read both just before the edit, so nothing on B was cold).

${markdownTable(
  ["Round", "Edit on A", "B: API read", "B: page", "API shows edit", "Page shows edit"],
  report.edit.rounds.map((r, i) => [
    String(i + 1),
    ms(r.editMs),
    ms(r.apiMs),
    ms(r.pageMs),
    r.apiShowsEdit ? "yes" : "NO",
    r.pageShowsEdit ? "yes" : "NO",
  ]),
)}

Median: edit ${ms(report.edit.editMsMedian)}, B's API read ${ms(report.edit.apiMsMedian)}, B's page ${ms(report.edit.pageMsMedian)}.

## (b) CSV import through the staff API

${markdownTable(
  ["Products", "Sizes", "CSV", "Time", "A idle RSS", "A peak RSS", "Peak − idle"],
  [
    [
      report.import.products.toLocaleString("en-US"),
      report.import.sizes.toLocaleString("en-US"),
      `${report.import.csvMB.toFixed(1)} MB`,
      `${report.import.seconds.toFixed(1)} s`,
      `${report.import.idleMB} MB`,
      `${report.import.peakMB} MB`,
      `+${report.import.peakMB - report.import.idleMB} MB`,
    ],
  ],
)}

## (c) Export of the whole catalogue (streamed, from B)

${markdownTable(
  ["Format", "Size", "Lines", "Time", "B idle RSS", "B peak RSS", "Peak − idle"],
  report.exports.map((e) => [
    e.format,
    `${e.megabytes.toFixed(1)} MB`,
    e.lines.toLocaleString("en-US"),
    `${e.seconds.toFixed(1)} s`,
    `${e.idleMB} MB`,
    `${e.peakMB} MB`,
    `+${e.peakMB - e.idleMB} MB`,
  ]),
)}

## Budgets

${budgetsTable(budgets(report))}
`;
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(path.join(RESULTS_DIR, `${name}.md`), markdown);
  await writeFile(
    path.join(RESULTS_DIR, `${name}.json`),
    `${JSON.stringify({ ...report, budgets: budgets(report) }, null, 2)}\n`,
  );
  return path.join("bench/results", `${name}.md`);
}
