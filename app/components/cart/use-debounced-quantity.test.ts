import { describe, expect, it } from "vitest";
import type { CartItem } from "#contract/shopping.ts";
import { quantityUpdate, shownQuantity } from "./use-debounced-quantity.ts";

const line = (id: string, quantity: number, size: string | null = "M") =>
  ({ _id: id, product: { _id: `p-${id}` }, size, quantity }) as unknown as CartItem;

describe("debounced quantity", () => {
  it("sends the line's new quantity as an update of the cart", () => {
    expect(quantityUpdate(line("a", 1), 3)).toEqual({
      intent: "update",
      productId: "p-a",
      size: "M",
      quantity: "3",
    });
  });
  it("sends an empty size for a product without sizes", () => {
    expect(quantityUpdate(line("a", 1, null), 2)?.size).toBe("");
  });
  it("sends nothing when the quantity is back where it started", () => {
    expect(quantityUpdate(line("a", 2), 2)).toBeNull();
  });
  it("shows the waiting quantity on its own line only", () => {
    const pending = { key: "a", quantity: 4, line: line("a", 1) };
    expect(shownQuantity(pending, line("a", 1))).toBe(4);
    expect(shownQuantity(pending, line("b", 2))).toBe(2);
    expect(shownQuantity(null, line("a", 1))).toBe(1);
  });
});
