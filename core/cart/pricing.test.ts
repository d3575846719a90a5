import { describe, expect, it } from "vitest";
import { divideRoundingHalfUp, priceCart } from "./pricing.ts";

const settings = { taxRateBasisPoints: 1400, shippingCents: 999, freeShippingThresholdCents: 10_000 };

describe("priceCart", () => {
  it("adds tax and flat shipping below the free-shipping threshold", () => {
    // 2 × 19.99 = 39.98; tax 14 % = 5.5972 → 5.60; shipping 9.99; total 55.57
    expect(priceCart(3998, settings, null)).toEqual({
      itemsCents: 3998,
      taxCents: 560,
      shippingCents: 999,
      totalCents: 5557,
      discountCents: 0,
      totalAfterDiscountCents: 5557,
    });
  });

  it("ships free from the threshold on, comparing the items alone", () => {
    expect(priceCart(9999, settings, null).shippingCents).toBe(999);
    expect(priceCart(10_000, settings, null)).toMatchObject({
      shippingCents: 0,
      taxCents: 1400,
      totalCents: 11_400,
    });
  });

  it("takes the coupon's percent off the total, rounded half up to the cent", () => {
    // items 12.35, tax 1.729 → 1.73, shipping 9.99: total 24.07; 25 % = 6.0175 → 6.02; after 18.05
    expect(priceCart(1235, settings, 25)).toEqual({
      itemsCents: 1235,
      taxCents: 173,
      shippingCents: 999,
      totalCents: 2407,
      discountCents: 602,
      totalAfterDiscountCents: 1805,
    });
    // total 114.00, 10 % = 11.40 exactly
    expect(priceCart(10_000, settings, 10)).toMatchObject({
      discountCents: 1140,
      totalAfterDiscountCents: 10_260,
    });
  });

  it("charges nothing for an empty cart", () => {
    expect(priceCart(0, settings, 10)).toEqual({
      itemsCents: 0,
      taxCents: 0,
      shippingCents: 0,
      totalCents: 0,
      discountCents: 0,
      totalAfterDiscountCents: 0,
    });
  });

  it("rounds exact halves up and everything else to the nearest cent", () => {
    expect(divideRoundingHalfUp(5, 10)).toBe(1); // 0.5 → 1
    expect(divideRoundingHalfUp(4, 10)).toBe(0);
    expect(divideRoundingHalfUp(15, 10)).toBe(2);
    expect(divideRoundingHalfUp(125 * 1400, 10_000)).toBe(18); // 17.5 → 18
    expect(divideRoundingHalfUp(0, 100)).toBe(0);
  });
});
