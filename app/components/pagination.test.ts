import { describe, expect, it } from "vitest";
import { pageItems } from "./pagination.tsx";

describe("pagination without siblings", () => {
  it("shows first, current and last with gaps between", () => {
    expect(pageItems(5, 10)).toEqual([1, "gap", 5, "gap", 10]);
  });
  it("shows a single missing page instead of a gap", () => {
    expect(pageItems(3, 10)).toEqual([1, 2, 3, "gap", 10]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
  });
  it("handles the ends and tiny counts", () => {
    expect(pageItems(1, 10)).toEqual([1, "gap", 10]);
    expect(pageItems(10, 10)).toEqual([1, "gap", 10]);
    expect(pageItems(2, 2)).toEqual([1, 2]);
  });
});
