import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QUANTITY_DEBOUNCE_MS } from "#contract/shopping.ts";
import { createQuantityDebounce, type QuantityChange } from "./quantity-debounce.ts";

describe("the cart's quantity debounce", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setUp = () => {
    const sent: QuantityChange<string>[] = [];
    const pending: (number | null)[] = [];
    const debounce = createQuantityDebounce<string>(
      (change) => {
        sent.push(change);
        return undefined;
      },
      QUANTITY_DEBOUNCE_MS,
      (p) => pending.push(p?.quantity ?? null),
    );
    return { sent, pending, debounce };
  };

  it("sends one change with the last value, 500 ms after the last click", () => {
    const { sent, debounce } = setUp();
    debounce.change({ key: "a", quantity: 2, line: "A" });
    vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS - 1);
    debounce.change({ key: "a", quantity: 3, line: "A" });
    vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS - 1);
    debounce.change({ key: "a", quantity: 4, line: "A" });
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS - 1);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ key: "a", quantity: 4, line: "A" }]);
    expect(debounce.pending()).toBeNull();
    vi.advanceTimersByTime(10 * QUANTITY_DEBOUNCE_MS);
    expect(sent).toHaveLength(1);
  });

  it("sends a waiting change at once when another line changes", () => {
    const { sent, debounce } = setUp();
    debounce.change({ key: "a", quantity: 2, line: "A" });
    debounce.change({ key: "b", quantity: 5, line: "B" });
    expect(sent.map((c) => c.key)).toEqual(["a"]);
    vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS);
    expect(sent.map((c) => [c.key, c.quantity])).toEqual([
      ["a", 2],
      ["b", 5],
    ]);
  });

  it("flushes on demand and forgets a cancelled line's change", () => {
    const { sent, pending, debounce } = setUp();
    void debounce.flush();
    expect(sent).toEqual([]);
    debounce.change({ key: "a", quantity: 2, line: "A" });
    void debounce.flush();
    expect(sent).toHaveLength(1);
    debounce.change({ key: "b", quantity: 3, line: "B" });
    debounce.cancel("a");
    expect(debounce.pending()?.key).toBe("b");
    debounce.cancel("b");
    vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS);
    expect(sent).toHaveLength(1);
    expect(pending).toEqual([2, null, 3, null]);
  });

  it("settles a flush when the change's answer is in", async () => {
    let answer!: () => void;
    const debounce = createQuantityDebounce<string>(
      () => new Promise<void>((resolve) => (answer = resolve)),
      QUANTITY_DEBOUNCE_MS,
    );
    debounce.change({ key: "a", quantity: 2, line: "A" });
    let settled = false;
    const flushed = debounce.flush().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    answer();
    await flushed;
    expect(settled).toBe(true);
  });
});
