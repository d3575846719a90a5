import { z } from "zod";
import { one } from "./query.ts";

// Importing and exporting the catalogue file from the back office and the staff API
// (docs/back-office/import-export.md). The file itself is contract/catalogue-file.ts.

export const CATALOGUE_FILE_FORMATS = ["json", "csv"] as const;
export type CatalogueFileFormat = (typeof CATALOGUE_FILE_FORMATS)[number];

/**
 * The largest catalogue file the back office and the API take: the export of 100,000 demo products
 * is about 107 MB as JSON and 80 MB as CSV, and must import again. Only the import routes take more
 * than the usual 64 KB body (server/middleware/request-input.ts: LARGE_BODY_ROUTES).
 */
export const MAX_CATALOGUE_FILE_BYTES = 200 * 1024 * 1024;
export const MAX_CATALOGUE_FILE_LABEL = "200 MB";

const formatMessage = "format must be json or csv";

/** GET /catalogue/export?format=json|csv */
export const catalogueExportQuery = z.object({
  format: one("format", z.enum(CATALOGUE_FILE_FORMATS, { message: formatMessage })).default("json"),
});

/** What an import wrote. */
export const catalogueImportResult = z.object({
  categories: z.number().int(),
  subcategories: z.number().int(),
  underSubcategories: z.number().int(),
  brands: z.number().int(),
  products: z.number().int(),
  sizes: z.number().int(),
});
export type CatalogueImportResult = z.infer<typeof catalogueImportResult>;

/** An import's problems: `field` names the record and field, e.g. `products[12] (linen-shirt) sizes[0].price`. */
export const catalogueImportProblem = z.object({ field: z.string(), message: z.string() });
export type CatalogueImportProblem = z.infer<typeof catalogueImportProblem>;

/** What the back office's import page answers: the import's counts, or its problems. */
export type ImportActionData =
  | { ok: true; fileName: string; result: CatalogueImportResult }
  | { ok: false; fileName?: string; message: string; problems: CatalogueImportProblem[] };

/** The page's key for an import's progress: made by the page, sent with the file. */
export const IMPORT_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The form's fields besides the file (the file is read as a File, not a string). */
export const catalogueImportForm = z.object({
  importId: z.string({ message: "importId is required" }).regex(IMPORT_ID_PATTERN, {
    message: "importId must be 16 to 64 letters, digits, '-' or '_'",
  }),
});

/** How far an import has come, as the progress resource answers. */
export const catalogueImportProgress = z.object({
  stage: z.enum(["reading", "checking", "categories", "brands", "products", "done", "failed"]),
  done: z.number().int(),
  total: z.number().int(),
});
export type CatalogueImportProgress = z.infer<typeof catalogueImportProgress>;

/** The file's format from its name or type: `.csv` / `text/csv` is CSV, anything else is JSON. */
export function catalogueFileFormatOf(name: string, type: string): CatalogueFileFormat {
  return /\.csv$/i.test(name) || /^text\/csv\b/i.test(type) ? "csv" : "json";
}
