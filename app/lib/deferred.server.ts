/**
 * How long a document may wait for a section's data before streaming it behind the section's
 * skeleton instead. A document whose sections all arrived is painted in one go; React's streamed
 * reveals are timed after the first paint and, in Chromium, can hold it back by a second or more
 * (docs/decisions/011).
 */
export const FIRST_PAINT_WAIT_MS = 150;

/**
 * Data for the top of a page: the value itself when it arrives within `ms` (so the first paint
 * already shows it and it can be the page's largest paint), otherwise the promise, which streams in
 * behind the section's skeleton like any deferred data. Boxed in `{ data }`, because awaiting a
 * promise that resolves to a promise would wait for the inner one too.
 */
export async function withinOrStream<T>(
  promise: Promise<T>,
  ms = FIRST_PAINT_WAIT_MS,
): Promise<{ data: T | Promise<T> }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = Symbol("late");
  const first = await Promise.race([
    promise,
    new Promise<typeof late>((resolve) => {
      timer = setTimeout(() => resolve(late), ms);
    }),
  ]).catch(() => late); // a failure renders through the section's own error element
  clearTimeout(timer);
  return { data: first === late ? promise : (first as T) };
}
