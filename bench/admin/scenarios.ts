// The admin benchmark's three measurements (bench/admin/index.ts): a product edit seen on another
// instance, a 10,000-product CSV import, and the export of the whole catalogue.
import { readFile, writeFile } from "node:fs/promises";
import pg from "pg";
import { CSV_COLUMNS } from "#core/catalog/catalogue-csv.ts";
import { csvLine, productCsvRow, taxonomyLookup } from "#core/catalog/catalogue-csv-writer.ts";
import { type ExportedProduct, readExportPage } from "#core/catalog/catalogue-export.ts";
import { openDatabase } from "#db/client.ts";
import { generateCatalogue } from "#demo/generate.ts";
import type { RunningChild } from "../lib/child.ts";
import { median } from "../lib/stats.ts";

/** The server's resident memory now and its peak since the last reset (VmHWM), in MB. */
export async function memoryOf(pid: number): Promise<{ rssMB: number; peakMB: number }> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rssMB: Math.round(kb("VmRSS") / 1024), peakMB: Math.round(kb("VmHWM") / 1024) };
}

/** Runs `work` and reports the server's resident memory before and its peak during it. */
export async function withPeakMemory<T>(
  server: RunningChild,
  work: () => Promise<T>,
): Promise<{ value: T; seconds: number; idleMB: number; peakMB: number }> {
  await writeFile(`/proc/${server.pid}/clear_refs`, "5"); // resets VmHWM to the current RSS
  const idleMB = (await memoryOf(server.pid)).rssMB;
  const started = performance.now();
  const value = await work();
  const seconds = (performance.now() - started) / 1000;
  return { value, seconds, idleMB, peakMB: (await memoryOf(server.pid)).peakMB };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

// ---------------------------------------------------------------- (a) an edit seen on another instance

/**
 * The edit, as staff make it: `PUT /api/v1/products/{id}` on instance A with the product's record in
 * the catalogue file's shape (docs/back-office/products.md#api).
 */
export async function editProduct(
  base: string,
  token: string,
  id: string,
  record: ExportedProduct,
): Promise<number> {
  const res = await fetch(`${base}/api/v1/products/${id}`, {
    method: "PUT",
    headers: { ...auth(token), "content-type": "application/json" },
    body: JSON.stringify(record),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`the edit answered ${res.status}: ${body.slice(0, 300)}`);
  return res.status;
}

/** One product's record in the catalogue file's shape, as the export writes it. */
async function productRecord(benchUrl: string, productId: string): Promise<ExportedProduct> {
  const handle = await openDatabase({ url: benchUrl, poolSize: 2 });
  try {
    const before = (await handle.db.execute(
      `SELECT max(id) AS id FROM products WHERE id < '${productId}'`,
    )) as unknown as { rows: { id: string | null }[] };
    const { products } = await readExportPage(handle.db, before.rows[0]?.id ?? null, 1);
    return products[0]!;
  } finally {
    await handle.close();
  }
}

export interface EditRound {
  title: string;
  editMs: number;
  /** The first GET /products/{id} and product page on the other instance, right after the edit answered. */
  apiMs: number;
  pageMs: number;
  apiShowsEdit: boolean;
  pageShowsEdit: boolean;
}

/**
 * Each round: B reads the product (so anything B might cache is warm), A edits its title and price,
 * and the very next API read and product page on B must show the new title.
 */
export async function editVisibility(
  benchUrl: string,
  a: RunningChild,
  b: RunningChild,
  token: string,
  rounds: number,
): Promise<EditRound[]> {
  const ids = (
    await queryOnce<{ id: string }>(
      benchUrl,
      "SELECT id FROM products WHERE archived_at IS NULL ORDER BY sold DESC, id LIMIT 1",
    )
  ).map((r) => r.id);
  const id = ids[0]!;
  const product = await productRecord(benchUrl, id);
  const results: EditRound[] = [];
  for (let round = 1; round <= rounds; round++) {
    await (await fetch(`${b.url}/api/v1/products/${id}`)).arrayBuffer();
    await (await fetch(`${b.url}/product/${id}`)).arrayBuffer();
    const title = `${product.title.replace(/ \(edit \d+\)$/, "")} (edit ${Date.now()})`;
    const edited = { ...product, title };
    const started = performance.now();
    await editProduct(a.url, token, id, edited);
    const editMs = performance.now() - started;
    const apiStarted = performance.now();
    const api = (await (await fetch(`${b.url}/api/v1/products/${id}`)).json()) as { data: { title: string } };
    const apiMs = performance.now() - apiStarted;
    const pageStarted = performance.now();
    const page = await (await fetch(`${b.url}/product/${id}`)).text();
    const pageMs = performance.now() - pageStarted;
    results.push({
      title,
      editMs,
      apiMs,
      pageMs,
      apiShowsEdit: api.data.title === title,
      pageShowsEdit: page.includes(title) || page.includes(escapeHtml(title)),
    });
  }
  return results;
}

/** As React writes text into HTML. */
const escapeHtml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

export const roundsSummary = (rounds: EditRound[]) => ({
  pass: rounds.every((r) => r.apiShowsEdit && r.pageShowsEdit),
  editMsMedian: median(rounds.map((r) => r.editMs)),
  apiMsMedian: median(rounds.map((r) => r.apiMs)),
  pageMsMedian: median(rounds.map((r) => r.pageMs)),
});

async function queryOnce<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- (b) a 10,000-product CSV import

/**
 * A CSV of `count` demo products under their own slugs (`bench-import-…`), so the import adds them
 * beside the seeded catalogue rather than updating it.
 */
export function importCsv(count: number): string {
  const file = generateCatalogue({ products: count, seed: 2, now: new Date("2026-11-01T00:00:00Z") });
  const lookup = taxonomyLookup({ categories: file.categories ?? [], brands: file.brands ?? [] });
  const rows = (file.products ?? []).map((p) =>
    productCsvRow(
      {
        ...p,
        slug: `bench-import-${p.slug}`,
        group: p.group ? `bench-import-${p.group}` : undefined,
      } as ExportedProduct,
      lookup,
    ),
  );
  return csvLine([...CSV_COLUMNS]) + rows.join("");
}

export async function importThroughApi(base: string, token: string, csv: string) {
  const res = await fetch(`${base}/api/v1/catalogue/import`, {
    method: "POST",
    headers: { ...auth(token), "content-type": "text/csv" },
    body: csv,
  });
  const body = (await res.json()) as { data?: { products: number; sizes: number }; message?: string };
  if (res.status !== 200)
    throw new Error(`the import answered ${res.status}: ${body.message?.slice(0, 300)}`);
  return body.data!;
}

// ---------------------------------------------------------------- (c) the export

/** Downloads the export, counting bytes and records as they stream (never holding the file). */
export async function exportThroughApi(base: string, token: string, format: "json" | "csv") {
  const res = await fetch(`${base}/api/v1/catalogue/export?format=${format}`, {
    headers: { ...auth(token), "accept-encoding": "identity" },
  });
  if (res.status !== 200 || !res.body) throw new Error(`the export answered ${res.status}`);
  let bytes = 0;
  let lines = 0;
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    const text = decoder.decode(chunk, { stream: true });
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines++;
  }
  return { bytes, lines };
}
