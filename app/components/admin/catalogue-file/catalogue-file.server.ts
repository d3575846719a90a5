import { randomBytes } from "node:crypto";
import { data } from "react-router";
import { readCookies } from "#app/lib/cookies.server.ts";
import { formFailure, readForm } from "#app/lib/form-action.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import {
  type CatalogueFileFormat,
  type CatalogueImportProblem,
  catalogueFileFormatOf,
  catalogueImportForm,
  IMPORT_ID_PATTERN,
  type ImportActionData,
} from "#contract/admin-catalogue-file.ts";
import { SESSION_COOKIE } from "#contract/session.ts";
import {
  downloadHeaders,
  downloadStream,
  exportCatalogueFile,
  importCatalogueFile,
} from "#core/catalog/catalogue-file-staff.ts";
import type { CoreContext } from "#core/context.ts";
import { DomainError } from "#core/errors.ts";
import {
  finishImportProgress,
  progressOwner,
  readImportProgress,
  reportImportProgress,
  startImportProgress,
} from "./import-progress.server.ts";

// The /admin/catalogue-file page's server side (docs/back-office/import-export.md): the upload's
// import, the downloads, and the progress the page's bar polls. Each calls the core function the
// staff API calls (core/catalog/catalogue-file-staff.ts).

export const NO_FILE = "Choose a catalogue file (JSON or CSV).";

/** A key for the next import's progress, sent with the form. */
export const newImportId = () => randomBytes(16).toString("base64url");

const owner = (request: Request) => progressOwner(readCookies(request).get(SESSION_COOKIE) ?? "");

function failed(message: string, problems: CatalogueImportProblem[], fileName?: string, status = 400) {
  return data<ImportActionData>({ ok: false, fileName, message, problems }, { status });
}

/** The page's action: the uploaded file imported, all or nothing, with its progress recorded meanwhile. */
export async function importUploadedFile(request: Request, core: CoreContext, publicUrl?: string) {
  const { staff, form } = await staffForm(request, core, "manager", publicUrl);
  const fields = readForm(form, catalogueImportForm);
  if (!fields.ok)
    return failed(fields.failure.message, [{ field: "importId", message: fields.failure.message }]);
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0)
    return failed(NO_FILE, [{ field: "file", message: NO_FILE }]);
  const { importId } = fields.data;
  startImportProgress(importId, owner(request));
  try {
    const result = await importCatalogueFile(
      core,
      staff,
      { format: catalogueFileFormatOf(file.name, file.type), text: await file.text() },
      (progress) => reportImportProgress(importId, progress),
    );
    finishImportProgress(importId, "done");
    return data<ImportActionData>({ ok: true, fileName: file.name, result });
  } catch (error) {
    finishImportProgress(importId, "failed");
    if (error instanceof DomainError && error.kind === "invalid") {
      const problems = error.fields ?? [{ field: "file", message: error.message }];
      const summary =
        problems.length === 1 && problems[0]!.field === "file"
          ? problems[0]!.message
          : `Nothing was imported: the file has ${problems.length === 50 ? "50 or more" : problems.length} problem${problems.length === 1 ? "" : "s"}.`;
      return failed(summary, problems, file.name);
    }
    return formFailure(error, "The import failed; nothing was imported. Please try again.", {
      ok: false as const,
      fileName: file.name,
      problems: [],
    });
  }
}

/** A download of the whole catalogue (a resource route's loader). */
export async function catalogueDownload(request: Request, core: CoreContext, format: CatalogueFileFormat) {
  const staff = await requireStaffPage(request, core, "manager");
  try {
    const download = await exportCatalogueFile(core, staff, format);
    return new Response(downloadStream(download.chunks), { headers: downloadHeaders(download) });
  } catch (error) {
    if (error instanceof DomainError && error.kind === "invalid") {
      return new Response(error.message, {
        status: 400,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    throw error;
  }
}

/**
 * An import's progress for the page's bar: only for the session that started it, on the instance
 * running it; anything else is a 404 (the bar then stays indeterminate).
 */
export function importProgressAnswer(request: Request, importId: string | undefined) {
  const progress =
    importId && IMPORT_ID_PATTERN.test(importId) ? readImportProgress(importId, owner(request)) : undefined;
  return Response.json(progress ?? { message: "No such import here." }, {
    status: progress ? 200 : 404,
    headers: { "Cache-Control": "no-store" },
  });
}
