/**
 * Why the search shows what it shows when its text could not be searched as typed: too long, or
 * no letters or digits (docs/storefront/search.md#odd-input).
 */
export function SearchNotice({ notice }: { notice?: string }) {
  if (!notice) return null;
  return (
    <p
      role="status"
      className="mb-5 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 text-sm dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      {notice}
    </p>
  );
}
