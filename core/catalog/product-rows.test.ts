import { describe, expect, it } from "vitest";
import { displaySize } from "./product-rows.ts";

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
