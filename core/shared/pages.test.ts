import { describe, expect, it } from "vitest";
import { pagination, pickFields } from "./pages.ts";

describe("pagination", () => {
  it("gives next and previous pages only when they exist", () => {
    expect(pagination({ page: 1, limit: 10 }, 25)).toEqual({
      currentPage: 1,
      limit: 10,
      numberOfPages: 3,
      nextPage: 2,
    });
    expect(pagination({ page: 3, limit: 10 }, 25)).toEqual({
      currentPage: 3,
      limit: 10,
      numberOfPages: 3,
      prevPage: 2,
    });
    expect(pagination({ page: 1, limit: 10 }, 0)).toEqual({ currentPage: 1, limit: 10, numberOfPages: 0 });
  });
});

describe("pickFields", () => {
  it("keeps the id and the fields asked for", () => {
    expect(pickFields({ _id: "a", title: "T", price: 3 }, ["price"])).toEqual({ _id: "a", price: 3 });
  });
});
