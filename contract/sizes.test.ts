import { describe, expect, it } from "vitest";
import { sameSize, sizeKey } from "./sizes.ts";

describe("sameSize", () => {
  it("matches sizes ignoring case", () => {
    expect(sameSize("m", "M")).toBe(true);
    expect(sameSize("Xl", "xL")).toBe(true);
    expect(sameSize("42", "42")).toBe(true);
  });
  it("tells different sizes apart", () => {
    expect(sameSize("M", "L")).toBe(false);
    expect(sameSize("XL", "L")).toBe(false);
    expect(sameSize("", "S")).toBe(false);
  });
  it("compares in one form", () => {
    expect(sizeKey("xs")).toBe("XS");
  });
});
