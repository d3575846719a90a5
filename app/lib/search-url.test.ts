import { describe, expect, it } from "vitest";
import { searchTerm } from "#contract/storefront.ts";
import {
  effectiveMaxPrice,
  MAX_SEARCH_TEXT,
  priceProblem,
  readSearchText,
  searchUrl,
  toggleCategory,
  toggleRating,
} from "./search-url.ts";

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

describe("prices shown as they are (docs/storefront/search.md#odd-input)", () => {
  it("accepts empty fields and prices from 0 to the contract's maximum, in order", () => {
    expect(priceProblem("", "", true)).toBeUndefined();
    expect(priceProblem("0", "1000000", true)).toBeUndefined();
    expect(priceProblem("50", "50", false)).toBeUndefined();
  });

  it("says a price is out of range and which one the results ignore", () => {
    expect(priceProblem("99999999", "", true)).toEqual({
      text: "Prices go from $0 to $1,000,000. Results ignore the minimum price.",
      fields: ["minimum"],
    });
    expect(priceProblem("-5", "abc", true)?.text).toBe(
      "Prices go from $0 to $1,000,000. Results ignore both prices.",
    );
  });

  it("says a minimum above the maximum is wrong; typed prices keep the last valid filter", () => {
    expect(priceProblem("200", "100", true)).toEqual({
      text: "Minimum price must not be above the maximum. Results ignore the maximum price.",
      fields: ["minimum", "maximum"],
    });
    expect(priceProblem("200", "100", false)?.text).toBe(
      "Minimum price must not be above the maximum. Results keep the last valid price filter.",
    );
  });
});

describe("search text (docs/storefront/search.md#odd-input)", () => {
  it("searches ordinary text as it is", () => {
    expect(readSearchText("  red dress ")).toEqual({ term: "red dress" });
    expect(readSearchText(undefined)).toEqual({});
    expect(readSearchText("   ")).toEqual({});
  });

  it("searches the first characters of over-long text, and says so", () => {
    const { term, notice } = readSearchText("dress ".repeat(500));
    expect(term).toBe("dress ".repeat(500).slice(0, MAX_SEARCH_TEXT).trim());
    expect(notice).toBe("Search text can be at most 200 characters: showing results for its first 200.");
  });

  it("keeps the limit the storefront's term parser and the API use", () => {
    expect(searchTerm.parse("a".repeat(MAX_SEARCH_TEXT))).toBeDefined();
    expect(searchTerm.parse("a".repeat(MAX_SEARCH_TEXT + 1))).toBeUndefined();
  });

  it("does not search text without letters or digits, and says so", () => {
    expect(readSearchText("%%%")).toEqual({
      notice: "Search text needs letters or digits: showing all products instead.",
    });
    expect(readSearchText("été")).toEqual({ term: "été" });
    expect(readSearchText("42")).toEqual({ term: "42" });
  });
});
