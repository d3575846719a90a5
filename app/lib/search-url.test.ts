import { describe, expect, it } from "vitest";
import { effectiveMaxPrice, searchUrl, toggleCategory, toggleRating } from "./search-url.ts";

const A = "aaaaaaaaaaaaaaaaaaaaaaaa";
const B = "bbbbbbbbbbbbbbbbbbbbbbbb";

describe("search URLs", () => {
  it("keeps the term in the path and every filter in the query", () => {
    expect(searchUrl({ term: "red dress", page: 2, minRating: 3, brand: A }, { page: 2 })).toBe(
      `/search/red%20dress?page=2&minRating=3&brand=${A}`,
    );
  });

  it("resets the page to 1 on any filter change", () => {
    expect(searchUrl({ page: 4 }, { minPrice: 10 })).toBe("/search/?page=1&minPrice=10");
  });

  it("clears the levels below a category and toggles the current one off", () => {
    const state = { category: A, subcategory: B, undersubcategory: B, page: 3 };
    expect(toggleCategory(state, B)).toBe(`/search/?page=1&category=${B}`);
    expect(toggleCategory(state, A)).toBe("/search/?page=1");
  });

  it("clears the minimum rating when the current one is chosen again", () => {
    expect(toggleRating({ minRating: 4 }, 4)).toBe("/search/?page=1");
    expect(toggleRating({ minRating: 4 }, 2)).toBe("/search/?page=1&minRating=2");
  });

  it("applies the maximum price only when it is above the minimum", () => {
    expect(effectiveMaxPrice({ minPrice: 50, maxPrice: 20 })).toBeUndefined();
    expect(effectiveMaxPrice({ minPrice: 50, maxPrice: 50 })).toBeUndefined();
    expect(effectiveMaxPrice({ minPrice: 50, maxPrice: 80 })).toBe(80);
    expect(effectiveMaxPrice({ maxPrice: 80 })).toBe(80);
  });
});
