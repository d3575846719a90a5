import { describe, expect, it } from "vitest";
import { PRODUCT_WIDTHS } from "#contract/images.ts";
import { imageSrcSet, sizedImageUrl } from "./images.ts";

describe("imageSrcSet", () => {
  it("lists each width the image server renders, for generated images and uploaded photos", () => {
    for (const url of [
      "/images/products/sneakers/blue/side.webp",
      "/images/products/sneakers/blue/side.avif",
      "/media/products/0123456789abcdef01234567/89abcdef0123456789abcdef.webp",
      "https://bucket.example/products/0123456789abcdef01234567/89abcdef0123456789abcdef.webp",
    ]) {
      expect(imageSrcSet(url), url).toBe(
        PRODUCT_WIDTHS.map((w) => `${sizedImageUrl(url, w)} ${w}w`).join(", "),
      );
    }
    expect(imageSrcSet("/images/categories/men.webp")).toBe(
      "/images/categories/men-200.webp 200w, /images/categories/men-400.webp 400w",
    );
  });

  it("has none for another shop's images", () => {
    expect(imageSrcSet("https://cdn.example/shirt.jpg")).toBeUndefined();
    expect(imageSrcSet("/images/products/a.b/side.webp")).toBeUndefined();
  });
});
