import type { CatalogueFileFormat, CatalogueImportProgress } from "#contract/admin-catalogue-file.ts";
import { findUnstorableText, unstorableMessage } from "#contract/storable-text.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { CoreContext } from "../context.ts";
import { DomainError, invalidField } from "../errors.ts";
import { requireRole, type Staff } from "../staff/roles.ts";
import { parseCatalogueCsv } from "./catalogue-csv.ts";
import { assertCsvCanHoldCatalogue, catalogueCsvChunks } from "./catalogue-csv-writer.ts";
import { catalogueJsonChunks } from "./catalogue-export.ts";
import { type ImportResult, importCatalogue } from "./import.ts";

// The catalogue file as staff import and export it from the back office and the staff API
// (docs/back-office/import-export.md): the role checked here, each import and export audited.

export interface CatalogueUpload {
  format: CatalogueFileFormat;
  /** The file's text. */
  text: string;
}

const NO_FILE = "Choose a catalogue file (JSON or CSV).";

/** The upload as the import's input: JSON parsed, or CSV turned into the JSON form. */
function readUpload(upload: CatalogueUpload): unknown {
  if (upload.text.trim() === "") throw invalidField("file", NO_FILE);
  let input: unknown;
  if (upload.format === "csv") {
    try {
      input = parseCatalogueCsv(upload.text);
    } catch (error) {
      if (error instanceof DomainError) throw invalidField("file", error.message);
      throw error;
    }
  } else {
    try {
      input = JSON.parse(upload.text);
    } catch (error) {
      throw invalidField("file", `The file is not valid JSON: ${(error as Error).message}`);
    }
    if (typeof input !== "object" || input === null || Array.isArray(input)) {
      throw invalidField("file", "The file must hold a JSON object with categories, brands and products.");
    }
  }
  const unstorable = findUnstorableText(input);
  if (unstorable !== null) throw invalidField(unstorable, unstorableMessage(unstorable));
  return input;
}

/**
 * A CSV file's problems name its lines rather than the JSON form's `products[i]`: the row of
 * product i is line i + 2 (after the header).
 */
function asCsvLines(error: DomainError): DomainError {
  const relabel = (text: string) =>
    text.replace(/\bproducts\[(\d+)\]/g, (_, index: string) => `line ${Number(index) + 2}`);
  return new DomainError(
    error.kind,
    relabel(error.message),
    error.fields?.map((f) => ({ field: relabel(f.field), message: relabel(f.message) })),
  );
}

/**
 * Imports a catalogue file for staff: all or nothing (core/catalog/import.ts), with the audit entry
 * `catalogue.import` (what was written, counted: never the file) in the same transaction.
 * A file with problems throws one `invalid` DomainError whose fields name each record and field.
 */
export async function importCatalogueFile(
  ctx: CoreContext,
  actor: Staff,
  upload: CatalogueUpload,
  onProgress: (progress: CatalogueImportProgress) => void = () => {},
): Promise<ImportResult> {
  requireRole(actor, "manager");
  onProgress({ stage: "reading", done: 0, total: 0 });
  const input = readUpload(upload);
  const products = (input as { products?: unknown }).products;
  onProgress({ stage: "checking", done: 0, total: Array.isArray(products) ? products.length : 0 });
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const result = await importCatalogue(tx, input, { now, onProgress });
      await recordAudit(tx, actor, {
        action: "catalogue.import",
        entity: "catalogue",
        entityId: "catalogue",
        before: null,
        after: { format: upload.format, bytes: Buffer.byteLength(upload.text), ...result },
        at: now,
      });
      return result;
    });
  } catch (error) {
    if (error instanceof DomainError && upload.format === "csv") throw asCsvLines(error);
    throw error;
  }
}

export interface CatalogueDownload {
  filename: string;
  contentType: string;
  chunks: AsyncGenerator<string>;
}

/**
 * The whole catalogue as a file for staff, streamed (core/catalog/catalogue-export.ts). Audited as
 * `catalogue.export` when it starts. A CSV export of a catalogue the CSV form cannot hold is refused
 * before the first byte, naming the products.
 */
export async function exportCatalogueFile(
  ctx: CoreContext,
  actor: Staff,
  format: CatalogueFileFormat,
): Promise<CatalogueDownload> {
  requireRole(actor, "manager");
  if (format === "csv") await assertCsvCanHoldCatalogue(ctx.db);
  const at = ctx.now();
  await recordAudit(ctx.db, actor, {
    action: "catalogue.export",
    entity: "catalogue",
    entityId: "catalogue",
    before: null,
    after: { format },
    at,
  });
  const date = at.toISOString().slice(0, 10);
  return format === "csv"
    ? {
        filename: `catalogue-${date}.csv`,
        contentType: "text/csv; charset=utf-8",
        chunks: catalogueCsvChunks(ctx.db),
      }
    : {
        filename: `catalogue-${date}.json`,
        contentType: "application/json; charset=utf-8",
        chunks: catalogueJsonChunks(ctx.db),
      };
}

/**
 * A download as a byte stream that reads the next chunk only when the client has taken the last
 * (pull), so a slow client holds one page of products in memory, not the catalogue.
 */
export function downloadStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** The headers of a download: an attachment, never cached by a shared cache. */
export function downloadHeaders(download: Pick<CatalogueDownload, "filename" | "contentType">): HeadersInit {
  return {
    "Content-Type": download.contentType,
    "Content-Disposition": `attachment; filename="${download.filename}"`,
    "Cache-Control": "private, no-store",
  };
}
