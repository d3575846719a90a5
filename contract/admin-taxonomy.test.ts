import { describe, expect, it } from "vitest";
import { isBannerLink, slugFromName } from "./admin-taxonomy.ts";

describe("slugFromName", () => {
  it.each([
    ["Dresses & Skirts", "dresses-and-skirts"],
    ["T-Shirts", "t-shirts"],
    ["  Café Crème  ", "cafe-creme"],
    ["★★★", ""],
    ["a".repeat(130), "a".repeat(120)],
  ])("%s → %s", (name, slug) => expect(slugFromName(name)).toBe(slug));
});

describe("isBannerLink", () => {
  it.each(["/search/?page=1", "/", "https://example.com/sale", "http://example.com"])("takes %s", (link) =>
    expect(isBannerLink(link)).toBe(true),
  );
  it.each([
    "//evil.example",
    "javascript:alert(1)",
    "ftp://x.example",
    "search",
    "/a b",
    "/\\evil",
    "https://",
  ])("refuses %s", (link) => expect(isBannerLink(link)).toBe(false));
});
