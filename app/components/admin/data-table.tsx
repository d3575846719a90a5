import { type ColumnDef, FlexRender, type RowData, tableFeatures, useTable } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The back office's tables (products, categories, brands, coupons, customers, staff, audit): rows
 * sorted, filtered and paged by the server, with the state in the URL (`sort`, `page`, and each
 * page's filters), so a table is a plain link that works without JavaScript, survives a reload and
 * can be shared. TanStack Table lays out the headers and cells; it sorts nothing itself, since the
 * rows are one page of a query (docs/decisions/038-back-office-pages.md).
 */
const features = tableFeatures({});

/** What a column may carry besides TanStack's own definition. */
export interface AdminColumnMeta {
  /** The `sort` value that orders the rows by this column (ascending; `-` + it for descending). */
  sortKey?: string;
  /** Right-aligned (numbers, money). */
  numeric?: boolean;
}

export type AdminColumn<Row extends RowData> = ColumnDef<typeof features, Row, unknown> & {
  meta?: AdminColumnMeta;
};

export interface DataTableProps<Row extends RowData> {
  /** Names the table for screen readers (a visually hidden caption). */
  caption: string;
  columns: AdminColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The current URL's search parameters: sort and page links keep every other one. */
  search: URLSearchParams;
  /** The rows' order as the URL has it (`title`, `-createdAt`…). */
  sort: string;
  page: number;
  numberOfPages: number;
  /** How many rows match, over all pages. */
  total: number;
  /** Shown instead of the table when no row matches. */
  empty?: ReactNode;
}

/** The URL of this page with some search parameters changed (undefined removes one). */
export function withParams(search: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === "") next.delete(name);
    else next.set(name, value);
  }
  const query = next.toString();
  return query ? `?${query}` : "?";
}

function SortLink({
  label,
  sortKey,
  sort,
  search,
}: {
  label: ReactNode;
  sortKey: string;
  sort: string;
  search: URLSearchParams;
}) {
  const ascending = sort === sortKey;
  const descending = sort === `-${sortKey}`;
  const next = ascending ? `-${sortKey}` : sortKey;
  return (
    <Link
      to={withParams(search, { sort: next, page: undefined })}
      className="inline-flex items-center gap-1 hover:underline"
      preventScrollReset
    >
      {label}
      <span aria-hidden="true" className="text-gray-400 text-xs">
        {ascending ? "▲" : descending ? "▼" : "↕"}
      </span>
      <span className="sr-only">
        {ascending
          ? ", sorted ascending; sort descending"
          : descending
            ? ", sorted descending; sort ascending"
            : ", sort"}
      </span>
    </Link>
  );
}

export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { caption, columns, rows, rowKey, search, sort, page, numberOfPages, total, empty } = props;
  const table = useTable<typeof features, Row>({ features, columns, data: rows, getRowId: rowKey });
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-gray-200 p-6 text-center text-gray-600 dark:border-gray-800 dark:text-gray-400">
        {empty ?? "Nothing matches."}
      </p>
    );
  }
  return (
    <div>
      {/* On a phone the table scrolls sideways, so the keyboard must be able to reach it (WCAG 2.1.1). */}
      <section
        className="relative overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-800"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
        tabIndex={0}
        aria-label={caption}
      >
        <table className="admin-table w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-gray-50 text-gray-700 dark:bg-gray-900 dark:text-gray-300">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta as AdminColumnMeta | undefined;
                  const sortKey = meta?.sortKey;
                  const label = header.isPlaceholder ? null : <FlexRender header={header} />;
                  const ariaSort =
                    sortKey && sort === sortKey
                      ? "ascending"
                      : sortKey && sort === `-${sortKey}`
                        ? "descending"
                        : undefined;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={ariaSort}
                      className={`px-3 py-2 font-semibold ${meta?.numeric ? "text-right" : ""}`}
                    >
                      {sortKey ? (
                        <SortLink label={label} sortKey={sortKey} sort={sort} search={search} />
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="hover:bg-gray-50 dark:hover:bg-gray-900/60">
                {row.getAllCells().map((cell) => {
                  const meta = cell.column.columnDef.meta as AdminColumnMeta | undefined;
                  return (
                    <td
                      key={cell.id}
                      className={`px-3 py-2 align-top ${meta?.numeric ? "text-right tabular-nums" : ""}`}
                    >
                      <FlexRender cell={cell} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <TablePages search={search} page={page} numberOfPages={numberOfPages} total={total} />
    </div>
  );
}

function TablePages({
  search,
  page,
  numberOfPages,
  total,
}: {
  search: URLSearchParams;
  page: number;
  numberOfPages: number;
  total: number;
}) {
  const linkClass =
    "rounded border border-gray-300 px-3 py-1 hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800";
  return (
    <nav aria-label="Table pages" className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-gray-600 dark:text-gray-400">
        {total.toLocaleString("en-US")} {total === 1 ? "row" : "rows"} · page {page} of{" "}
        {Math.max(numberOfPages, 1)}
      </p>
      <div className="flex gap-2">
        {page > 1 && (
          <Link
            className={linkClass}
            to={withParams(search, { page: page - 1 === 1 ? undefined : String(page - 1) })}
          >
            Previous
          </Link>
        )}
        {page < numberOfPages && (
          <Link className={linkClass} to={withParams(search, { page: String(page + 1) })}>
            Next
          </Link>
        )}
      </div>
    </nav>
  );
}
