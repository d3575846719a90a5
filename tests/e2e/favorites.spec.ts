import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { api, createCustomer, customerCall, findProduct, logIn, setTheme } from "./support.ts";

const searchCards = (page: Page) => page.getByRole("list", { name: "Products" }).getByRole("listitem");
const favoriteCards = (page: Page) => page.getByRole("list", { name: "Favorites" }).getByRole("listitem");
const toggleIn = (scope: Locator | Page, title?: string) =>
  scope.getByRole("button", { name: title ? `Save to favorites: ${title}` : /^Save to favorites/ });
const isToggleRequest = (url: string) => /\/customer\/favorites\/toggle/.test(url);

async function favoriteIds(request: Parameters<typeof api>[0], token: string): Promise<string[]> {
  const list = await customerCall<{ data: { productId: { _id: string } }[] }>(
    request,
    token,
    "GET",
    "/customer/favorites?limit=100",
  );
  return list.data.map((entry) => entry.productId._id);
}

/** Saves the `count` best sellers as the customer's favorites, in that order, through the API. */
async function favoriteBestSellers(
  request: Parameters<typeof api>[0],
  token: string,
  count: number,
): Promise<string[]> {
  const products = await api<{ data: { _id: string }[] }>(
    request,
    `/products?limit=${count}&sort=-sold&fields=_id`,
  );
  expect(products.data).toHaveLength(count);
  for (const p of products.data) {
    await customerCall(request, token, "POST", "/customer/favorites", { productId: p._id });
  }
  return products.data.map((p) => p._id);
}

/** Waits until no request of the page is in flight (the progress bar is idle). */
async function settled(page: Page) {
  await expect(page.locator("[data-busy]")).toHaveAttribute("data-busy", "false");
}

test("a customer saves favorites from a card and from the product page, finds them on FAVORITES and removes them", async ({
  page,
  context,
  request,
}) => {
  const customer = await createCustomer(request, { verified: true });
  await logIn(context, customer.id);

  // From a product card of the search page.
  await page.goto("/search/?page=1");
  const card = searchCards(page).first();
  const cardTitle = (await card.getByRole("heading").textContent())!;
  const cardToggle = toggleIn(card, cardTitle);
  await expect(cardToggle).toHaveAttribute("aria-pressed", "false");
  await cardToggle.click();
  await expect(cardToggle).toHaveAttribute("aria-pressed", "true");
  await settled(page);
  // The server has it: the card is still pressed when the page is loaded again.
  await page.goto("/search/?page=1");
  await expect(toggleIn(searchCards(page).first(), cardTitle)).toHaveAttribute("aria-pressed", "true");

  // From the product page.
  const product = await findProduct(request, (p) => p.title !== cardTitle);
  await page.goto(`/product/${product._id}`);
  const pageToggle = toggleIn(page.getByRole("main"), product.title).first();
  await expect(pageToggle).toHaveAttribute("aria-pressed", "false");
  await pageToggle.click();
  await expect(pageToggle).toHaveAttribute("aria-pressed", "true");
  await settled(page);

  // Both on FAVORITES, newest first, their toggles pressed.
  await page.goto("/customer/favorites");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("FAVORITES");
  await expect(favoriteCards(page).getByRole("heading")).toHaveText([product.title, cardTitle]);
  for (const title of [product.title, cardTitle]) {
    await expect(toggleIn(page, title)).toHaveAttribute("aria-pressed", "true");
  }
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);

  // Unfavoriting here takes the card away once the page has reloaded its data.
  await toggleIn(page, product.title).click();
  await expect(favoriteCards(page)).toHaveCount(1);
  await expect(favoriteCards(page).getByRole("heading")).toHaveText(cardTitle);
  await toggleIn(page, cardTitle).click();
  await expect(
    page.getByRole("heading", { name: "Oops! You haven't saved any products yet." }),
  ).toBeVisible();
  expect(await favoriteIds(request, customer.token)).toEqual([]);
  await page.getByRole("link", { name: "BACK TO HOME PAGE" }).click();
  await expect(page).toHaveURL("/");
});

test("favorites come a page at a time: the page is in the URL and its size follows the screen", async ({
  page,
  context,
  request,
}) => {
  const customer = await createCustomer(request, { verified: true });
  const saved = await favoriteBestSellers(request, customer.token, 21);
  await logIn(context, customer.id);

  // Desktop (1280–1535): 20 a page (docs/storefront/favorites.md#page-size).
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto("/customer/favorites");
  await expect(favoriteCards(page)).toHaveCount(20);
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination.getByRole("link", { name: "Page 1, current page" })).toBeVisible();
  await pagination.getByRole("link", { name: "Go to page 2" }).click();
  await expect(page).toHaveURL("/customer/favorites?page=2");
  // The oldest favorite is last; the page starts at the top.
  await expect(favoriteCards(page)).toHaveCount(1);
  await expect(favoriteCards(page).getByRole("link")).toHaveAttribute("href", `/product/${saved[0]}`);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // 1024–1279: 19 a page; the browser reports its width in a cookie when it is resized.
  await page.setViewportSize({ width: 1100, height: 900 });
  await expect.poll(() => page.evaluate(() => document.cookie)).toContain("vw=1100");
  await page.goto("/customer/favorites?page=1");
  await expect(favoriteCards(page)).toHaveCount(19);

  // A phone's first visit: the server does not know the width yet, so the page loads again at 12.
  // (Resized first and settled, so the old page's resize handler cannot set the cookie meanwhile.)
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.cookie)).toContain("vw=390");
  await context.clearCookies();
  await logIn(context, customer.id);
  await page.goto("/customer/favorites");
  await expect(favoriteCards(page)).toHaveCount(12);
  // A page past the last one shows the last one.
  await page.goto("/customer/favorites?page=9");
  await expect(page).toHaveURL("/customer/favorites?page=2");
  await expect(favoriteCards(page)).toHaveCount(9);
});

test("a favorite toggle ignores clicks while a favorite request is in flight", async ({
  page,
  context,
  request,
}) => {
  const customer = await createCustomer(request, { verified: true });
  await logIn(context, customer.id);
  await page.goto("/search/?page=1");
  let posts = 0;
  // The first request is held at the network until the test has clicked again and seen the pending
  // state, so the second and third clicks certainly land while it is in flight.
  let clicksDone!: () => void;
  const clicked = new Promise<void>((resolve) => {
    clicksDone = resolve;
  });
  await page.route(
    (url) => isToggleRequest(url.href),
    async (route) => {
      posts++;
      await clicked;
      await route.continue();
    },
  );
  const first = toggleIn(searchCards(page).nth(0));
  const second = toggleIn(searchCards(page).nth(1));
  const firstId = (await searchCards(page).nth(0).getByRole("link").getAttribute("href"))!.split("/").pop();
  await expect(first).toHaveAttribute("aria-pressed", "false");
  await expect(second).toHaveAttribute("aria-pressed", "false");
  await first.dblclick();
  await second.click();
  await expect.poll(() => posts).toBe(1);
  await expect(page.locator("[data-busy]")).toHaveAttribute("data-busy", "true");
  await expect(first).toHaveAttribute("aria-pressed", "true");
  await expect(second).toHaveAttribute("aria-pressed", "false");
  clicksDone();
  await settled(page);
  expect(posts).toBe(1);
  await expect(first).toHaveAttribute("aria-pressed", "true");
  await expect(second).toHaveAttribute("aria-pressed", "false");
  expect(await favoriteIds(request, customer.token)).toEqual([firstId]);
});

test("a favorite request that fails shows the server's message and leaves the toggle as it was", async ({
  page,
  context,
  request,
}) => {
  const customer = await createCustomer(request, { verified: true });
  await logIn(context, customer.id);
  await page.goto("/search/?page=1");
  // The product disappears between the page and the click: the server answers 404 with its message.
  await page.route(
    (url) => isToggleRequest(url.href),
    (route) =>
      route.continue({
        postData: route
          .request()
          .postData()!
          .replace(/productId=[0-9a-f]{24}/, `productId=${"f".repeat(24)}`),
      }),
  );
  const toggle = toggleIn(searchCards(page).first());
  await toggle.click();
  await expect(page.locator(".Toastify__toast--error")).toHaveText(
    `No product for this ID: ${"f".repeat(24)}.`,
  );
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  expect(await favoriteIds(request, customer.token)).toEqual([]);
});

test("a visitor who presses a card's favorite toggle is sent to log in and back", async ({ page }) => {
  await page.goto("/search/?page=1");
  await toggleIn(searchCards(page).first()).click();
  await expect(page).toHaveURL(/\/auth\/log-in\?redirectTo=%2Fsearch%2F%3Fpage%3D1$/);
});

test.describe("before JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the favorite toggle is a plain form that comes back to its page", async ({
    page,
    context,
    request,
  }) => {
    const customer = await createCustomer(request, { verified: true });
    await logIn(context, customer.id);
    const product = await findProduct(request, (p) => p.quantity > 0);
    await page.goto(`/product/${product._id}`);
    const toggle = toggleIn(page.getByRole("main"), product.title).first();
    await toggle.click();
    await expect(page).toHaveURL(`/product/${product._id}`);
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(await favoriteIds(request, customer.token)).toEqual([]);
  });
});

// One scan per state and theme: FAVORITES empty, and with favorites.
test.describe("accessibility of FAVORITES", () => {
  for (const theme of ["light", "dark"] as const) {
    test(`FAVORITES without favorites has no axe violations (${theme})`, async ({
      page,
      context,
      request,
      axe,
    }) => {
      const customer = await createCustomer(request, { verified: true });
      await setTheme(context, theme);
      await logIn(context, customer.id);
      await page.goto("/customer/favorites");
      await expect(
        page.getByRole("heading", { name: "Oops! You haven't saved any products yet." }),
      ).toBeVisible();
      await axe.check();
    });

    test(`FAVORITES with favorites has no axe violations (${theme})`, async ({
      page,
      context,
      request,
      axe,
    }) => {
      const customer = await createCustomer(request, { verified: true });
      await favoriteBestSellers(request, customer.token, 3);
      await setTheme(context, theme);
      await logIn(context, customer.id);
      await page.goto("/customer/favorites");
      await expect(favoriteCards(page)).toHaveCount(3);
      await axe.check();
    });
  }
});
