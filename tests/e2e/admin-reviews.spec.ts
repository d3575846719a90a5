import type { APIRequestContext } from "@playwright/test";
import { catalogueIds } from "../../core/catalog/catalogue-ids.ts";
import { expect, test } from "./fixtures.ts";
import { storyProductSlug } from "./story-products.ts";
import { STORY_REPORT_REASONS, STORY_REVIEW_TEXTS, storyReviewId } from "./story-reviews.ts";
import { type ApiProduct, api, logInAsStaff, setTheme } from "./support.ts";

// A manager moderates reviews in the back office (docs/back-office/reviews.md): finds the reported
// one of a product, hides it with a reason (by keyboard), sees the product's figures leave it out in
// the shop and the API, and restores it. The reviews are written before the shop starts, by
// customers with delivered orders (story-reviews.ts).

const productId = catalogueIds.product(storyProductSlug("admin-reviews"));
const reported = STORY_REVIEW_TEXTS[2];
const HIDE_REASON = "Links to a rival shop";
const reportedAuthor = `${reported.firstName} ${reported.lastName.charAt(0)}.`;

/** The product's figures as the API gives them. */
async function figures(request: APIRequestContext) {
  const { data } = await api<{ data: ApiProduct }>(request, `/products/${productId}`);
  return { ratingsAverage: data.ratingsAverage, ratingsQuantity: data.ratingsQuantity };
}

test("a manager hides a reported review with a reason, the product's figures leave it out, and restores it", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  // 5, 4 and 2 stars.
  expect(await figures(request)).toEqual({ ratingsAverage: 3.7, ratingsQuantity: 3 });
  await logInAsStaff(context, "manager");

  // From the product's page in the back office to its reviews, then the Reported tab.
  await page.goto(`/admin/products/${productId}`);
  await page.getByRole("link", { name: "Reviews of this product" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/reviews\\?product=${productId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reviews");
  const table = page.getByRole("table", { name: "Reviews" });
  await expect(table.getByRole("row")).toHaveCount(4);
  const tabs = page.getByRole("navigation", { name: "Which reviews" });
  await tabs.getByRole("link", { name: "Reported" }).click();
  await expect(page).toHaveURL(/filter=reported/);
  await expect(tabs.getByRole("link", { name: "Reported" })).toHaveAttribute("aria-current", "page");
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText(reported.title);
  await expect(row.getByRole("img", { name: "2 out of 5 stars" })).toBeVisible();
  await expect(row).toContainText("2 reports");
  for (const reason of STORY_REPORT_REASONS) await expect(row).toContainText(reason);
  await expect(row).toContainText("Visible");

  // Hide, by keyboard: the link opens the reason's form with the focus in it.
  const hide = row.getByRole("link", { name: `Hide the review “${reported.title}” by ${reportedAuthor}` });
  await hide.focus();
  await page.keyboard.press("Enter");
  const reason = page.getByRole("textbox", { name: "Reason" });
  await expect(reason).toBeFocused();
  // Without a reason the form says what is missing, beside the field, and nothing changes.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Hide review" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Reason is required to hide a review.")).toBeVisible();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(reason).toBeFocused();
  expect(await figures(request)).toEqual({ ratingsAverage: 3.7, ratingsQuantity: 3 });
  await page.keyboard.type(HIDE_REASON);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: `The review “${reported.title}” by ${reportedAuthor} is hidden` }),
  ).toBeVisible();
  await expect(page.getByText("No reported reviews waiting.")).toBeVisible();

  // The shop counts the two reviews left: 5 and 4 stars.
  expect(await figures(request)).toEqual({ ratingsAverage: 4.5, ratingsQuantity: 2 });
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole("img", { name: "Rated 4.5 out of 5 by 2 customers" }).first()).toBeVisible();
  await expect(page.getByText(reported.title)).toHaveCount(0);

  // Restored from the Hidden tab, where its reason shows.
  await page.goto(`/admin/reviews?filter=hidden&product=${productId}`);
  const hiddenRow = table.getByRole("row").nth(1);
  await expect(hiddenRow).toContainText(reported.title);
  await expect(hiddenRow).toContainText("Hidden");
  await expect(hiddenRow).toContainText(HIDE_REASON);
  await hiddenRow
    .getByRole("button", { name: `Restore the review “${reported.title}” by ${reportedAuthor}` })
    .click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: `The review “${reported.title}” by ${reportedAuthor} is visible again` }),
  ).toBeVisible();
  await expect(page.getByText("No hidden reviews.")).toBeVisible();
  expect(await figures(request)).toEqual({ ratingsAverage: 3.7, ratingsQuantity: 3 });
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole("img", { name: "Rated 3.7 out of 5 by 3 customers" }).first()).toBeVisible();
});

for (const theme of ["light", "dark"] as const) {
  test(`the reviews page with the Hide form open has no axe violations (${theme})`, async ({
    page,
    context,
    axe,
  }) => {
    await setTheme(context, theme);
    await logInAsStaff(context, "manager");
    const axeProduct = catalogueIds.product(storyProductSlug("admin-reviews-axe"));
    const hideId = storyReviewId("admin-reviews-axe", STORY_REVIEW_TEXTS.length - 1);
    await page.goto(`/admin/reviews?product=${axeProduct}&hide=${hideId}`);
    // A reported review, a hidden one (with Restore), and the reason's form.
    await expect(page.getByRole("textbox", { name: "Reason" })).toBeFocused();
    await expect(page.getByRole("button", { name: /^Restore the review/ })).toBeVisible();
    await expect(page.getByText("2 reports")).toBeVisible();
    await axe.check();
  });
}
