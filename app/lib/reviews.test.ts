import { describe, expect, it } from "vitest";
import { asksForReviews, reviewLink, reviewsHref } from "./reviews.ts";

describe("the reviews section's addresses", () => {
  it("keep the product page's other parameters and leave the default order out", () => {
    expect(reviewsHref("/product/p1", "?size=M", "newest", 2)).toBe(
      "/product/p1?size=M&reviewsPage=2#reviews",
    );
    expect(reviewsHref("/product/p1", "?reviewsSort=lowest&reviewsPage=3", "highest", 1)).toBe(
      "/product/p1?reviewsPage=1&reviewsSort=highest#reviews",
    );
  });

  it("ask for the reviews, which the product's own address does not", () => {
    expect(asksForReviews(new URLSearchParams("size=M"))).toBe(false);
    expect(asksForReviews(new URLSearchParams("reviewsPage=1"))).toBe(true);
    expect(asksForReviews(new URLSearchParams("reviewsSort=lowest"))).toBe(true);
  });

  it("lead from the orders page to the form, or to the review written", () => {
    expect(reviewLink("p1", null)).toBe("/product/p1?reviewsPage=1#write-review");
    expect(reviewLink("p1", "r1")).toBe("/product/p1?reviewsPage=1#your-review");
  });
});
