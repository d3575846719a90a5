import { describe, expect, it } from "vitest";
import { amountToCents, centsToAmount } from "./money.ts";

describe("money", () => {
  it("converts between cents and amounts without float drift", () => {
    expect(centsToAmount(1999)).toBe(19.99);
    expect(amountToCents(19.99)).toBe(1999);
    expect(amountToCents(0.1 + 0.2)).toBe(30);
  });
});
