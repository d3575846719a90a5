import { describe, expect, it } from "vitest";
import { readPageParam, readSearchPageParams } from "./storefront.ts";

const read = (qs: string) => readSearchPageParams(new URLSearchParams(qs));

describe("search page parameters", () => {
  it("reads every filter of the spec", () => {
    expect(
      read(
        "page=3&minRating=4&minPrice=10&maxPrice=50.5&category=aaaaaaaaaaaaaaaaaaaaaaaa&subcategory=bbbbbbbbbbbbbbbbbbbbbbbb&undersubcategory=cccccccccccccccccccccccc&brand=dddddddddddddddddddddddd",
      ),
    ).toEqual({
      page: 3,
      minRating: 4,
      minPrice: 10,
      maxPrice: 50.5,
      category: "aaaaaaaaaaaaaaaaaaaaaaaa",
      subcategory: "bbbbbbbbbbbbbbbbbbbbbbbb",
      undersubcategory: "cccccccccccccccccccccccc",
      brand: "dddddddddddddddddddddddd",
    });
  });

  it("defaults page to 1 and the minimum rating to 0", () => {
    expect(read("")).toEqual({ page: 1, minRating: 0 });
  });

  it("drops values that make no sense instead of failing the page", () => {
    expect(read("page=-2&minRating=9&minPrice=abc&maxPrice=-1&category=1%20OR%201=1&brand=x")).toEqual({
      page: 1,
      minRating: 0,
    });
  });
});

describe("the page of a paginated list", () => {
  const page = (qs: string) => readPageParam(new URLSearchParams(qs));
  it("reads ?page= and falls back to 1 when it is absent or makes no sense", () => {
    expect(page("page=4")).toBe(4);
    expect(page("page=%202")).toBe(2);
    for (const qs of ["", "page=", "page=0", "page=-3", "page=abc", "page=2.5", "page=99999999999"]) {
      expect(page(qs), qs).toBe(1);
    }
  });
});
