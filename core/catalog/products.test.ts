import { describe, expect, it } from "vitest";
import { displaySize, pagination } from "./products.ts";

const size = (name: string, price: number, available: number, position: number) => ({
  size: name,
  price_cents: price,
  available,
  position,
});

describe("displaySize", () => {
  it("shows the cheapest size that is in stock", () => {
    expect(displaySize([size("S", 1000, 0, 0), size("M", 1200, 3, 1), size("L", 1100, 2, 2)])?.size).toBe(
      "L",
    );
  });
  it("shows the cheapest overall when none is in stock", () => {
    expect(displaySize([size("S", 1500, 0, 0), size("M", 1200, 0, 1)])?.size).toBe("M");
  });
  it("breaks price ties by the size's position", () => {
    expect(displaySize([size("L", 1000, 1, 2), size("S", 1000, 1, 0)])?.size).toBe("S");
  });
});

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
