import type { Page } from "@playwright/test";
import { PRICE_FILTER_DEBOUNCE_MS } from "../../app/components/search-filters.tsx";
import { expect, test } from "./fixtures.ts";
import { api, BASE_URL, failDataRequests, hydrated, pauseClock, price } from "./support.ts";

interface Named {
  _id: string;
  name: string;
}

const grid = (page: Page) => page.getByRole("list", { name: "Products" }).getByRole("listitem");

async function productIds(page: Page): Promise<string[]> {
  return grid(page)
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")!.split("/").pop()!));
}

test("a search shows its title, a page of results and the pagination", async ({ page, request }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto("/search/shirt?page=1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('SEARCH RESULTS FOR: "shirt"');
  await expect(grid(page)).toHaveCount(16);
  // Best sellers first by default (docs/storefront/search.md#sort).
  const expected = await api<{ data: Named[] }>(
    request,
    "/products?search=shirt&sort=-sold,-ratingsAverage&limit=16&fields=_id",
  );
  await expect.poll(() => productIds(page)).toEqual(expected.data.map((p) => p._id));
});

for (const { width, size } of [
  { width: 375, size: 12 },
  { width: 1100, size: 12 },
  { width: 1400, size: 16 },
  { width: 1600, size: 15 },
]) {
  test(`at ${width} px a page holds ${size} products`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/search/?page=1");
    await expect(grid(page)).toHaveCount(size);
    await page.reload();
    await expect(grid(page)).toHaveCount(size);
  });
}

test("choosing a category, a subcategory and an under-subcategory narrows the results step by step", async ({
  page,
  request,
}) => {
  const categories = await api<{ data: Named[] }>(request, "/categories?sort=createdAt");
  const category = categories.data[0]!;
  const subs = await api<{ data: Named[] }>(
    request,
    `/subcategories?category=${category._id}&sort=name&limit=100`,
  );
  const sub = subs.data[0]!;
  const unders = await api<{ data: Named[] }>(
    request,
    `/undersubcategories?subCategory=${sub._id}&sort=name&limit=100`,
  );
  const under = unders.data[0]!;

  await page.goto("/search/?page=2");
  await expect(page.getByRole("heading", { name: "SUB CATEGORIES" })).toHaveCount(0);
  await page.getByRole("link", { name: category.name, exact: true }).click();
  await expect(page).toHaveURL(`/search/?page=1&category=${category._id}`);
  await expect(page.getByRole("heading", { name: "SUB CATEGORIES" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "UNDER SUB CATEGORIES" })).toHaveCount(0);

  await page.getByRole("link", { name: sub.name, exact: true }).click();
  await expect(page).toHaveURL(`/search/?page=1&category=${category._id}&subcategory=${sub._id}`);
  await expect(page.getByRole("heading", { name: "UNDER SUB CATEGORIES" })).toBeVisible();

  await page.getByRole("link", { name: under.name, exact: true }).click();
  await expect(page).toHaveURL(
    `/search/?page=1&category=${category._id}&subcategory=${sub._id}&undersubcategory=${under._id}`,
  );
  const expected = await api<{ data: Named[] }>(
    request,
    `/products?category=${category._id}&subCategories=${sub._id}&underSubCategories=${under._id}&sort=-sold,-ratingsAverage&limit=16&fields=_id`,
  );
  await expect.poll(() => productIds(page)).toEqual(expected.data.map((p) => p._id));

  // Choosing the current category again clears it and everything below it.
  await page.getByRole("link", { name: category.name, exact: true }).click();
  await expect(page).toHaveURL("/search/?page=1");
});

test("the brand filter and the minimum rating filter live in the URL", async ({ page, request }) => {
  const brands = await api<{ data: Named[] }>(request, "/brands?sort=name&limit=100");
  const brand = brands.data[1]!;
  await page.goto("/search/?page=3");
  const filters = page.getByRole("complementary", { name: "Filters" });
  const brandLink = filters.getByRole("link", { name: brand.name, exact: true }).filter({ visible: true });
  await brandLink.click();
  await expect(page).toHaveURL(`/search/?page=1&brand=${brand._id}`);
  // The address changes before the page re-renders: wait for the chosen brand to show.
  await expect(brandLink).toHaveAttribute("aria-current", "true");

  const fourStars = filters.getByRole("link", { name: "4 stars and up" }).filter({ visible: true });
  await fourStars.click();
  await expect(page).toHaveURL(`/search/?page=1&minRating=4&brand=${brand._id}`);
  // With a rating filter the shop's own order applies instead of best sellers first.
  const expected = await api<{ data: Named[] }>(
    request,
    `/products?brand=${brand._id}&ratingsAverage[gte]=4&limit=16&fields=_id`,
  );
  await expect.poll(() => productIds(page)).toEqual(expected.data.map((p) => p._id));
  // Choosing the current rating again clears it.
  await filters
    .getByRole("link", { name: /4 stars and up, chosen/ })
    .filter({ visible: true })
    .click();
  await expect(page).toHaveURL(`/search/?page=1&brand=${brand._id}`);
});

test("the price filter applies 500 ms after typing stops and drops a maximum not above the minimum", async ({
  page,
}) => {
  // The price filters the page asks the server for, in order ("min–max").
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const min = url.searchParams.get("minPrice");
    const max = url.searchParams.get("maxPrice");
    if (url.pathname.endsWith(".data") && (min !== null || max !== null))
      asked.push(`${min ?? ""}–${max ?? ""}`);
  });
  // What the page has asked for so far: the page's requests arrive in the order it sends them, so
  // once a request the test sends from the page has arrived, every one the page sent before it has.
  const askedSoFar = async () => {
    await page.evaluate(async () => {
      await fetch("/readyz");
    });
    return [...asked];
  };
  await page.clock.install();
  await page.goto("/search/?page=2");
  const filters = page.getByRole("complementary", { name: "Filters" });
  const min = filters.getByLabel("Minimum price").filter({ visible: true });
  const max = filters.getByLabel("Maximum price").filter({ visible: true });
  // Only the test moves the page's time from here on.
  await pauseClock(page);
  await min.fill("20");
  await page.clock.runFor(PRICE_FILTER_DEBOUNCE_MS - 1);
  expect(await askedSoFar()).toEqual([]);
  await expect(page).toHaveURL("/search/?page=2");
  await page.clock.runFor(1);
  await expect(page).toHaveURL("/search/?page=1&minPrice=20");
  await expect(min).toHaveValue("20");

  // A maximum not above the minimum is dropped: once its 500 ms are up, nothing new is asked for.
  await max.fill("10");
  await page.clock.runFor(PRICE_FILTER_DEBOUNCE_MS);
  expect(await askedSoFar()).toEqual(["20–"]);
  await expect(page).toHaveURL("/search/?page=1&minPrice=20");
  await max.fill("45");
  await page.clock.runFor(PRICE_FILTER_DEBOUNCE_MS - 1);
  expect(await askedSoFar()).toEqual(["20–"]);
  await page.clock.runFor(1);
  await expect(page).toHaveURL("/search/?page=1&minPrice=20&maxPrice=45");
  expect(await askedSoFar()).toEqual(["20–", "20–45"]);
  await expect(grid(page).first()).toBeVisible();
  for (const text of await grid(page).locator("p span.font-semibold").allTextContents()) {
    const amount = Number(text.replace(" USD", "").replace(",", "."));
    expect(amount).toBeGreaterThanOrEqual(20);
    expect(amount).toBeLessThanOrEqual(45);
  }
});

test("pagination shows no sibling pages, moves between pages and scrolls to the top", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const all = await api<{ paginationResults: { numberOfPages: number } }>(
    request,
    "/products?limit=16&fields=_id",
  );
  const last = all.paginationResults.numberOfPages;
  expect(last).toBeGreaterThan(4);
  await page.goto("/search/?page=3");
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  // A gap of a single page shows that page; longer gaps an ellipsis.
  await expect(pagination.getByRole("link", { name: /page \d+/i })).toHaveText(["1", "2", "3", String(last)]);
  await page.goto("/search/?page=5");
  await expect(pagination.getByRole("link", { name: /page \d+/i })).toHaveText(["1", "5", String(last)]);
  await expect(pagination.getByRole("link", { name: "Page 5, current page" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await pagination.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await pagination.getByRole("link", { name: "Go to next page" }).click();
  await expect(page).toHaveURL("/search/?page=6");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(pagination.getByRole("link", { name: "Page 6, current page" })).toBeVisible();
});

test("no pagination when everything fits on one page", async ({ page, request }) => {
  const under = await api<{ data: Named[] }>(request, "/undersubcategories?sort=name&limit=100");
  let single: Named | undefined;
  for (const u of under.data) {
    const res = await api<{ paginationResults: { numberOfPages: number } }>(
      request,
      `/products?underSubCategories=${u._id}&limit=16&fields=_id`,
    );
    if (res.paginationResults.numberOfPages === 1) {
      single = u;
      break;
    }
  }
  if (!single) throw new Error("no single-page under-subcategory in the demo catalogue");
  await page.goto(`/search/?page=1&undersubcategory=${single._id}`);
  await expect(grid(page).first()).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
});

test("a search shows how many products it found and keeps the chosen sort in the URL", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto("/search/dress?page=1");
  const found = await api<{ total: number }>(request, "/products?search=dress&limit=1&fields=_id");
  expect(found.total).toBeGreaterThan(1);
  await expect(page.getByTestId("search-count")).toHaveText(`${found.total} results`);
  const sort = page.getByLabel("Sort by");
  await expect(sort).toHaveValue("bestsellers"); // the default order (docs/storefront/search.md#sort)
  await expect(page.getByTestId("search-correction")).toHaveCount(0);
  await hydrated(page);
  await sort.selectOption({ label: "Price: low to high" });
  await expect(page).toHaveURL("/search/dress?page=1&sort=price-asc");
  const cheapest = await api<{ data: Named[] }>(
    request,
    "/products?search=dress&sort=price&limit=16&fields=_id",
  );
  await expect.poll(() => productIds(page)).toEqual(cheapest.data.map((p) => p._id));
  await expect(sort).toHaveValue("price-asc");
  // The sort stays when a filter changes.
  await page
    .getByRole("complementary", { name: "Filters" })
    .getByRole("link", { name: "3 stars and up" })
    .filter({ visible: true })
    .click();
  await expect(page).toHaveURL("/search/dress?page=1&minRating=3&sort=price-asc");
});

test("a misspelt search says which words it searched for instead", async ({ page, request }) => {
  await page.goto("/search/jaens?page=1");
  await expect(page.getByTestId("search-correction")).toHaveText("Showing results for “jeans”");
  const jeans = await api<{ total: number }>(request, "/products?search=jeans&limit=1&fields=_id");
  await expect(page.getByTestId("search-count")).toHaveText(`${jeans.total} results`);
  await page.goto("/search/jeans?page=1");
  await expect(page.getByTestId("search-count")).toHaveText(`${jeans.total} results`);
  await expect(page.getByTestId("search-correction")).toHaveCount(0);
});

test("a search with no results says so and GO BACK returns to the previous page", async ({ page }) => {
  // The story starts on the lightest page there is: leaving the home page (three sliders, a hundred
  // cards) costs a busy machine seconds of the search's own time, and this story is not about it.
  const previous = "Oops! The page you are looking for does not exist.";
  await page.goto("/no/such/page");
  await page.getByPlaceholder("Search...").fill("qqxqzzv");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/search/qqxqzzv?page=1");
  await expect(page.getByRole("heading", { name: "No result found." })).toBeVisible();
  await expect(
    page.getByText("Try searching for something else or go back to the previous page."),
  ).toBeVisible();
  await page.getByRole("button", { name: "GO BACK" }).click();
  await expect(page).toHaveURL("/no/such/page");
  await expect(page.getByText(previous)).toBeVisible();
  await expect(page.getByRole("heading", { name: "No result found." })).toHaveCount(0);
});

test("a failed search says so and TRY AGAIN repeats the request", async ({ page }) => {
  await page.goto("/search/shirt?page=1");
  await hydrated(page);
  await failDataRequests(page, { status: 500 });
  await page
    .getByRole("navigation", { name: "Pagination" })
    .getByRole("link", { name: "Go to next page" })
    .click();
  await expect(page.getByRole("heading", { name: "something went wrong." })).toBeVisible();
  await expect(page.getByText("We couldn't retrieve the products Please try again later.")).toBeVisible();
  await page.unrouteAll();
  await page.getByRole("button", { name: "TRY AGAIN" }).click();
  await expect(grid(page).first()).toBeVisible();
  await expect(page).toHaveURL("/search/shirt?page=2");
});

test("the discounted price shows in the spec's form on each card", async ({ page, request }) => {
  await page.goto("/search/?page=1");
  const first = await api<{ data: { price: number }[] }>(
    request,
    "/products?sort=-sold,-ratingsAverage&limit=1&fields=price",
  );
  await expect(grid(page).first()).toContainText(price(first.data[0]!.price));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a search, filters and pagination still work as plain links and forms", async ({ page }) => {
    await page.goto(`${BASE_URL}/`);
    await page.getByPlaceholder("Search...").fill("jeans");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/search/jeans?page=1");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('SEARCH RESULTS FOR: "jeans"');
    await expect(grid(page).first()).toBeVisible();

    const filters = page.getByRole("complementary", { name: "Filters" });
    await filters.getByRole("link", { name: "3 stars and up" }).filter({ visible: true }).click();
    await expect(page).toHaveURL("/search/jeans?page=1&minRating=3");
    await filters.getByLabel("Minimum price").filter({ visible: true }).fill("30");
    await filters.getByRole("button", { name: "Apply" }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/search\/jeans\?page=1&minRating=3&minPrice=30&maxPrice=$/);
    await expect(page.getByLabel("Minimum price").filter({ visible: true })).toHaveValue("30");

    await page.goto(`${BASE_URL}/search/?page=1`);
    await page
      .getByRole("navigation", { name: "Pagination" })
      .getByRole("link", { name: "Go to next page" })
      .click();
    await expect(page).toHaveURL("/search/?page=2");
  });

  test("the sort control submits with its Sort button", async ({ page }) => {
    await page.goto(`${BASE_URL}/search/jeans?page=2&minRating=1`);
    await page.getByLabel("Sort by").selectOption({ label: "Price: high to low" });
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL("/search/jeans?page=1&minRating=1&sort=price-desc");
    await expect(page.getByLabel("Sort by")).toHaveValue("price-desc");
  });
});
