import { type ReactNode, Suspense } from "react";
import { Await } from "react-router";
import { useChangingPage } from "#app/lib/paged-list.ts";

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
