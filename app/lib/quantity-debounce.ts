/** One quantity the shopper chose for one cart line, not yet sent. */
export interface QuantityChange<Line> {
  key: string;
  quantity: number;
  line: Line;
}

/**
 * Debounces the cart page's quantity clicks (docs/storefront/cart.md#quantity: 500 ms after the last click). Clicks on the
 * same line supersede each other, so rapid clicks send one request with the last value. A click on
 * another line sends the waiting change at once instead of dropping it, so the request in flight and
 * the one that waits never name different lines at the same time.
 */
export function createQuantityDebounce<Line>(
  send: (change: QuantityChange<Line>) => Promise<void> | undefined,
  delayMs: number,
  onPendingChange: (pending: QuantityChange<Line> | null) => void = () => {},
) {
  let pending: QuantityChange<Line> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const setPending = (next: QuantityChange<Line> | null) => {
    pending = next;
    onPendingChange(next);
  };

  /**
   * Sends the waiting change now (before checkout, another change of the cart, leaving the page, or
   * another line's change). Settles when its answer is in: a submission that must follow it on the
   * same fetcher waits for that, or it would abort the change before it is even sent.
   */
  const flush = async (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const change = pending;
    if (!change) return;
    setPending(null);
    await send(change);
  };

  return {
    change(change: QuantityChange<Line>) {
      if (pending && pending.key !== change.key) void flush();
      clearTimeout(timer);
      setPending(change);
      timer = setTimeout(() => void flush(), delayMs);
    },
    flush,
    /** Forgets the waiting change of this line (it is being removed). */
    cancel(key: string) {
      if (pending?.key !== key) return;
      clearTimeout(timer);
      timer = undefined;
      setPending(null);
    },
    pending: () => pending,
  };
}

export type QuantityDebounce<Line> = ReturnType<typeof createQuantityDebounce<Line>>;
