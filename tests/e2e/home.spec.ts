import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

test("a shopper opens the home page and sees categories and best sellers from the catalogue", async ({
  page,
}) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  // Server-rendered: the HTML already holds the data before any script runs.
  const html = await response!.text();
  expect(html).toContain("CATEGORIES");
  expect(html).toContain("Women");

  await expect(page.getByRole("heading", { name: "CATEGORIES" })).toBeVisible();
  await expect(page.getByText("Sportswear")).toBeVisible();
  const products = page
    .getByRole("heading", { name: "THE BEST SELLERS" })
    .locator("..")
    .getByRole("listitem");
  await expect(products).toHaveCount(8);
  await expect(products.first()).toContainText("USD");

  // Generated images arrive and decode.
  const cover = products.first().getByRole("img");
  await expect(cover).toHaveJSProperty("complete", true);
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("the home page has no accessibility violations", async ({ page }) => {
  await page.goto("/");
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test("an unknown path shows the not-found page with a way home", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! The page you are looking for does not exist.")).toBeVisible();
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL("/");
});

test("pages arrive compressed and build assets are cached for a year", async ({ page, request }) => {
  const html = await request.get("/", { headers: { "accept-encoding": "br" } });
  expect(html.headers()["content-encoding"]).toBe("br");
  expect(html.headers()["content-type"]).toContain("text/html");

  const assets: string[] = [];
  page.on("response", (res) => {
    if (new URL(res.url()).pathname.startsWith("/assets/")) assets.push(res.url());
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(assets.length).toBeGreaterThan(0);
  const asset = await request.get(assets[0]!, { headers: { "accept-encoding": "gzip" } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(asset.headers()["content-encoding"]).toBe("gzip");
});
