import { describe, expect, it } from "vitest";
import { stockLeft, withAdded } from "./use-added-stock.ts";

describe("added stock", () => {
  it("shows the loaded stock while nothing was added", () => {
    expect(stockLeft({}, "M", 5)).toBe(5);
  });
  it("takes off what was added of that size only", () => {
    const added = withAdded({}, "M", 2);
    expect(stockLeft(added, "M", 5)).toBe(3);
    expect(stockLeft(added, "L", 5)).toBe(5);
  });
  it("adds up several additions", () => {
    expect(withAdded(withAdded({}, "M", 2), "M", 1)).toEqual({ M: 3 });
  });
  it("never shows less than none", () => {
    expect(stockLeft({ M: 7 }, "M", 5)).toBe(0);
  });
  it("leaves the earlier count as it was", () => {
    const before = { M: 1 };
    withAdded(before, "M", 1);
    expect(before).toEqual({ M: 1 });
  });
});
