import { type ReactNode, Suspense } from "react";
import { Await } from "react-router";
import { MessageScreen } from "#app/components/message-screen.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { isPastLastPage, useChangingPage, useGoToLastPage } from "#app/lib/paged-list.ts";

/**
 * The body of a customer's paged list (favorites, orders): its skeleton while another page of it
 * loads or while its data streams in, its failed state when that data fails, else the list.
 */
export function PagedListBody<T>({
  data,
  skeleton,
  failed,
  children,
}: {
  data: T | Promise<T>;
  skeleton: ReactNode;
  failed: ReactNode;
  children: (loaded: T) => ReactNode;
}) {
  // Another page on its way: its skeleton rather than the old page's entries.
  const changingPage = useChangingPage();
  const busy = <div aria-busy="true">{skeleton}</div>;
  if (changingPage) return busy;
  return (
    <Suspense fallback={busy}>
      <Await resolve={data} errorElement={failed}>
        {(loaded) => children(loaded as T)}
      </Await>
    </Suspense>
  );
}

/**
 * One page of a paged list, `children`, over its pagination; the empty message when the list has
 * nothing, and a page past the end (its data streamed in after the document) goes to the last page.
 */
export function PagedList({
  page,
  entries,
  numberOfPages,
  pageUrl,
  emptyTitle,
  children,
}: {
  page: number;
  /** How many entries this page has. */
  entries: number;
  numberOfPages: number;
  pageUrl: (page: number) => string;
  emptyTitle: string;
  children: ReactNode;
}) {
  const pastTheEnd = isPastLastPage(page, entries, numberOfPages);
  useGoToLastPage(pastTheEnd, pageUrl(numberOfPages));
  if (entries === 0 && !pastTheEnd) {
    return (
      <MessageScreen
        image="emptyBox"
        headingLevel={2}
        title={emptyTitle}
        action={{ label: "BACK TO HOME PAGE", to: "/" }}
      />
    );
  }
  return (
    <>
      {children}
      <Pagination current={page} count={numberOfPages} href={pageUrl} />
    </>
  );
}
