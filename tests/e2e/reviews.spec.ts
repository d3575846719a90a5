import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { type StoryReviewBuyer, storyReviewBuyerId, storyReviewProductId } from "./story-review-buyers.ts";
import { DEMO, logIn, setTheme } from "./support.ts";

// docs/storefront/reviews-on-the-product-page.md: reviews from customers who have received the
// product. Each story has its own product and buyers (story-review-buyers.ts), so the figures it checks
// are its own.

const reviews = (page: Page) => page.locator("#reviews");
const histogram = (page: Page, stars: number) => reviews(page).getByTestId(`histogram-${stars}`);

/** The visible star of a rating radio (the radio itself is drawn by its label). */
const starLabel = (scope: Locator, stars: number) =>
  scope.locator("label").filter({ hasText: stars === 1 ? "1 star" : `${stars} stars` });

/** Fills the review form (rating by its radio's label, as a keyboard or screen reader user picks it). */
async function fillReview(
  page: Page,
  form: { rating: number; title: string; text: string; fit: "Runs small" | "True to size" | "Runs large" },
) {
  const scope = reviews(page);
  // The section's code and its forms' arrive after the page has hydrated: typing into the server's
  // markup while they hydrate can be lost.
  await page.waitForLoadState("networkidle");
  await starLabel(scope, form.rating).click();
  await scope.getByLabel("Title").fill(form.title);
  await scope.getByLabel("Review", { exact: true }).fill(form.text);
  await scope.locator("label").filter({ hasText: form.fit }).click();
  await expect(scope.getByRole("radio", { name: form.fit })).toBeChecked();
  await expect(
    scope.getByRole("radio", { name: `${form.rating} star${form.rating === 1 ? "" : "s"}` }),
  ).toBeChecked();
}

/** The product in the search results for its own title with a minimum rating (the storefront's filter). */
async function inSearch(page: Page, title: string, productId: string, minRating: number) {
  await page.goto(`/search/${encodeURIComponent(title)}?page=1&minRating=${minRating}`);
  return page.locator(`main a[href="/product/${productId}"]`).count();
}

// The short review below is refused on blur, and its message appears under the field: the fit
// chips come before it (review-forms.tsx), so that message never moves a chip being clicked.
test("a buyer writes a review from the orders page, sees it first as theirs, and the product's figures and search follow", async ({
  page,
  context,
}) => {
  test.slow(); // writes, then checks the search twice
  const key: StoryReviewBuyer = "writer";
  const productId = storyReviewProductId(key);
  await logIn(context, storyReviewBuyerId(key));

  await page.goto("/customer/orders");
  await page.getByRole("link", { name: /^Write a review of/ }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${productId}\\?reviewsPage=1#write-review$`));
  // The title is read once the product page shows (its reviews section): the URL changes before the
  // new page renders, and a read right after it once took the orders page's heading, "Orders".
  await expect(reviews(page).getByText("No reviews yet.")).toBeVisible();
  const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  expect(title).not.toBe("Orders");
  expect(await inSearch(page, title, productId, 4)).toBe(0);

  await page.goto(`/product/${productId}?reviewsPage=1#write-review`);
  // The contract's messages, under their fields.
  await fillReview(page, { rating: 4, title: "Good", text: "Too short", fit: "True to size" });
  await reviews(page).getByRole("button", { name: "Post review" }).click();
  await expect(reviews(page).getByText("Review should be at least 10 characters.")).toBeVisible();
  await expect(reviews(page).getByText("Title should be at least 3 characters.")).toHaveCount(0);

  await reviews(page)
    .getByLabel("Review", { exact: true })
    .fill("Soft cotton, and it kept its shape after washing.");
  await reviews(page).getByRole("button", { name: "Post review" }).click();
  await expect(page.getByText("Thank you! Your review is published.")).toBeVisible();

  const own = reviews(page).locator("#your-review");
  await expect(own.getByText("Your review", { exact: true })).toBeVisible();
  await expect(own.getByRole("heading", { name: "Good" })).toBeVisible();
  await expect(own.getByText("Verified buyer")).toBeVisible();
  await expect(own.getByText("Fit: True to size")).toBeVisible();
  await expect(reviews(page).getByRole("article").first()).toHaveAttribute("id", "your-review");
  await expect(reviews(page).getByText("Based on 1 review")).toBeVisible();
  await expect(histogram(page, 4)).toContainText("1");
  await expect(histogram(page, 5)).toContainText("0");
  await expect(reviews(page).getByTestId("fit-summary")).toContainText("True to size 100%");
  // The product's own rating, at the top of the page, follows.
  await expect(page.getByRole("img", { name: "Rated 4.0 out of 5 by 1 customer" }).first()).toBeVisible();
  // Polled: the search answer is read through the API, which a visitor may be served from a cache.
  await expect.poll(() => inSearch(page, title, productId, 4)).toBe(1);
  await expect.poll(() => inSearch(page, title, productId, 5)).toBe(0);

  await page.goto("/customer/orders");
  await expect(page.getByRole("link", { name: /^Edit your review of/ })).toHaveAttribute(
    "href",
    `/product/${productId}?reviewsPage=1#your-review`,
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a buyer writes, edits and deletes a review with plain form posts", async ({ page, context }) => {
    test.slow();
    const key: StoryReviewBuyer = "no-script";
    const productId = storyReviewProductId(key);
    await logIn(context, storyReviewBuyerId(key));
    await page.goto(`/product/${productId}`);

    await fillReview(page, {
      rating: 5,
      title: "Runs big",
      text: "Lovely fabric, but order a size down.",
      fit: "Runs large",
    });
    await reviews(page).getByRole("button", { name: "Post review" }).click();
    const own = reviews(page).locator("#your-review");
    await expect(own.getByRole("heading", { name: "Runs big" })).toBeVisible();
    await expect(histogram(page, 5)).toContainText("1");

    await own.locator("summary").filter({ hasText: "Edit your review" }).click();
    await starLabel(own, 2).click();
    await own.getByLabel("Title").fill("Not for me");
    await own.getByRole("button", { name: "Save changes" }).click();
    await expect(own.getByRole("heading", { name: "Not for me" })).toBeVisible();
    await expect(histogram(page, 2)).toContainText("1");
    await expect(histogram(page, 5)).toContainText("0");

    await own.locator("summary").filter({ hasText: "Delete your review" }).click();
    await own.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(reviews(page).getByText("No reviews yet.")).toBeVisible();
    await expect(reviews(page).getByRole("button", { name: "Post review" })).toBeVisible();
  });
});

test("a customer reports another buyer's review", async ({ page, context, browser }) => {
  test.slow();
  const productId = storyReviewProductId("report-author");
  await logIn(context, storyReviewBuyerId("report-author"));
  await page.goto(`/product/${productId}`);
  await fillReview(page, {
    rating: 1,
    title: "Awful",
    text: "Visit my shop for better shirts instead.",
    fit: "Runs small",
  });
  await reviews(page).getByRole("button", { name: "Post review" }).click();
  await expect(reviews(page).locator("#your-review")).toBeVisible();
  // The author has nothing to report of their own.
  await expect(reviews(page).getByText(/^Report/)).toHaveCount(0);

  const reader = await browser.newContext();
  try {
    await logIn(reader, storyReviewBuyerId("report-reader"));
    const other = await reader.newPage();
    await other.goto(`/product/${productId}`);
    const card = reviews(other).getByRole("article", { name: "Awful" });
    await card.locator("summary").filter({ hasText: "Report" }).click();
    await card.getByLabel("Why should the shop look at this review?").fill("It advertises another shop.");
    await card.getByRole("button", { name: "Send report" }).click();
    await expect(card.getByText("Reported. Thank you.")).toBeVisible();
  } finally {
    await reader.close();
  }
});

test("a customer who has not received the product is told why there is no form, and a visitor is offered to log in", async ({
  page,
  context,
  browser,
}) => {
  const productId = storyReviewProductId("writer");
  await logIn(context, DEMO.id);
  await page.goto(`/product/${productId}`);
  await expect(reviews(page).getByTestId("review-refusal")).toHaveText(
    "Only customers who have received this product can review it.",
  );
  await expect(reviews(page).getByRole("button", { name: "Post review" })).toHaveCount(0);

  const visitor = await browser.newContext();
  try {
    const anonymous = await visitor.newPage();
    await anonymous.goto(`/product/${productId}`);
    await expect(reviews(anonymous).getByRole("link", { name: "Log in to write a review" })).toHaveAttribute(
      "href",
      `/auth/log-in?redirectTo=${encodeURIComponent(`/product/${productId}?reviewsPage=1#write-review`)}`,
    );
  } finally {
    await visitor.close();
  }
});

for (const theme of ["light", "dark"] as const) {
  test(`the reviews section with a review and its edit form passes axe (${theme})`, async ({
    page,
    context,
    axe,
  }) => {
    test.slow();
    const key: StoryReviewBuyer = theme === "light" ? "axe-light" : "axe-dark";
    await setTheme(context, theme);
    await logIn(context, storyReviewBuyerId(key));
    await page.goto(`/product/${storyReviewProductId(key)}#write-review`);
    await fillReview(page, {
      rating: 3,
      title: "Fine",
      text: "Does the job, nothing more to say.",
      fit: "Runs small",
    });
    await reviews(page).getByRole("button", { name: "Post review" }).click();
    const own = reviews(page).locator("#your-review");
    await expect(own).toBeVisible();
    await own.locator("summary").filter({ hasText: "Edit your review" }).click();
    await expect(own.getByRole("button", { name: "Save changes" })).toBeVisible();
    await axe.check("#reviews");
  });
}
