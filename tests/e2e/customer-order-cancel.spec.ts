import type { Page } from "@playwright/test";
import { BACK_OFFICE_ORIGIN } from "./first-admin.ts";
import { expect, test } from "./fixtures.ts";
import { storyProduct } from "./story-products.ts";
import {
  type ApiOrder,
  createCustomerWithPhone,
  customerCall,
  hydrated,
  ORDER_ADDRESS,
  sessionToken,
} from "./support.ts";

// The customer cancels an order the shop has not started on, from the order's page
// (docs/storefront/orders.md#cancelling-an-order), and its units are for sale again. On the back
// office's shop (playwright.config.ts), as other stories that change stock are, with a product of
// its own.

const BASE = BACK_OFFICE_ORIGIN;
test.use({ baseURL: BASE });

/** What the product page says of the stock of size M. */
async function stockOfSizeM(page: Page, productId: string) {
  await page.goto(`/product/${productId}?size=M`);
  return page.getByText(/^only \d+ left in stock$/);
}

test("a customer cancels a placed order from its page, after confirming, and its units are for sale again", async ({
  page,
  context,
  request,
}) => {
  const customer = await createCustomerWithPhone(request);
  await context.addCookies([{ name: "JWTToken", value: await sessionToken(customer.id), url: BASE }]);
  const { product } = await storyProduct(request, "orders-customer-cancel");
  await expect(await stockOfSizeM(page, product._id)).toHaveText("only 7 left in stock");

  await customerCall(request, customer.token, "POST", "/customer/shopping-cart", {
    productId: product._id,
    quantity: 3,
    size: "M",
  });
  const { order } = await customerCall<{ order: ApiOrder }>(
    request,
    customer.token,
    "POST",
    "/customer/orders/cash-on-delivery",
    { phone: customer.phone, ...ORDER_ADDRESS },
  );
  await expect(await stockOfSizeM(page, product._id)).toHaveText("only 4 left in stock");

  await page.goto(`/customer/orders/${order._id}`);
  await expect(page.getByTestId("order-status")).toHaveText("Placed");
  const offer = page.getByRole("region", { name: "Changed your mind?" });
  const confirm = offer.getByRole("button", { name: `Yes, cancel order #${order.number}` });
  // The confirmation is folded away until asked for; Keep my order folds it again.
  await expect(confirm).toBeHidden();
  await hydrated(page);
  await offer.getByText("Cancel order", { exact: true }).click();
  await expect(confirm).toBeVisible();
  await offer.getByRole("link", { name: "Keep my order" }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(`/customer/orders/${order._id}`);

  await offer.getByText("Cancel order", { exact: true }).click();
  await confirm.click();
  await expect(page.getByRole("status").filter({ hasText: "Your order was cancelled." })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
  await expect(page.getByRole("region", { name: "Changed your mind?" })).toHaveCount(0);
  const timeline = page.getByRole("region", { name: "Status" }).getByRole("listitem");
  await expect(timeline.last()).toContainText("Cancelled");
  await expect(timeline.last()).toContainText("The customer cancelled the order.");

  await expect(await stockOfSizeM(page, product._id)).toHaveText("only 7 left in stock");
  const res = await request.get(`/api/v1/products/${product._id}`);
  const detail = (await res.json()) as { data: { sizes: { size: string; quantity: number }[] } };
  expect(detail.data.sizes.find((s) => s.size === "M")?.quantity).toBe(7);
});

test("without JavaScript the confirmation still opens and the cancellation goes through", async ({
  browser,
  request,
}) => {
  const customer = await createCustomerWithPhone(request);
  const { product } = await storyProduct(request, "orders-customer-cancel");
  await customerCall(request, customer.token, "POST", "/customer/shopping-cart", {
    productId: product._id,
    quantity: 1,
    size: "S",
  });
  const { order } = await customerCall<{ order: ApiOrder }>(
    request,
    customer.token,
    "POST",
    "/customer/orders/cash-on-delivery",
    { phone: customer.phone, ...ORDER_ADDRESS },
  );
  const context = await browser.newContext({ baseURL: BASE, javaScriptEnabled: false });
  await context.addCookies([{ name: "JWTToken", value: await sessionToken(customer.id), url: BASE }]);
  const page = await context.newPage();
  await page.goto(`/customer/orders/${order._id}`);
  await page.getByText("Cancel order", { exact: true }).click();
  await page.getByRole("button", { name: `Yes, cancel order #${order.number}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your order was cancelled." })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
  await context.close();
});
