import type { Page } from "@playwright/test";
import { BACK_OFFICE_ORIGIN } from "./first-admin.ts";
import { expect, test } from "./fixtures.ts";
import { storyProduct } from "./story-products.ts";
import { createCustomerWithPhone, DEMO_STAFF, placeOrder, sessionToken } from "./support.ts";

// The sales dashboard (docs/back-office/dashboard.md) on the back office's shop: a customer's order
// shows in the day's revenue, the chart draws the day, and the day's CSV lists the order.

test.use({ baseURL: BACK_OFFICE_ORIGIN });

/** `1234,50 USD` → cents. */
const cents = (shown: string) => {
  const match = shown.trim().match(/^(\d+),(\d{2}) USD$/);
  if (!match) throw new Error(`not an amount: ${shown}`);
  return Number(match[1]) * 100 + Number(match[2]);
};

/** The value of a key figure ("Revenue", "Orders") as the tile shows it. */
async function keyFigure(page: Page, label: string): Promise<string> {
  const tile = page
    .locator("dl div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) });
  return (await tile.locator("dd").first().textContent()) ?? "";
}

test("a customer's order shows in the day's revenue on the dashboard, in its chart and in the day's CSV", async ({
  page,
  context,
  request,
}) => {
  const today = new Date().toISOString().slice(0, 10);
  const dayPage = `/admin?from=${today}&to=${today}`;
  await context.addCookies([
    {
      name: "JWTToken",
      value: await sessionToken(DEMO_STAFF.manager.id, 0, "manager"),
      url: BACK_OFFICE_ORIGIN,
    },
  ]);
  await page.goto(dayPage);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const revenueBefore = cents(await keyFigure(page, "Revenue"));
  const ordersBefore = Number(await keyFigure(page, "Orders"));

  const customer = await createCustomerWithPhone(request);
  const { product } = await storyProduct(request, "dashboard-sale");
  const order = await placeOrder(request, customer, product);
  const total = Math.round(order.pricing.totalPriceAfterDiscount * 100);

  await page.goto(dayPage);
  const revenueAfter = cents(await keyFigure(page, "Revenue"));
  const ordersAfter = Number(await keyFigure(page, "Orders"));
  expect(ordersAfter).toBeGreaterThanOrEqual(ordersBefore + 1);
  expect(revenueAfter).toBeGreaterThanOrEqual(revenueBefore + total);
  // Another story's order of the same moment would add its own amount; with only this one, the day
  // grew by exactly its total, to the cent.
  if (ordersAfter === ordersBefore + 1) expect(revenueAfter - revenueBefore).toBe(total);

  // The chart arrives after the page and draws today's bar, named and described for screen readers.
  const chart = page.getByRole("img", { name: "Revenue and orders per day" });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute("aria-describedby", "sales-chart-description");
  await expect(chart.locator(".recharts-bar-rectangle path")).toHaveCount(1);

  // The day's orders as CSV, from the link beside the range.
  const csvHref = await page.getByRole("link", { name: "Download orders (CSV)" }).getAttribute("href");
  expect(csvHref).toBe(`/admin/orders.csv?from=${today}&to=${today}`);
  const csv = await page.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  const row = (await csv.text()).split("\r\n").find((line) => line.startsWith(`${order.number},`));
  expect(row).toContain(`,${customer.email},placed,cash_on_delivery,`);
  expect(row).toContain(`,${(total / 100).toFixed(2)},0.00,`);
});

test("the range is the URL: a preset, then two days typed into the form", async ({ page, context }) => {
  await context.addCookies([
    {
      name: "JWTToken",
      value: await sessionToken(DEMO_STAFF.manager.id, 0, "manager"),
      url: BACK_OFFICE_ORIGIN,
    },
  ]);
  await page.goto("/admin");
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "true");
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/\/admin\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByText(/\(7 days, UTC\)/)).toBeVisible();

  await page.getByLabel("From", { exact: true }).fill("2025-02-01");
  await page.getByLabel("To", { exact: true }).fill("2025-02-28");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\?from=2025-02-01&to=2025-02-28$/);
  await expect(page.getByText(/^Showing Feb 1, 2025 to Feb 28, 2025 \(28 days, UTC\)/)).toBeVisible();
  await page.getByText("Figures by day").click();
  await expect(page.getByRole("table", { name: "Revenue and orders by day" }).getByRole("row")).toHaveCount(
    29,
  );
});
