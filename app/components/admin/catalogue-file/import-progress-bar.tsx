import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import type { CatalogueImportProgress } from "#contract/admin-catalogue-file.ts";

/** How often the bar asks how far the import has come. */
const POLL_MS = 500;

const STAGE_LABELS: Record<CatalogueImportProgress["stage"], string> = {
  reading: "Reading the file",
  checking: "Checking every record",
  categories: "Writing categories",
  brands: "Writing brands",
  products: "Writing products",
  done: "Finishing",
  failed: "Finishing",
};

/**
 * While the page's upload is in flight, polls its progress (keyed by the form's importId) and shows
 * a bar. The upload itself is a plain form post, so without JavaScript it works the same, without
 * the bar; on another instance than the import's the poll finds nothing and the bar stays
 * indeterminate (docs/back-office/import-export.md#progress).
 */
export function ImportProgressBar() {
  const navigation = useNavigation();
  const importId = navigation.state === "submitting" ? navigation.formData?.get("importId") : null;
  const [progress, setProgress] = useState<CatalogueImportProgress | null>(null);

  useEffect(() => {
    setProgress(null);
    if (typeof importId !== "string") return;
    let stopped = false;
    const poll = async () => {
      try {
        const res = await fetch(`/admin/catalogue-file/progress/${encodeURIComponent(importId)}`);
        if (!stopped && res.ok) setProgress((await res.json()) as CatalogueImportProgress);
      } catch {
        // A missed poll only leaves the bar where it was.
      }
    };
    const timer = setInterval(poll, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [importId]);

  if (typeof importId !== "string") return null;
  const counted = progress && progress.total > 0 && progress.stage === "products";
  const label = progress
    ? `${STAGE_LABELS[progress.stage]}${counted ? `: ${progress.done.toLocaleString("en-US")} of ${progress.total.toLocaleString("en-US")}` : "…"}`
    : "Uploading the file…";
  return (
    <div className="mt-4 flex flex-col gap-1.5" aria-live="polite">
      <label htmlFor="import-progress" className="text-sm">
        {label}
      </label>
      <progress
        id="import-progress"
        className="h-2 w-full"
        {...(counted ? { value: progress.done, max: progress.total } : {})}
      />
    </div>
  );
}
