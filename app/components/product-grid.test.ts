import { describe, expect, it } from "vitest";
import { HOME_GRID_LIMITS, RELATED_PRODUCTS_SIZES } from "#app/lib/breakpoints.ts";
import { visibilityClass } from "./product-grid.tsx";

describe("cards hidden per breakpoint", () => {
  it("shows the offers' [8,6,6,8,10,10] cards per width range", () => {
    expect(visibilityClass(0, HOME_GRID_LIMITS)).toBe("");
    expect(visibilityClass(6, HOME_GRID_LIMITS)).toBe("sm:hidden lg:block");
    expect(visibilityClass(8, HOME_GRID_LIMITS)).toBe("hidden xl:block");
  });

  it("shows the related products' [6,6,6,4,5,5]", () => {
    expect(visibilityClass(3, RELATED_PRODUCTS_SIZES)).toBe("");
    expect(visibilityClass(4, RELATED_PRODUCTS_SIZES)).toBe("lg:hidden xl:block");
    expect(visibilityClass(5, RELATED_PRODUCTS_SIZES)).toBe("lg:hidden");
  });
});
