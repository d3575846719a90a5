import { describe, expect, it } from "vitest";
import { initialSize, truncateWords } from "./product.ts";

const size = (name: string, price: number, quantity: number) => ({
  _id: name,
  size: name,
  price,
  quantity,
  priceBeforeDiscount: price,
  discountPercent: 0,
});

describe("initial size", () => {
  // `size` is what core shows for the product: the cheapest in stock (here M).
  const product = { sizes: [size("S", 20, 0), size("M", 25, 3), size("L", 30, 5)], size: "M" };
  it("takes the size the URL names, in any case", () => {
    expect(initialSize(product, "l")?.size).toBe("L");
  });
  it("otherwise takes the size the catalogue shows for the product", () => {
    expect(initialSize(product, null)?.size).toBe("M");
    expect(initialSize(product, "XXL")?.size).toBe("M");
  });
});

describe("description cut", () => {
  it("keeps 32 words and adds an ellipsis only when longer", () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    expect(truncateWords(words.join(" "))).toBe(`${words.slice(0, 32).join(" ")}…`);
    expect(truncateWords(words.slice(0, 32).join(" "))).toBeNull();
  });
});
