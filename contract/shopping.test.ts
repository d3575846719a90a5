import { describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY, maxLineQuantity } from "./shopping.ts";

const line = (quantity: number, freeStock: number) => ({ quantity, product: { quantity: freeStock } });

describe("maxLineQuantity", () => {
  it("offers what the line holds plus the stock still free for it", () => {
    expect(maxLineQuantity(line(2, 3))).toBe(5);
    expect(maxLineQuantity(line(2, 0))).toBe(2);
  });

  it("never offers less than the line holds when the stock is oversold", () => {
    expect(maxLineQuantity(line(2, -4))).toBe(2);
  });

  it("never offers more than a line may hold", () => {
    expect(maxLineQuantity(line(990, 50))).toBe(MAX_LINE_QUANTITY);
  });
});
