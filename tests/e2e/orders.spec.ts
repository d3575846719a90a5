import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  STORY_TRACKING,
  type StoryOrderKey,
  storyOrderCustomerId,
  storyOrderId,
  storyTrackingUrl,
} from "./story-orders.ts";
import { type StoryProductKey, storyProduct } from "./story-products.ts";
import {
  type ApiOrder,
  type ApiProduct,
  createCustomer,
  createCustomerWithPhone,
  customerCall,
  hydrated,
  logIn,
  ORDER_ADDRESS,
  placeOrder,
  price,
  setTheme,
} from "./support.ts";

const orderCards = (page: Page) => page.getByRole("list", { name: "Orders" }).getByRole("article");

test("a customer with no orders sees No Orders Yet and a way back home", async ({
  page,
  context,
  request,
}) => {
  const customer = await createCustomer(request, { verified: true });
  await logIn(context, customer.id);
  await page.goto("/customer/orders");
  await expect(page.getByRole("heading", { name: "No Orders Yet" })).toBeVisible();
  await page.getByRole("link", { name: "BACK TO HOME PAGE" }).click();
  await expect(page).toHaveURL("/");
});

test("a cash-on-delivery order shows in the list with its items and totals, and its page has the timeline", async ({
  page,
  context,
  request,
}) => {
  const customer = await createCustomerWithPhone(request);
  const { product, size } = await storyProduct(request, "orders-cash");
  const order = await placeOrder(request, customer, product);
  expect(order.items.map((i) => [i.product._id, i.size, i.quantity])).toEqual([[product._id, size.size, 1]]);
  await logIn(context, customer.id);

  await page.goto("/customer/orders");
  await expect(orderCards(page)).toHaveCount(1);
  const card = orderCards(page).first();
  await expect(card.getByRole("heading", { name: `Order #${order.number}` })).toBeVisible();
  await expect(card.getByTestId("order-status")).toHaveText("Placed");
  await expect(card).toContainText("Cash On Delivery");
  await expect(card.getByRole("link", { name: product.title })).toHaveAttribute(
    "href",
    `/product/${product._id}`,
  );
  await expect(card).toContainText(`Size: ${size.size.toUpperCase()}`);
  await expect(card).toContainText("Quantity: 1");
  await expect(card.locator("img")).toHaveCount(1);
  await expect(card.getByRole("definition").last()).toHaveText(price(order.pricing.totalPrice));

  await card.getByRole("link", { name: `View order details of order #${order.number}` }).click();
  await expect(page).toHaveURL(`/customer/orders/${order._id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${order.number}`);
  const summary = page.getByRole("region", { name: "Order Summary" });
  const { totalPrice, taxPrice, shippingPrice } = order.pricing;
  for (const [label, amount] of [
    ["Subtotal", totalPrice - taxPrice - shippingPrice],
    ["Tax Price", taxPrice],
    ["Shipping Price", shippingPrice],
    ["Total Price", totalPrice],
  ] as const) {
    await expect(summary.getByText(label, { exact: true }).locator("xpath=following-sibling::dd")).toHaveText(
      price(amount),
    );
  }
  // No coupon: its rows, Total Price After Discount included, are left out (docs/storefront/cart.md#summary).
  await expect(summary.getByText("Total Price After Discount")).toHaveCount(0);
  const shipping = page.getByRole("region", { name: "Shipping" });
  await expect(shipping).toContainText(ORDER_ADDRESS.street);
  await expect(shipping).toContainText(customer.phone);
  await expect(page.getByRole("region", { name: "Payment" })).toContainText("Cash On Delivery");
  await expect(page.getByRole("region", { name: "Status" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Status" })).toContainText("Placed");
});

test("an unpaid card order shows when its payment window ends; back from paying, the payment is being confirmed", async ({
  page,
  context,
  request,
}) => {
  const customer = await createCustomerWithPhone(request);
  const { product } = await storyProduct(request, "orders-card");
  const order = await placeOrder(request, customer, product, "stripe-checkout-session");
  expect(order.status).toBe("pending_payment");
  expect(order.paymentExpiresAt).not.toBeNull();
  await logIn(context, customer.id);

  await page.goto("/customer/orders");
  await expect(orderCards(page)).toHaveCount(1);
  const card = orderCards(page).first();
  await expect(card.getByRole("heading", { name: `Order #${order.number}` })).toBeVisible();
  await expect(card.getByTestId("order-status")).toHaveText("Awaiting payment");
  await expect(card).toContainText("Credit Card");
  await expect(card).toContainText("Awaiting payment until");
  await expect(card.locator(`time[datetime="${order.paymentExpiresAt}"]`)).toHaveCount(1);

  await page.goto(`/customer/orders/${order._id}?payment=success`);
  await expect(page.getByRole("status").filter({ hasText: "Thank you for your order!" })).toContainText(
    "We're confirming your payment",
  );
});

/** A card order placed through the API: the order and its payment page on the test provider. */
async function cardOrder(
  request: APIRequestContext,
  customer: { token: string; phone: string },
  product: ApiProduct,
) {
  await customerCall(request, customer.token, "POST", "/customer/shopping-cart", {
    productId: product._id,
    quantity: 1,
    size: product.sizes.find((s) => s.quantity > 0)?.size,
  });
  return customerCall<{ order: ApiOrder; sessionURL: string }>(
    request,
    customer.token,
    "POST",
    "/customer/orders/stripe-checkout-session",
    { phone: customer.phone, ...ORDER_ADDRESS },
  );
}

/** A new customer, signed in, whose card order of this story's product awaits payment. */
async function awaitingCardOrder(request: APIRequestContext, context: BrowserContext, key: StoryProductKey) {
  const customer = await createCustomerWithPhone(request);
  const { product } = await storyProduct(request, key);
  const placed = await cardOrder(request, customer, product);
  await logIn(context, customer.id);
  return { product, ...placed };
}

async function payWithTestCard(page: Page) {
  await hydrated(page);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 39");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
}

test("Back from the payment page lands on the order, which awaits payment; Complete payment reopens the page and pays", async ({
  page,
  context,
  request,
}) => {
  const { order, sessionURL } = await awaitingCardOrder(request, context, "orders-back-to-payment");
  await page.goto(sessionURL);
  await page.getByRole("link", { name: "Back to the shop" }).click();

  await expect(page).toHaveURL(`/customer/orders/${order._id}`);
  const notice = page.getByRole("status").filter({ hasText: "This order awaits payment." });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("button", { name: `Cancel order #${order.number}` })).toBeVisible();
  await hydrated(page);
  await notice.getByRole("button", { name: /^Complete payment/ }).click();
  // The same payment page, reopened.
  await expect(page).toHaveURL(sessionURL);
  await payWithTestCard(page);

  await expect(page).toHaveURL(`/customer/orders/${order._id}?payment=success`);
  await expect(page.getByText("Payment received")).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  await expect(page.getByRole("button", { name: /^Complete payment/ })).toHaveCount(0);
});

test("while a card order awaits payment, the orders list and the cart offer Complete payment; the cart can cancel it", async ({
  page,
  context,
  request,
}) => {
  const { order, sessionURL, product } = await awaitingCardOrder(request, context, "orders-complete-payment");

  await page.goto("/customer/orders");
  const card = orderCards(page).first();
  await expect(
    card.getByRole("button", { name: `Complete payment of order #${order.number}` }),
  ).toBeVisible();

  await page.goto("/customer/shopping-cart");
  const notice = page.getByRole("status").filter({ hasText: `Order #${order.number} awaits payment.` });
  await expect(notice).toBeVisible();
  await hydrated(page);
  await notice.getByRole("button", { name: /^Complete payment/ }).click();
  await expect(page).toHaveURL(sessionURL);

  await page.goBack();
  await expect(page).toHaveURL("/customer/shopping-cart");
  await hydrated(page);
  await page
    .getByRole("status")
    .filter({ hasText: `Order #${order.number} awaits payment.` })
    .getByRole("button", { name: `Cancel order #${order.number}` })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Your payment was cancelled." })).toBeVisible();
  await expect(page.getByRole("link", { name: product.title })).toBeVisible();
  await expect(page.getByText("awaits payment")).toHaveCount(0);
});

test("an unknown order, or another customer's, is not found", async ({ page, context, request }) => {
  const owner = await createCustomerWithPhone(request);
  const { product } = await storyProduct(request, "orders-other-customer");
  const order = await placeOrder(request, owner, product);
  const other = await createCustomer(request, { verified: true });
  await logIn(context, other.id);
  for (const id of [order._id, "f".repeat(24), "not-an-id"]) {
    await page.goto(`/customer/orders/${id}`);
    await expect(
      page.getByRole("heading", { name: "Oops! The order you are looking for does not exist." }),
    ).toBeVisible();
  }
  await page.getByRole("link", { name: "BACK TO ORDERS" }).click();
  await expect(page).toHaveURL("/customer/orders");
});

test("a sent order shows its carrier, tracking number and a Track package link, and its refunds", async ({
  page,
  context,
}) => {
  // Sent and partly refunded by the back office before the shop started (story-orders.ts).
  const key: StoryOrderKey = "sent";
  await logIn(context, storyOrderCustomerId(key));
  await page.goto("/customer/orders");
  const card = orderCards(page).first();
  await expect(card.getByTestId("order-status")).toHaveText("Shipped");
  await expect(card).toContainText(STORY_TRACKING.trackingNumber);
  const number = (await card.getByRole("heading").textContent())!.replace("Order #", "");
  await expect(
    card.getByRole("link", { name: `Track package of order #${number} (opens in a new tab)` }),
  ).toHaveAttribute("href", storyTrackingUrl(key));

  await page.goto(`/customer/orders/${storyOrderId(key)}`);
  await expect(page.getByTestId("order-status")).toHaveText("Shipped");
  const shipping = page.getByRole("region", { name: "Shipping" });
  await expect(
    shipping.getByText("Carrier", { exact: true }).locator("xpath=following-sibling::dd[1]"),
  ).toHaveText(STORY_TRACKING.carrier);
  await expect(
    shipping.getByText("Tracking number", { exact: true }).locator("xpath=following-sibling::dd[1]"),
  ).toHaveText(STORY_TRACKING.trackingNumber);
  const track = shipping.getByRole("link", { name: "Track package (opens in a new tab)" });
  await expect(track).toHaveAttribute("href", storyTrackingUrl(key));
  await expect(track).toHaveAttribute("target", "_blank");
  await expect(track).toHaveAttribute("rel", "noopener noreferrer");

  const refunds = page.getByRole("region", { name: "Payment" }).getByRole("list", { name: "Refunds" });
  await expect(refunds.getByRole("listitem")).toHaveText([
    /^Refunded 12,00 USD on \d{1,2} \w{3} \d{4}$/,
    "Refund pending: 5,00 USD",
  ]);
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(
    summary.getByText("Refunded", { exact: true }).locator("xpath=following-sibling::dd"),
  ).toHaveText(`-${price(17)}`);
  const timeline = page.getByRole("region", { name: "Status" }).getByRole("listitem");
  await expect(timeline).toHaveCount(4);
  await expect(timeline.last()).toContainText("Shipped");
  await expect(timeline.last()).toContainText("Left our warehouse in Casablanca.");
  // Sent: nothing to cancel any more.
  await expect(page.getByText("Changed your mind?")).toHaveCount(0);
});

test("a visitor who opens the orders is sent home", async ({ page }) => {
  await page.goto("/customer/orders");
  await expect(page).toHaveURL("/");
});

// One scan per state and theme: no orders yet, the list with an order, the order's page, awaiting
// payment, its cancellation open, cancelled, and sent and partly refunded.
test.describe("accessibility of the orders pages", () => {
  for (const theme of ["light", "dark"] as const) {
    test(`the orders page without orders has no axe violations (${theme})`, async ({
      page,
      context,
      request,
      axe,
    }) => {
      const customer = await createCustomer(request, { verified: true });
      await setTheme(context, theme);
      await logIn(context, customer.id);
      await page.goto("/customer/orders");
      await expect(page.getByRole("heading", { name: "No Orders Yet" })).toBeVisible();
      await axe.check();
    });

    test(`the orders list with an order has no axe violations (${theme})`, async ({
      page,
      context,
      request,
      axe,
    }) => {
      const customer = await createCustomerWithPhone(request);
      const { product } = await storyProduct(request, `orders-axe-list-${theme}`);
      const order = await placeOrder(request, customer, product);
      await setTheme(context, theme);
      await logIn(context, customer.id);
      await page.goto("/customer/orders");
      await expect(orderCards(page)).toHaveCount(1);
      await expect(orderCards(page).getByRole("heading", { name: `Order #${order.number}` })).toBeVisible();
      await axe.check();
    });

    test(`an order's page has no axe violations (${theme})`, async ({ page, context, request, axe }) => {
      const customer = await createCustomerWithPhone(request);
      const { product } = await storyProduct(request, `orders-axe-detail-${theme}`);
      const order = await placeOrder(request, customer, product);
      await setTheme(context, theme);
      await logIn(context, customer.id);
      await page.goto(`/customer/orders/${order._id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${order.number}`);
      await axe.check();
    });

    test(`a placed order with its cancellation open has no axe violations (${theme})`, async ({
      page,
      context,
      request,
      axe,
    }) => {
      const customer = await createCustomerWithPhone(request);
      const { product } = await storyProduct(request, `orders-cancel-axe-${theme}`);
      const order = await placeOrder(request, customer, product);
      await setTheme(context, theme);
      await logIn(context, customer.id);
      await page.goto(`/customer/orders/${order._id}`);
      await page.getByText("Cancel order", { exact: true }).click();
      await expect(page.getByRole("button", { name: `Yes, cancel order #${order.number}` })).toBeVisible();
      await axe.check();
    });

    test(`a cancelled order has no axe violations (${theme})`, async ({ page, context, request, axe }) => {
      const customer = await createCustomerWithPhone(request);
      const { product } = await storyProduct(request, `orders-cancelled-axe-${theme}`);
      const order = await placeOrder(request, customer, product);
      await customerCall(request, customer.token, "POST", `/customer/orders/${order._id}/cancel`);
      await setTheme(context, theme);
      await logIn(context, customer.id);
      await page.goto(`/customer/orders/${order._id}`);
      await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
      await axe.check();
    });

    test(`a sent and partly refunded order has no axe violations (${theme})`, async ({
      page,
      context,
      axe,
    }) => {
      const key: StoryOrderKey = `sent-axe-${theme}`;
      await setTheme(context, theme);
      await logIn(context, storyOrderCustomerId(key));
      await page.goto(`/customer/orders/${storyOrderId(key)}`);
      await expect(page.getByRole("link", { name: /^Track package/ })).toBeVisible();
      await expect(page.getByRole("list", { name: "Refunds" })).toBeVisible();
      await axe.check();
    });

    test(`an order awaiting payment has no axe violations (${theme})`, async ({
      page,
      context,
      request,
      axe,
    }) => {
      const { order } = await awaitingCardOrder(request, context, `orders-axe-awaiting-${theme}`);
      await setTheme(context, theme);
      await page.goto(`/customer/orders/${order._id}`);
      await expect(page.getByRole("status").filter({ hasText: "This order awaits payment." })).toBeVisible();
      await axe.check();
    });
  }
});
