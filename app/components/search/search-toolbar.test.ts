import { describe, expect, it } from "vitest";
import { resultCount } from "./search-toolbar.tsx";

describe("the search's result count", () => {
  it("counts results, one in the singular", () => {
    expect(resultCount(0, false)).toBe("0 results");
    expect(resultCount(1, false)).toBe("1 result");
    expect(resultCount(2345, false)).toBe("2,345 results");
  });
  it("says at least, when the count stopped at its limit", () => {
    expect(resultCount(1000, true)).toBe("1,000+ results");
  });
});
