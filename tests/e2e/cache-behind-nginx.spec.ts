import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { HAS_NGINX, type RunningNginx, startNginx } from "./nginx.ts";
import { storyProduct } from "./story-products.ts";
import { createCustomer, customerCall, hydrated, logInAsStaff, price } from "./support.ts";

// The shop behind nginx with its shared cache on (docs/nginx/shop.conf, docs/caching.md): a
// visitor's pages come from the cache, a signed-in customer's never do, and a price edited in the
// back office shows through the cache within the bound (the e2e shop runs with
// SHARED_CACHE_SECONDS=2 and SHARED_CACHE_STALE_SECONDS=2, playwright.config.ts).

const SHOP_PORT = Number(process.env.E2E_PORT ?? 3100);
// behind-nginx.spec.ts listens on +443 and search-input.spec.ts on +444.
const NGINX_PORT = SHOP_PORT + 445;
const NGINX_URL = `https://localhost:${NGINX_PORT}`;

test.skip(
  !HAS_NGINX && !process.env.CI,
  "nginx is not installed (apt-get install nginx): the shop behind its cache is not tested on this machine",
);
test.use({ baseURL: NGINX_URL, ignoreHTTPSErrors: true });
// One nginx for the file, so its stories run in order in one worker: with the suite's
// fullyParallel, each worker ran beforeAll, the second nginx found the port taken, and the first
// worker's afterAll stopped the nginx the other was still using (ECONNREFUSED mid-story).
test.describe.configure({ mode: "default" });

let proxy: RunningNginx | undefined;
test.beforeAll(async () => {
  proxy = await startNginx(NGINX_PORT, SHOP_PORT);
});
test.afterAll(async () => {
  await proxy?.stop();
});

/** What nginx says of one request: HIT, MISS, STALE, UPDATING, REVALIDATED, EXPIRED or BYPASS. */
async function cacheStatus(
  request: APIRequestContext,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: string | undefined; cacheControl: string | undefined; body: string }> {
  const res = await request.get(`${NGINX_URL}${path}`, { headers, maxRedirects: 0 });
  expect(res.status(), path).toBe(200);
  return {
    status: res.headers()["x-cache-status"],
    cacheControl: res.headers()["cache-control"],
    body: await res.text(),
  };
}

test("a visitor's pages and the API's public GETs come from the cache", async ({ page, request }) => {
  const { product } = await storyProduct(request, "nginx-story");
  for (const path of [
    "/",
    "/search",
    "/search/shirt",
    `/product/${product._id}`,
    "/api/v1/products?limit=5",
    `/api/v1/products/${product._id}`,
  ]) {
    // The first visitor may fill the cache; soon another is answered from it.
    await expect
      .poll(async () => (await cacheStatus(request, path)).status, { message: path, timeout: 20_000 })
      .toBe("HIT");
    const cached = await cacheStatus(request, path);
    expect(cached.cacheControl, path).toMatch(/^public, max-age=0, s-maxage=2, stale-while-revalidate=2$/);
  }

  // In a browser the cached page runs (its policy names its scripts' hashes: any refused script
  // fails the test, tests/e2e/fixtures.ts) and hydrates; the visitor's stored theme still applies
  // before paint, though the cached HTML is theme-neutral.
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await expect
    .poll(async () => (await page.reload())?.headers()["x-cache-status"], { timeout: 20_000 })
    .toBe("HIT");
  await hydrated(page);
  await expect(page.locator("html")).toHaveClass(/dark/);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "log in" })).toBeVisible();
  await nav.getByRole("button", { name: "Switch to light mode" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});

test("a signed-in customer's pages never come from the cache nor go into it", async ({
  page,
  context,
  request,
}) => {
  const { product } = await storyProduct(request, "nginx-story");
  // A customer of the test's own, who saved the product: their answers say so, a visitor's never.
  const direct = await playwrightRequest.newContext({ baseURL: `http://localhost:${SHOP_PORT}` });
  const { token } = await createCustomer(direct, { verified: true });
  await customerCall(direct, token, "POST", "/customer/favorites", { productId: product._id });
  await direct.dispose();
  const cookie = `JWTToken=${token}`;
  for (const path of ["/", "/search", `/product/${product._id}`, `/api/v1/products/${product._id}`]) {
    // A visitor's copy is in the cache…
    await expect
      .poll(async () => (await cacheStatus(request, path)).status, { message: path, timeout: 20_000 })
      .toBe("HIT");
    // …and the customer, with the cookie or a Bearer token, is answered by the shop, privately, every time.
    const asCustomer: Record<string, string>[] = [
      { cookie },
      { authorization: `Bearer ${token}` },
      { cookie },
    ];
    for (const headers of asCustomer) {
      const own = await cacheStatus(request, path, headers);
      expect(own.status, path).toBe("BYPASS");
      expect(own.cacheControl, path).toBe("private, no-cache");
      // Pages know the customer by the cookie; an Authorization header alone is private all the same.
      if (!path.startsWith("/api/") && headers.cookie) expect(own.body, path).toContain("Account menu");
      if (path.startsWith("/api/")) expect(own.body, path).toContain('"isFavorite":true');
    }
    // What the customer got was not stored: the visitor's copy is still the visitor's.
    const visitor = await cacheStatus(request, path);
    expect(visitor.body, path).not.toContain("Account menu");
    expect(visitor.body, path).not.toContain('"isFavorite":true');
  }

  // In a browser: the customer's page is theirs, straight from the shop.
  await context.addCookies([{ name: "JWTToken", value: token, url: NGINX_URL }]);
  const response = await page.goto("/");
  expect(response?.headers()["x-cache-status"]).toBe("BYPASS");
  await expect(page.getByRole("navigation", { name: "Main" }).getByLabel("Account menu")).toBeVisible();
});

test("a price edited in the back office shows through the cache within the bound", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { product } = await storyProduct(request, "cache-price-edit");
  const path = `/product/${product._id}`;
  const apiPath = `/api/v1/products/${product._id}`;
  const newPrice = Math.round(product.price * 100 + 1234) / 100;
  // Both cached with the old price.
  for (const p of [path, apiPath]) {
    await expect.poll(async () => (await cacheStatus(request, p)).status, { timeout: 20_000 }).toBe("HIT");
  }
  expect((await cacheStatus(request, path)).body).toContain(price(product.price));

  // An admin changes the price of every size in the back office (straight to the shop).
  const staff = await browser.newContext({ baseURL: `http://localhost:${SHOP_PORT}` });
  try {
    await logInAsStaff(staff, "admin");
    const admin = await staff.newPage();
    await admin.goto(`/admin/products/${product._id}`);
    await hydrated(admin);
    // Every size's price and price before discount (the empty rows are for new sizes).
    const prices = admin.getByLabel(/^Price( before discount)?$/).filter({ visible: true });
    for (let i = 0; i < (await prices.count()); i++) {
      if (await prices.nth(i).inputValue()) await prices.nth(i).fill(newPrice.toFixed(2));
    }
    await admin.getByRole("button", { name: "Save changes" }).click();
    await expect(admin).toHaveURL(/\?saved=updated$/);
  } finally {
    await staff.close();
  }

  // Visitors see it through the cache within s-maxage plus one revalidation (2 s + 2 s here):
  // polled, the page and the API answer come to show the new price.
  await expect
    .poll(async () => (await cacheStatus(request, path)).body.includes(price(newPrice)), { timeout: 30_000 })
    .toBe(true);
  await expect
    .poll(
      async () =>
        (JSON.parse((await cacheStatus(request, apiPath)).body) as { data: { price: number } }).data.price,
      { timeout: 30_000 },
    )
    .toBe(newPrice);
  // And from the cache again afterwards, with the new price.
  await expect
    .poll(
      async () => {
        const cached = await cacheStatus(request, path);
        return cached.status === "HIT" && cached.body.includes(price(newPrice));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
});
