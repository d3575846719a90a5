import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  type ApiOrder,
  type ApiProduct,
  type ApiSize,
  addVerifiedPhone,
  api,
  createCustomer,
  DEMO,
  expectNoAxeViolations,
  hydrated,
  logIn,
  price,
  sessionToken,
  setTheme,
} from "./support.ts";

type Customer = Awaited<ReturnType<typeof createCustomer>>;

// Each story has its own customer (and so its own cart), and takes its products from the least sold
// end of the catalogue, a different one per story, so stories running side by side (and the other
// specs, which start from the best sellers) do not hold each other's stock.
let productsByLeastSold: string[] | undefined;

async function sizedProduct(
  request: APIRequestContext,
  pick: number,
  fits: (size: ApiSize) => boolean = (s) => s.quantity >= 5,
): Promise<{ product: ApiProduct; size: ApiSize }> {
  productsByLeastSold ??= (
    await api<{ data: { _id: string }[] }>(request, "/products?limit=100&sort=sold&fields=_id")
  ).data.map((p) => p._id);
  let found = 0;
  for (const id of productsByLeastSold) {
    const { data } = await api<{ data: ApiProduct }>(request, `/products/${id}`);
    const size = data.sizes.find(fits);
    if (size && found++ === pick) return { product: data, size };
  }
  throw new Error("no product in the demo catalogue fits");
}

const bearer = (customer: { token: string }) => ({ authorization: `Bearer ${customer.token}` });

// Sign-ups are limited per network (10 an hour), so each test worker signs up one customer and every
// story starts by setting it back to an empty cart, no saved address and `phones` phone numbers.
let account: Promise<Customer> | undefined;

async function shopper(request: APIRequestContext, { phones = 1 } = {}): Promise<Customer> {
  account ??= createCustomer(request, { verified: true, firstName: "Cart" });
  const customer = await account;
  const list = async <T>(path: string) => {
    const res = await request.get(`/api/v1/customer/${path}`, { headers: bearer(customer) });
    expect(res.status()).toBe(200);
    return (await res.json()) as T;
  };
  const cart = await list<{ cartItems: { product: { _id: string }; size: string | null }[] }>(
    "shopping-cart",
  );
  for (const line of cart.cartItems) {
    const res = await request.delete("/api/v1/customer/shopping-cart", {
      data: { productId: line.product._id, size: line.size ?? undefined },
      headers: bearer(customer),
    });
    expect(res.status()).toBe(200);
  }
  for (const kind of ["addresses", "phone-numbers"]) {
    for (const { _id } of (await list<{ data: { _id: string }[] }>(kind)).data) {
      const res = await request.delete(`/api/v1/customer/${kind}/${_id}`, { headers: bearer(customer) });
      expect(res.status()).toBe(200);
    }
  }
  for (let i = 0; i < phones; i++) await addVerifiedPhone(request, customer, `+21261234567${i}`);
  return customer;
}

async function putInCart(
  request: APIRequestContext,
  customer: { token: string },
  item: { product: ApiProduct; size: ApiSize },
  quantity = 1,
) {
  const res = await request.post("/api/v1/customer/shopping-cart", {
    data: { productId: item.product._id, size: item.size.size, quantity },
    headers: bearer(customer),
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function latestOrder(request: APIRequestContext, customer: Customer): Promise<ApiOrder> {
  const res = await request.get("/api/v1/customer/orders", { headers: bearer(customer) });
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: ApiOrder[] };
  expect(data.length).toBeGreaterThan(0);
  return data[0]!;
}

async function openCart(page: Page, customer: Customer) {
  await logIn(page.context(), customer.id);
  await page.goto("/customer/shopping-cart");
  await hydrated(page);
}

const lineName = (item: { product: ApiProduct; size: ApiSize }) =>
  `${item.product.title}, size ${item.size.size.toUpperCase()}`;

async function fillAddress(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Checkout" });
  await dialog.getByLabel("Country").fill("Morocco");
  await dialog.getByLabel("State").fill("Casablanca-Settat");
  await dialog.getByLabel("City").fill("Casablanca");
  await dialog.getByLabel("Street").fill("12 Boulevard Anfa");
  await dialog.getByLabel("Postal Code").fill("20000");
}

test("a customer adds to the cart: a spinner, a success toast, less stock shown and the quantity back at 1", async ({
  page,
  request,
}) => {
  const customer = await shopper(request, { phones: 0 });
  const item = await sizedProduct(request, 0, (s) => s.quantity >= 3 && s.quantity <= 8);
  const stock = item.size.quantity;
  await logIn(page.context(), customer.id);
  await page.goto(`/product/${item.product._id}?size=${encodeURIComponent(item.size.size)}`);
  await expect(page.getByText(`only ${stock} left in stock`)).toBeVisible();
  await page.getByRole("button", { name: "Increase quantity" }).click();
  const quantity = page.getByLabel("Quantity", { exact: true });
  await expect(quantity).toHaveText("2");

  // The answer is held back a moment, so the spinner can be seen.
  await page.route(/\.data(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("button", { name: "Adding…" })).toBeVisible();
  await expect(page.locator(".Toastify__toast--success")).toContainText(
    `${item.product.title} (size ${item.size.size.toUpperCase()}) added to your cart.`,
  );
  await expect(page.getByText(`only ${stock - 2} left in stock`)).toBeVisible();
  await expect(quantity).toHaveText("1");
  await page.unrouteAll();

  // Taking the rest empties the shelf: the quantity goes to 0 and the button greys out.
  const plus = page.getByRole("button", { name: "Increase quantity" });
  for (let i = 1; i < stock - 2; i++) await plus.click();
  await expect(quantity).toHaveText(String(stock - 2));
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Out of stock.", { exact: true })).toBeVisible();
  await expect(quantity).toHaveText("0");
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeDisabled();

  const cart = (await (
    await request.get("/api/v1/customer/shopping-cart", { headers: bearer(customer) })
  ).json()) as { cartItems: { quantity: number }[] };
  expect(cart.cartItems.map((i) => i.quantity)).toEqual([stock]);
});

test("an add to cart the server refuses shows its message as an error toast and the real stock", async ({
  page,
  request,
}) => {
  const customer = await shopper(request, { phones: 0 });
  // The demo customer is the rival: the other specs leave this end of the catalogue alone.
  const rival = { token: await sessionToken(DEMO.id) };
  const item = await sizedProduct(request, 1, (s) => s.quantity >= 2 && s.quantity <= 8);
  await logIn(page.context(), customer.id);
  await page.goto(`/product/${item.product._id}?size=${encodeURIComponent(item.size.size)}`);
  await hydrated(page);
  // Someone else takes every unit while the page is open.
  await putInCart(request, rival, item, item.size.quantity);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.locator(".Toastify__toast--error")).toContainText("out of stock");
  await expect(page.getByText("Out of stock.", { exact: true })).toBeVisible();
});

test("quantity clicks are debounced into one change, and lines can be removed down to the empty cart", async ({
  page,
  request,
}) => {
  const customer = await shopper(request);
  const first = await sizedProduct(request, 2, (s) => s.quantity >= 6);
  const second = await sizedProduct(request, 3, (s) => s.quantity >= 2);
  await putInCart(request, customer, first);
  await putInCart(request, customer, second);
  await openCart(page, customer);
  await expect(page.getByRole("heading", { name: "SHOPPING CART", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Checkout (2)" })).toBeVisible();

  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/customer/shopping-cart.data") {
      posts.push(r.postData() ?? "");
    }
  });
  const minus = page.getByRole("button", { name: `Decrease quantity of ${lineName(first)}` });
  const plus = page.getByRole("button", { name: `Increase quantity of ${lineName(first)}` });
  await expect(minus).toBeDisabled();
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/customer/shopping-cart.data" && r.request().method() === "POST",
  );
  await plus.click();
  await plus.click();
  await plus.click();
  await minus.click();
  await expect(page.getByRole("status", { name: `Quantity of ${lineName(first)}` })).toHaveText("3");
  await answered;
  await expect(page.getByRole("status", { name: `Quantity of ${lineName(first)}` })).toHaveText("3");
  await expect(
    page.getByRole("listitem").filter({ hasText: first.product.title }).getByTestId("line-total"),
  ).toHaveText(`Total Price: ${price(first.size.price * 3)}`);
  // Past the debounce window, still that one request.
  await page.waitForTimeout(800);
  expect(posts).toHaveLength(1);
  expect(new URLSearchParams(posts[0]).get("intent")).toBe("update");
  expect(new URLSearchParams(posts[0]).get("quantity")).toBe("3");

  await page.getByRole("button", { name: `Remove ${lineName(second)} from the cart` }).click();
  await expect(page.locator(".Toastify__toast", { hasText: "removed from your cart" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Checkout (1)" })).toBeVisible();
  await expect(page.getByRole("link", { name: second.product.title })).toHaveCount(0);
  await page.getByRole("button", { name: `Remove ${lineName(first)} from the cart` }).click();
  await expect(page.getByRole("heading", { name: "Your shopping cart is empty." })).toBeVisible();
  await page.getByRole("link", { name: "BACK TO HOME PAGE" }).click();
  await expect(page).toHaveURL("/");
});

test("a quantity change still waiting is sent before another line is removed, not lost", async ({
  page,
  request,
}) => {
  const customer = await shopper(request);
  const first = await sizedProduct(request, 11, (s) => s.quantity >= 4);
  const second = await sizedProduct(request, 12, (s) => s.quantity >= 2);
  await putInCart(request, customer, first);
  await putInCart(request, customer, second);
  await openCart(page, customer);
  await page.getByRole("button", { name: `Increase quantity of ${lineName(first)}` }).click();
  // Within the debounce window: the removal must not abort the change waiting to go.
  await page.getByRole("button", { name: `Remove ${lineName(second)} from the cart` }).click();
  await expect(page.getByRole("button", { name: "Checkout (1)" })).toBeVisible();
  await expect(page.getByRole("status", { name: `Quantity of ${lineName(first)}` })).toHaveText("2");
  const res = await request.get("/api/v1/customer/shopping-cart", { headers: bearer(customer) });
  const cart = (await res.json()) as { cartItems: { product: { _id: string }; quantity: number }[] };
  expect(cart.cartItems.map((line) => [line.product._id, line.quantity])).toEqual([[first.product._id, 2]]);
});

test("a customer applies a coupon and sees confetti, a success toast and the total struck through", async ({
  page,
  request,
}) => {
  const customer = await shopper(request);
  const item = await sizedProduct(request, 4);
  await putInCart(request, customer, item, 2);
  await openCart(page, customer);
  const field = page.getByLabel("Coupon Code");
  await field.fill("ab");
  await expect(page.getByText("Coupon code must be at least 3 characters.")).toBeHidden();
  await field.blur();
  await expect(page.getByText("Coupon code must be at least 3 characters.")).toBeVisible();
  await field.fill("");
  await expect(page.getByText("Coupon code is required.")).toBeVisible();
  await field.fill("NOSUCHCODE");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator(".Toastify__toast--error")).toContainText("There is no coupon NOSUCHCODE.");

  await field.fill("welcome10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("body > canvas")).toBeAttached();
  await expect(page.locator(".Toastify__toast--success")).toContainText(/^Price discount applied/);
  const summary = page.getByTestId("order-summary");
  const before = summary.getByTestId("total-before-discount");
  await expect(before).toBeVisible();
  expect(await before.evaluate((el) => el.tagName)).toBe("S");
  expect(await before.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("line-through");
  expect(await before.evaluate((el) => getComputedStyle(el).color)).toMatch(/^(rgb|oklch)/);
  await expect(summary).toContainText("WELCOME10");
  await expect(summary).toContainText("10%");
  await expect(page.getByLabel("Coupon Code")).toHaveCount(0);
});

test("checkout by cash on delivery: the popup checks its fields, then the order is placed", async ({
  page,
  request,
}) => {
  const customer = await shopper(request, { phones: 2 });
  const item = await sizedProduct(request, 5);
  await putInCart(request, customer, item);
  await openCart(page, customer);
  await page.getByRole("button", { name: "Checkout (1)" }).click();
  const dialog = page.getByRole("dialog", { name: "Checkout" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Credit Card")).toBeChecked();
  // Nothing saved yet: no address to choose.
  await expect(dialog.getByLabel("Saved Address")).toBeDisabled();
  await expect(dialog.getByText("Country is required.")).toBeHidden();
  await dialog.getByRole("button", { name: "Place Order" }).click();
  for (const message of [
    "Select phone number.",
    "Country is required.",
    "State is required.",
    "City is required.",
    "Street address is required.",
    "Postal code is required.",
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await dialog.getByLabel("Postal Code").fill("12");
  await expect(dialog.getByText("Postal code must be between 4 and 10 digits.")).toBeVisible();
  await dialog.getByLabel("Cash On Delivery").check();
  await dialog.getByLabel("Phone Number").selectOption("+212612345671");
  await fillAddress(page);
  await dialog.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL("/customer/orders");
  const order = await latestOrder(request, customer);
  expect(order.status).toBe("placed");
  await expect(page.locator(".Toastify__toast--success")).toContainText(`Order #${order.number} placed`);
  // The orders page lists it.
  const card = page
    .getByRole("list", { name: "Orders" })
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: `Order #${order.number}` }) });
  await expect(card.getByTestId("order-status")).toHaveText("Placed");
  await expect(card).toContainText("Cash On Delivery");
  await expect(card.getByRole("link", { name: item.product.title })).toBeVisible();
});

test("checkout by card goes through the test checkout page and the order is paid", async ({
  page,
  request,
}) => {
  const customer = await shopper(request);
  const saved = await request.post("/api/v1/customer/addresses", {
    data: {
      country: "France",
      state: "Ile-de-France",
      city: "Paris",
      street: "5 Rue de Rivoli",
      postalCode: "75001",
    },
    headers: bearer(customer),
  });
  expect(saved.status()).toBe(201);
  const item = await sizedProduct(request, 6);
  await putInCart(request, customer, item, 2);
  await openCart(page, customer);
  await page.getByRole("button", { name: "Checkout (1)" }).click();
  const dialog = page.getByRole("dialog", { name: "Checkout" });
  await dialog
    .getByLabel("Saved Address")
    .selectOption({ label: "5 Rue de Rivoli, Paris, Ile-de-France 75001, France" });
  await expect(dialog.getByLabel("City")).toHaveValue("Paris");
  await expect(dialog.getByLabel("Postal Code")).toHaveValue("75001");
  await dialog.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_[0-9a-f]+$/);
  await expect(page.getByRole("heading", { name: "Test checkout" })).toBeVisible();
  const order = await latestOrder(request, customer);
  expect(order.status).toBe("pending_payment");
  await expect(page.getByText(`Order #${order.number}`, { exact: true })).toBeVisible();
  await expect(page.getByText(item.product.title)).toBeVisible();
  await hydrated(page);
  // Card fields are checked once touched.
  await page.getByLabel("Card number").fill("4242");
  await expect(page.getByText("Your card number is incomplete.")).toBeHidden();
  await page.getByLabel("Card number").blur();
  await expect(page.getByText("Your card number is incomplete.")).toBeVisible();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 39");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();

  await expect(page).toHaveURL(`/customer/orders/${order._id}?payment=success`);
  const res = await request.get(`/api/v1/customer/orders/${order._id}`, { headers: bearer(customer) });
  expect(res.status()).toBe(200);
  const paid = ((await res.json()) as { data: ApiOrder }).data;
  expect(paid.status).toBe("paid");
  expect(paid.isPaid).toBe(true);
  // The shopper sees it too: the thank-you notice and the timeline.
  await expect(page.getByText("Payment received")).toBeVisible();
  await expect(page.getByRole("region", { name: "Status" })).toContainText("Paid");
});

test("a declined card is shown on the test checkout, and cancelling brings the items back to the cart", async ({
  page,
  request,
}) => {
  const customer = await shopper(request);
  const item = await sizedProduct(request, 7);
  await putInCart(request, customer, item);
  await openCart(page, customer);
  await page.getByRole("button", { name: "Checkout (1)" }).click();
  await fillAddress(page);
  await page.getByRole("dialog").getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\//);
  await hydrated(page);
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 39");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  const order = await latestOrder(request, customer);
  expect(order.status).toBe("pending_payment");

  await page.getByRole("link", { name: "Cancel and return to the shop" }).click();
  await expect(page).toHaveURL(`/customer/shopping-cart?cancelledOrder=${order._id}`);
  await expect(page.getByRole("status").filter({ hasText: "Your payment was cancelled." })).toBeVisible();
  await expect(page.getByRole("link", { name: item.product.title })).toBeVisible();
  expect((await latestOrder(request, customer)).status).toBe("cancelled");

  // The closed payment page no longer takes a card.
  await page.goBack();
  await page.reload();
  await expect(
    page.getByText(`Order #${order.number} was cancelled: this payment page is closed.`),
  ).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveCount(0);
});

test("without a saved phone number, Checkout leads to the add-phone page", async ({ page, request }) => {
  const customer = await shopper(request, { phones: 0 });
  await putInCart(request, customer, await sizedProduct(request, 8));
  await openCart(page, customer);
  await page.getByRole("link", { name: "Checkout (1)" }).click();
  await expect(page).toHaveURL("/customer/add-phone-number");
});

test("a visitor is sent away from the cart and the test checkout needs no log-in", async ({ page }) => {
  await page.goto("/customer/shopping-cart");
  await expect(page).toHaveURL("/");
  const missing = await page.goto("/checkout/test/cs_test_nosuchsession");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("This payment page does not exist or has been closed.")).toBeVisible();
  const html = await (await page.request.get("/checkout/test/cs_test_nosuchsession")).text();
  expect(html).toContain('name="robots" content="noindex"');
});

for (const theme of ["light", "dark"] as const) {
  test(`the cart, the checkout popup and the test checkout have no axe violations (${theme})`, async ({
    page,
    context,
    request,
  }) => {
    await setTheme(context, theme);
    const customer = await shopper(request);
    await putInCart(request, customer, await sizedProduct(request, theme === "light" ? 9 : 10), 2);
    await openCart(page, customer);
    await expect(page.getByRole("button", { name: "Checkout (1)" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Checkout (1)" }).click();
    await expect(page.getByRole("dialog", { name: "Checkout" })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByText("Country is required.")).toBeVisible();
    await expectNoAxeViolations(page);
    await fillAddress(page);
    await page.getByRole("dialog").getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/checkout\/test\//);
    await hydrated(page);
    await expectNoAxeViolations(page);
    // The order took the cart's items: it is empty now.
    await page.goto("/customer/shopping-cart");
    await expect(page.getByRole("heading", { name: "Your shopping cart is empty." })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
