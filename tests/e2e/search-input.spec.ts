import type { Page } from "@playwright/test";
import { PRICE_FILTER_DEBOUNCE_MS } from "../../app/components/search-filters.tsx";
import { OVERSIZED_TITLE } from "../../server/oversized-request.ts";
import { expect, test } from "./fixtures.ts";
import { HAS_NGINX, startNginx } from "./nginx.ts";
import { pauseClock } from "./support.ts";

// Odd input gets an answer and no keystroke is lost (docs/storefront/search.md#odd-input,
// docs/decisions/032-odd-input-answers.md).

const priceFields = (page: Page) => {
  const filters = page.getByRole("complementary", { name: "Filters" });
  return {
    min: filters.getByLabel("Minimum price").filter({ visible: true }),
    max: filters.getByLabel("Maximum price").filter({ visible: true }),
  };
};

/**
 * Lets the page's queued tasks run: React runs a render's effects in a task of its own (a
 * MessageChannel message, which the test's clock does not hold), posted before this one.
 */
async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

test("typing on while the price filter's page loads loses no keystroke", async ({ page }) => {
  await page.clock.install();
  await page.goto("/search/");
  const { min } = priceFields(page);
  // Only the test moves the page's time from here on.
  await pauseClock(page);
  // The page for minPrice=1 is held until the shopper has typed the next digit, as on a real network.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => {
    asked = resolve;
  });
  await page.route(
    (url) => url.pathname.endsWith(".data") && url.searchParams.get("minPrice") === "1",
    async (route) => {
      asked();
      await held;
      await route.continue();
    },
  );

  await min.click();
  await min.pressSequentially("1");
  await page.clock.runFor(PRICE_FILTER_DEBOUNCE_MS);
  await requested;
  await min.pressSequentially("2");
  release();
  // The page for minPrice=1 arrives while the field, still focused, holds "12".
  await expect(page).toHaveURL("/search/?page=1&minPrice=1");
  await expect(page.getByRole("link", { name: "Clear price, rating and brand" })).toBeVisible();
  await settle(page);
  await expect(min).toHaveValue("12");
  await expect(min).toBeFocused();

  await min.pressSequentially("0");
  await page.clock.runFor(PRICE_FILTER_DEBOUNCE_MS);
  await expect(page).toHaveURL("/search/?page=1&minPrice=120");
  await expect(min).toHaveValue("120");
});

test("a price out of range in the URL is shown as it is, with a message", async ({ page, axe }) => {
  await page.goto("/search/?page=1&minPrice=99999999");
  const { min } = priceFields(page);
  await expect(min).toHaveValue("99999999");
  await expect(min).toHaveAttribute("aria-invalid", "true");
  await expect(min).toHaveAccessibleDescription(
    "Prices go from $0 to $1,000,000. Results ignore the minimum price.",
  );
  // The results are every product's, as the message says.
  await expect(page.getByRole("list", { name: "Products" }).getByRole("listitem").first()).toBeVisible();
  await axe.check();
});

test("on a phone, a link with a wrong price unfolds the filters to show the message", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/search/?page=1&minPrice=99999999");
  await expect(
    page
      .getByText("Prices go from $0 to $1,000,000. Results ignore the minimum price.")
      .filter({ visible: true }),
  ).toBeVisible();
  await expect(priceFields(page).min).toHaveValue("99999999");
});

test("a minimum above the maximum is not applied while typed, and shown as it is from the URL", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/search/?page=1&minPrice=20");
  const { min, max } = priceFields(page);
  await pauseClock(page);
  await min.fill("200");
  await max.fill("100");
  await page.clock.runFor(PRICE_FILTER_DEBOUNCE_MS);
  await expect(max).toHaveAccessibleDescription(
    "Minimum price must not be above the maximum. Results keep the last valid price filter.",
  );
  await expect(page).toHaveURL("/search/?page=1&minPrice=20");
  await expect(min).toHaveValue("200");
  await expect(max).toHaveValue("100");

  // The same prices in a link: both stay on screen, and the results ignore the maximum.
  await page.clock.resume();
  await page.goto("/search/?page=1&minPrice=200&maxPrice=100");
  await expect(min).toHaveValue("200");
  await expect(max).toHaveValue("100");
  await expect(max).toHaveAccessibleDescription(
    "Minimum price must not be above the maximum. Results ignore the maximum price.",
  );
});

test("over-long search text is searched by its first 200 characters, and the page says so", async ({
  page,
  axe,
}) => {
  const text = "dress ".repeat(500).trim();
  await page.goto(`/search/${encodeURIComponent(text)}`);
  await expect(page.getByRole("status").filter({ hasText: "Search text" })).toHaveText(
    "Search text can be at most 200 characters: showing results for its first 200.",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `SEARCH RESULTS FOR: "${text.slice(0, 200).trim()}"`,
  );
  await axe.check();
});

test("search text with no letters or digits gets an answer, not a silent list", async ({ page }) => {
  await page.goto(`/search/${encodeURIComponent("%%%")}`);
  await expect(page.getByRole("status").filter({ hasText: "Search text" })).toHaveText(
    "Search text needs letters or digits: showing all products instead.",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ALL PRODUCTS");
});

test("a 20 KB search URL gets the shop's own page, not the browser's", async ({ page }) => {
  const response = await page.goto(`/search/${"a".repeat(20_000)}`);
  expect(response?.status()).toBe(431);
  expect(await response?.headerValue("x-frame-options")).toBe("DENY");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(OVERSIZED_TITLE);
  await page.getByRole("link", { name: "GO TO HOME" }).click();
  await expect(page).toHaveURL("/");
});

test.describe("behind nginx (docs/nginx/shop.conf)", () => {
  // nginx's certificate is self-signed.
  test.use({ ignoreHTTPSErrors: true });
  test("behind nginx, a 20 KB search URL passes through and gets the shop's own page", async ({ page }) => {
    test.skip(
      !HAS_NGINX && !process.env.CI,
      "nginx is not installed: docs/nginx/shop.conf is not tested here",
    );
    const shopPort = Number(process.env.E2E_PORT ?? 3100);
    // A port of its own: behind-nginx.spec.ts runs its nginx on the shop's port + 443 meanwhile.
    const proxy = await startNginx(shopPort + 444, shopPort);
    try {
      const response = await page.goto(`https://localhost:${shopPort + 444}/search/${"a".repeat(20_000)}`);
      expect(response?.status()).toBe(431);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(OVERSIZED_TITLE);
    } finally {
      await proxy.stop();
    }
  });
});
