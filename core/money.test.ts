import { describe, expect, it } from "vitest";
import { amountToCents, centsToAmount, formatPrice } from "./money.ts";

describe("money", () => {
  it("formats cents with two decimals, a comma and the currency label", () => {
    expect(formatPrice(123450)).toBe("1234,50 USD");
    expect(formatPrice(5)).toBe("0,05 USD");
    expect(formatPrice(1999)).toBe("19,99 USD");
    expect(formatPrice(-250)).toBe("-2,50 USD");
  });

  it("converts between cents and amounts without float drift", () => {
    expect(centsToAmount(1999)).toBe(19.99);
    expect(amountToCents(19.99)).toBe(1999);
    expect(amountToCents(0.1 + 0.2)).toBe(30);
  });
});
