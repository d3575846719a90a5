import { Form, Link } from "react-router";

/**
 * A table's search box: a GET form, so the search is in the URL and works without JavaScript.
 * The sort is kept; the page starts again at 1.
 */
export function TableSearch({
  q,
  sort,
  label,
  error,
}: {
  q: string;
  sort?: string;
  label: string;
  error?: string;
}) {
  return (
    <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-2">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:max-w-sm">
        <label htmlFor="table-search" className="font-medium text-sm">
          {label}
        </label>
        <input
          id="table-search"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "table-search-error" : undefined}
          className="h-11 rounded-lg border border-gray-300 bg-white px-3 text-base dark:border-gray-700 dark:bg-gray-900"
        />
        {error && (
          <p id="table-search-error" className="text-red-700 text-sm dark:text-red-400">
            {error}
          </p>
        )}
      </div>
      {sort ? <input type="hidden" name="sort" value={sort} /> : null}
      <button type="submit" className="button-primary h-11 px-4">
        Search
      </button>
      {q ? (
        <Link
          to={sort ? `?sort=${encodeURIComponent(sort)}` : "?"}
          className="h-11 px-2 py-2.5 text-sm underline"
        >
          Clear
        </Link>
      ) : null}
    </Form>
  );
}
