import { describe, expect, it } from "vitest";
import { documentWords, editDistance, searchDocument, searchWords, wordTsQuery } from "./search.ts";

describe("search words", () => {
  it("keeps only letters and digits so tsquery syntax cannot be injected", () => {
    expect(searchWords("  Blue & JEANS | !'; DROP TABLE products; --")).toEqual([
      "blue",
      "jeans",
      "drop",
      "table",
      "products",
    ]);
    expect(searchWords("Café crème")).toEqual(["cafe", "creme"]);
    expect(wordTsQuery(["blue", "jean"])).toBe("blue:A & jean:A");
    expect(searchWords("T-Shirt v-neck tee")).toEqual(["tshirt", "vneck", "tee"]);
    expect(searchWords("t shirt")).toEqual(["tshirt"]);
    expect(searchWords("red t")).toEqual(["red", "t"]);
  });

  it("adds joined forms of hyphenated words to documents", () => {
    expect(documentWords("Relaxed T-Shirt")).toContain("tshirt");
    expect(searchDocument(["Relaxed T-Shirt", "Northwind"])).toBe("Relaxed T-Shirt Northwind tshirt");
  });

  it("counts a transposition as one edit", () => {
    expect(editDistance("jaens", "jeans")).toBe(1);
    expect(editDistance("hodie", "hoodie")).toBe(1);
    expect(editDistance("shirt", "skirt")).toBe(1);
    expect(editDistance("coat", "boots")).toBe(3);
  });
});
