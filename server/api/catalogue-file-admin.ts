import type { Context } from "hono";
import { z } from "zod";
import {
  CATALOGUE_FILE_FORMATS,
  type CatalogueFileFormat,
  catalogueExportQuery,
  catalogueImportResult,
  MAX_CATALOGUE_FILE_LABEL,
} from "#contract/admin-catalogue-file.ts";
import { errorResponse } from "#contract/catalog.ts";
import {
  downloadHeaders,
  downloadStream,
  exportCatalogueFile,
  importCatalogueFile,
} from "#core/catalog/catalogue-file-staff.ts";
import { invalidField } from "#core/errors.ts";
import { defineOperation } from "./operation.ts";

// The catalogue file for staff (docs/back-office/import-export.md): GET /catalogue/export streams it,
// POST /catalogue/import imports one, all or nothing. Only these two API routes take bodies over
// 64 KB (server/middleware/request-input.ts: LARGE_BODY_ROUTES).

const manager = { access: "manager", errorBody: errorResponse } as const;

/** The body's format from its Content-Type: `text/csv` is CSV, `application/json` (or none) JSON. */
function bodyFormat(c: Context): CatalogueFileFormat {
  const type = (c.req.header("content-type") ?? "application/json").split(";")[0]!.trim().toLowerCase();
  if (type === "text/csv") return "csv";
  if (type === "application/json") return "json";
  throw invalidField("Content-Type", "Content-Type must be application/json or text/csv");
}

export const catalogueFileOperations = [
  defineOperation(
    {
      ...manager,
      method: "get",
      path: "/catalogue/export",
      summary: "Download the whole catalogue as an import file (staff)",
      description:
        "Streams every live product (archived ones are left out), with the categories and brands, in the " +
        "import's format (docs/catalogue-import.md): `format=json` (default, `application/json`) or " +
        "`format=csv` (`text/csv`), as an attachment. Importing it into an empty shop gives the same catalogue.",
      query: catalogueExportQuery,
      ok: {
        status: "200",
        description: "The catalogue file (JSON or CSV), streamed.",
        schema: z.string().describe("The catalogue file."),
      },
      fails: {
        "400": `\`format\` is not ${CATALOGUE_FILE_FORMATS.join(" or ")}, or a CSV was asked of a catalogue the CSV form cannot hold (the message names the products).`,
      },
    },
    async (c, { query }, { ctx }) => {
      const download = await exportCatalogueFile(ctx, c.get("staff"), query.format);
      return new Response(downloadStream(download.chunks), {
        status: 200,
        headers: downloadHeaders(download),
      });
    },
  ),
  defineOperation(
    {
      ...manager,
      method: "post",
      path: "/catalogue/import",
      summary: "Import a catalogue file, all or nothing (staff)",
      description:
        "The body is the catalogue file (docs/catalogue-import.md): `Content-Type: application/json` for the " +
        `JSON form or \`text/csv\` for the CSV form, at most ${MAX_CATALOGUE_FILE_LABEL}. Records are matched by slug; ` +
        "a file with any problem imports nothing and the 400 lists every problem in `errors`, each `field` naming " +
        "the record and field (`products[12] (linen-shirt) sizes[0].price`; `line 14 (…)` for CSV).",
      ok: {
        status: "200",
        description: "What was imported, counted.",
        schema: z.object({ data: catalogueImportResult }),
      },
      fails: {
        "400":
          "The file is empty, not JSON or CSV, or has problems: `errors` lists each with its record and field.",
        "413": `The body is over ${MAX_CATALOGUE_FILE_LABEL}.`,
      },
    },
    async (c, _input, { ctx }) => {
      const format = bodyFormat(c);
      const result = await importCatalogueFile(ctx, c.get("staff"), { format, text: await c.req.text() });
      return c.json({ data: result });
    },
  ),
];
