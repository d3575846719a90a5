import { createHash } from "node:crypto";
import type { CatalogueImportProgress } from "#contract/admin-catalogue-file.ts";

// How far the back office's imports have come, for the page's progress bar
// (docs/back-office/import-export.md#progress). Kept in the memory of the instance that runs the
// import: the bar's polls may reach another instance behind a load balancer, which answers 404 and
// the page keeps its bar indeterminate; the import itself is one transaction and its answer comes
// back on the upload's own request, whatever instance the polls reach. Reading progress needs no
// database query, so a poll is answered while the import holds PGlite's one connection.

interface Entry {
  /** A hash of the session that started the import: only that session may read its progress. */
  owner: string;
  progress: CatalogueImportProgress;
}

/** Imports remembered at once; the oldest is forgotten first. */
const MAX_ENTRIES = 100;
/** How long a finished import's last state stays readable. */
const KEEP_FINISHED_MS = 60_000;

const imports = new Map<string, Entry>();

/** The owner key of a session token (its hash, so the map never holds a usable token). */
export const progressOwner = (sessionToken: string) =>
  createHash("sha256").update(sessionToken).digest("base64url");

export function startImportProgress(importId: string, owner: string): void {
  imports.delete(importId);
  imports.set(importId, { owner, progress: { stage: "reading", done: 0, total: 0 } });
  while (imports.size > MAX_ENTRIES) imports.delete(imports.keys().next().value as string);
}

export function reportImportProgress(importId: string, progress: CatalogueImportProgress): void {
  const entry = imports.get(importId);
  if (entry) entry.progress = progress;
}

export function finishImportProgress(importId: string, stage: "done" | "failed"): void {
  const entry = imports.get(importId);
  if (!entry) return;
  entry.progress = { ...entry.progress, stage };
  setTimeout(() => {
    if (imports.get(importId) === entry) imports.delete(importId);
  }, KEEP_FINISHED_MS).unref();
}

/** The import's progress if `owner` started it, else undefined (as for one this instance never ran). */
export function readImportProgress(importId: string, owner: string): CatalogueImportProgress | undefined {
  const entry = imports.get(importId);
  return entry && entry.owner === owner ? entry.progress : undefined;
}
