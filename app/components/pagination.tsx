import { Link } from "react-router";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons.tsx";

/**
 * Pages to show with no siblings (docs/storefront/README.md#pagination): the first, the current and the last, with a gap of
 * one page shown as that page and longer gaps as an ellipsis.
 */
export function pageItems(current: number, count: number): (number | "gap")[] {
  const pages = [...new Set([1, current, count])].filter((p) => p >= 1 && p <= count).sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  for (const p of pages) {
    const last = items.at(-1);
    if (typeof last === "number" && p - last === 2) items.push(last + 1);
    else if (typeof last === "number" && p - last > 2) items.push("gap");
    items.push(p);
  }
  return items;
}

/** Rounded large page buttons, only when there is more than one page (docs/storefront/README.md#pagination). */
export function Pagination({
  current,
  count,
  href,
}: {
  current: number;
  count: number;
  href: (page: number) => string;
}) {
  if (count <= 1) return null;
  const button =
    "grid size-12 place-items-center rounded-full border text-base font-medium transition border-gray-300 hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800";
  const disabled =
    "grid size-12 place-items-center rounded-full border border-gray-200 text-gray-400 dark:border-gray-800 dark:text-gray-600";
  return (
    <nav aria-label="Pagination" className="mt-10 flex justify-center">
      <ul className="flex items-center gap-2">
        <li>
          {current > 1 ? (
            <Link to={href(current - 1)} className={button} aria-label="Go to previous page">
              <ChevronLeftIcon width={20} height={20} />
            </Link>
          ) : (
            <span className={disabled} aria-hidden="true">
              <ChevronLeftIcon width={20} height={20} />
            </span>
          )}
        </li>
        {pageItems(current, count).map((item, i) =>
          item === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, by position
            <li key={`gap-${i}`} className="px-1 text-gray-500" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={href(item)}
                className={`${button} ${item === current ? "border-brand bg-brand text-white hover:bg-brand dark:border-indigo-400 dark:bg-indigo-400 dark:text-gray-950 dark:hover:bg-indigo-400" : ""}`}
                aria-label={item === current ? `Page ${item}, current page` : `Go to page ${item}`}
                aria-current={item === current ? "page" : undefined}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < count ? (
            <Link to={href(current + 1)} className={button} aria-label="Go to next page">
              <ChevronRightIcon width={20} height={20} />
            </Link>
          ) : (
            <span className={disabled} aria-hidden="true">
              <ChevronRightIcon width={20} height={20} />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
