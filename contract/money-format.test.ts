import { describe, expect, it } from "vitest";
import { formatPrice } from "./money-format.ts";

describe("formatPrice", () => {
  it("shows two decimals, a comma and the currency label", () => {
    expect(formatPrice(1234.5)).toBe("1234,50 USD");
    expect(formatPrice(0.05)).toBe("0,05 USD");
    expect(formatPrice(19.99)).toBe("19,99 USD");
    expect(formatPrice(-2.5)).toBe("-2,50 USD");
    expect(formatPrice(0.1 + 0.2)).toBe("0,30 USD");
  });
});
