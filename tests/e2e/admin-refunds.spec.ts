import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { BACK_OFFICE_ORIGIN } from "./first-admin.ts";
import { expect, test } from "./fixtures.ts";
import { storyProduct } from "./story-products.ts";
import {
  type ApiOrder,
  createCustomerWithPhone,
  customerCall,
  hydrated,
  logIn,
  logInAsStaff,
  ORDER_ADDRESS,
  price,
  setTheme,
} from "./support.ts";

// An admin refunds part of a card order in the back office (docs/back-office/refunds.md), on the
// back office's own shop: the customer pays through the built-in test checkout, the admin refunds
// one of the two units on the order's refund page — without JavaScript, as the form must work —
// and the refund shows on the page and in the customer's order.

test.use({ baseURL: BACK_OFFICE_ORIGIN });

/** A new customer's card order of two units of this story's product, paid on the test checkout page. */
async function paidCardOrder(browser: Browser, request: APIRequestContext) {
  const customer = await createCustomerWithPhone(request);
  const { product, size } = await storyProduct(request, "admin-refunds");
  await customerCall(request, customer.token, "POST", "/customer/shopping-cart", {
    productId: product._id,
    quantity: 2,
    size: size.size,
  });
  const { order, sessionURL } = await customerCall<{ order: ApiOrder; sessionURL: string }>(
    request,
    customer.token,
    "POST",
    "/customer/orders/stripe-checkout-session",
    { phone: customer.phone, ...ORDER_ADDRESS },
  );
  const context = await browser.newContext({ baseURL: BACK_OFFICE_ORIGIN });
  await logIn(context, customer.id);
  const page = await context.newPage();
  await page.goto(sessionURL);
  await hydrated(page);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 39");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(`/customer/orders/${order._id}?payment=success`);
  await context.close();
  return { customer, order, product, size };
}

/** A figure of the page's payment summary (Paid, Refunded so far, Left to refund). */
const figure = (page: Page, label: string) =>
  page.locator(`xpath=//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

test("an admin refunds one of two units of a card order, without JavaScript, and sees the refunded amount", async ({
  browser,
  request,
  axe,
}) => {
  test.setTimeout(120_000);
  const { customer, order, product } = await paidCardOrder(browser, request);
  const unitCents = Math.round(product.sizes.find((s) => s.quantity > 0)!.price * 100);
  const total = order.pricing.totalPriceAfterDiscount;

  const admin = await browser.newContext({ baseURL: BACK_OFFICE_ORIGIN, javaScriptEnabled: false });
  const page = await admin.newPage();
  await logInAsStaff(admin, "admin");
  await page.goto(`/admin/orders/${order._id}/refund`);
  await expect(page.getByRole("heading", { name: `Refund order #${order.number}` })).toBeVisible();
  await expect(figure(page, "Paid")).toHaveText(price(total));
  await expect(figure(page, "Refunded so far")).toHaveText(price(0));

  // More than was paid is refused, and the page says why, keeping what was typed.
  await page.getByLabel("Or an amount (USD)").fill(String(total + 1));
  await page.getByLabel("Reason").fill("Parcel arrived damaged");
  await page.getByRole("button", { name: "Refund" }).click();
  await expect(page.getByLabel("Or an amount (USD)")).toHaveAccessibleDescription(
    new RegExp(`At most ${price(total)} of order #${order.number} can be refunded`),
  );
  await expect(page.getByLabel("Reason")).toHaveValue("Parcel arrived damaged");

  // One of the two units, by line.
  await page.getByLabel("Or an amount (USD)").fill("");
  await page.getByLabel(/^Quantity to refund of /).fill("1");
  await page.getByRole("button", { name: "Refund" }).click();
  await expect(page).toHaveURL(`/admin/orders/${order._id}?refunded=1`);

  await page.goto(`/admin/orders/${order._id}/refund`);
  await expect(figure(page, "Refunded so far")).toHaveText(price(unitCents / 100));
  await expect(figure(page, "Left to refund")).toHaveText(price(total - unitCents / 100));
  const refunds = page.getByRole("region", { name: "Refunds so far" });
  await expect(refunds.getByRole("row")).toHaveCount(2);
  await expect(refunds).toContainText("Refunded");
  await expect(refunds).toContainText("Parcel arrived damaged");
  await expect(page.getByText("1 refunded")).toBeVisible();

  // The customer reads it on their order.
  const { data } = await customerCall<{ data: { refundedAmount: number; refunds: { status: string }[] } }>(
    request,
    customer.token,
    "GET",
    `/customer/orders/${order._id}`,
  );
  expect(data.refundedAmount).toBe(unitCents / 100);
  expect(data.refunds.map((r) => r.status)).toEqual(["succeeded"]);

  await axe.check("body");
  await admin.close();
});

test("the refund page, refusing a refund, has no axe violations in the dark theme", async ({
  browser,
  request,
  context,
  page,
  axe,
}) => {
  test.setTimeout(120_000);
  const { order } = await paidCardOrder(browser, request);
  await setTheme(context, "dark");
  await logInAsStaff(context, "admin");
  await page.goto(`/admin/orders/${order._id}/refund`);
  await page.getByLabel("Or an amount (USD)").fill("1.234");
  await page.getByLabel("Reason").fill("Too many decimals");
  await page.getByRole("button", { name: "Refund" }).click();
  await expect(page.getByText(/^Amount must be an amount in dollars/)).toBeVisible();
  expect(await page.locator("html").evaluate((html) => html.classList.contains("dark"))).toBe(true);
  await axe.check("body");
});

test("a manager may not open the refund page", async ({ context, page }) => {
  await logInAsStaff(context, "manager");
  // The role is checked before any order is read.
  const response = await page.goto("/admin/orders/0123456789abcdef01234567/refund");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You may not open this page" })).toBeVisible();
});
