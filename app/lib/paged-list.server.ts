import { redirect } from "react-router";
import { withinOrStream } from "./deferred.server.ts";
import { isPastLastPage } from "./paged-list.ts";

/**
 * A page of a customer's paged list as its loader answers it: in the document when it is read in
 * time, else streamed (withinOrStream). A page past the end (its last entry was just removed, or
 * an old link) that was read in time redirects to the last page.
 */
export async function pageOrStream<T extends { numberOfPages: number }>(
  page: number,
  read: Promise<T>,
  entries: (loaded: T) => number,
  pageUrl: (page: number) => string,
): Promise<{ data: T | Promise<T> }> {
  const { data } = await withinOrStream(read);
  if (!(data instanceof Promise) && isPastLastPage(page, entries(data), data.numberOfPages)) {
    throw redirect(pageUrl(data.numberOfPages));
  }
  // Wrapped, as withinOrStream's answer is: an async function would wait for a returned promise.
  return { data };
}
