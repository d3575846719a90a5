import { Form } from "react-router";
import type { ImportActionData } from "#contract/admin-catalogue-file.ts";
import { MAX_CATALOGUE_FILE_BYTES, MAX_CATALOGUE_FILE_LABEL } from "#contract/admin-catalogue-file.ts";
import { useBusy } from "../../form-controls.tsx";
import { AdminPageHeader } from "../admin-layout.tsx";
import { ImportOutcome } from "./import-outcome.tsx";
import { ImportProgressBar } from "./import-progress-bar.tsx";

const section = "rounded-lg border border-gray-200 p-4 dark:border-gray-800";
const button =
  "inline-flex h-11 items-center rounded-lg border border-gray-300 px-4 font-medium text-sm hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800";

/** /admin/catalogue-file: download the catalogue, upload one (docs/back-office/import-export.md). */
export function CatalogueFilePage({ importId, outcome }: { importId: string; outcome?: ImportActionData }) {
  const busy = useBusy();
  const invalidFile = outcome && !outcome.ok && outcome.problems.length > 0;
  return (
    <>
      <AdminPageHeader title="Import & export" />
      <div className="flex max-w-3xl flex-col gap-6">
        <section aria-labelledby="export-heading" className={section}>
          <h2 id="export-heading" className="font-semibold text-lg">
            Download the catalogue
          </h2>
          <p className="mt-1 text-gray-700 text-sm dark:text-gray-300">
            Every product on sale with its sizes, prices, stock and photos, and the categories and brands, in
            the import's format. Archived products are left out. Importing the file into a shop gives the same
            catalogue.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <a href="/admin/catalogue-file/export.json" download className={button}>
              Download JSON
            </a>
            <a href="/admin/catalogue-file/export.csv" download className={button}>
              Download CSV
            </a>
          </div>
        </section>

        <section aria-labelledby="import-heading" className={section}>
          <h2 id="import-heading" className="font-semibold text-lg">
            Import a catalogue file
          </h2>
          <p className="mt-1 text-gray-700 text-sm dark:text-gray-300">
            A JSON or CSV file in the catalogue import format (the same as the downloads; described in{" "}
            <code>docs/catalogue-import.md</code>), up to {MAX_CATALOGUE_FILE_LABEL}. Products are matched by
            slug: new ones are added, the others updated. The import is all or nothing: a file with any
            problem changes nothing, and each problem is listed below with its record and field.
          </p>
          <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-col gap-3">
            <input type="hidden" name="importId" value={importId} />
            <div className="flex flex-col gap-1.5">
              <label htmlFor="catalogue-file" className="font-medium text-sm">
                Catalogue file (JSON or CSV)
              </label>
              <input
                id="catalogue-file"
                name="file"
                type="file"
                required
                accept=".json,.csv,application/json,text/csv"
                aria-invalid={invalidFile || undefined}
                aria-describedby={invalidFile ? "import-problems" : undefined}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  event.currentTarget.setCustomValidity(
                    file && file.size > MAX_CATALOGUE_FILE_BYTES
                      ? `The file is too large: at most ${MAX_CATALOGUE_FILE_LABEL}.`
                      : "",
                  );
                }}
                className="rounded-lg border border-gray-300 bg-white p-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-gray-900 file:px-3 file:py-1.5 file:text-white dark:border-gray-700 dark:bg-gray-900 dark:file:bg-gray-100 dark:file:text-gray-900"
              />
            </div>
            <div>
              <button
                type="submit"
                disabled={busy}
                className="inline-flex h-11 items-center rounded-lg bg-gray-900 px-5 font-semibold text-sm text-white disabled:opacity-60 dark:bg-gray-100 dark:text-gray-900"
              >
                {busy ? "Importing…" : "Import"}
              </button>
            </div>
          </Form>
          <ImportProgressBar />
          {!busy && outcome ? <ImportOutcome outcome={outcome} /> : null}
        </section>
      </div>
    </>
  );
}
