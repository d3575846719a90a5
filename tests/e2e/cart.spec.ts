import type { APIRequestContext, Page } from "@playwright/test";
import { QUANTITY_DEBOUNCE_MS } from "../../contract/shopping.ts";
import { expect, test } from "./fixtures.ts";
import { STORY_STOCK, type StoryProductKey, storyProduct } from "./story-products.ts";
import {
  type ApiOrder,
  type ApiProduct,
  type ApiSize,
  addVerifiedPhone,
  createCustomer,
  hydrated,
  logIn,
  pauseClock,
  price,
  setTheme,
} from "./support.ts";

type Customer = Awaited<ReturnType<typeof createCustomer>>;
type Item = { product: ApiProduct; size: ApiSize };

// Each story signs up a customer of its own (and so has a cart of its own) and takes stock only from
// products of its own (STORY_STOCK in story-products.ts), so stories running side by side never hold
// each other's units.
async function shopper(request: APIRequestContext, { phones = 1 } = {}): Promise<Customer> {
  const customer = await createCustomer(request, { verified: true, firstName: "Cart" });
  for (let i = 0; i < phones; i++) await addVerifiedPhone(request, customer, `+21261234567${i}`);
  return customer;
}

const bearer = (customer: { token: string }) => ({ authorization: `Bearer ${customer.token}` });

async function putInCart(request: APIRequestContext, customer: { token: string }, item: Item, quantity = 1) {
  const res = await request.post("/api/v1/customer/shopping-cart", {
    data: { productId: item.product._id, size: item.size.size, quantity },
    headers: bearer(customer),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The cart as the API has it: [product id, size, quantity] per line. */
async function cartLines(request: APIRequestContext, customer: Customer) {
  const res = await request.get("/api/v1/customer/shopping-cart", { headers: bearer(customer) });
  expect(res.status()).toBe(200);
  const cart = (await res.json()) as {
    cartItems: { product: { _id: string }; size: string | null; quantity: number }[];
  };
  return cart.cartItems.map((line) => [line.product._id, line.size, line.quantity]);
}

async function orders(request: APIRequestContext, customer: Customer): Promise<ApiOrder[]> {
  const res = await request.get("/api/v1/customer/orders", { headers: bearer(customer) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: ApiOrder[] }).data;
}

/** The customer's one order: the story placed exactly one. */
async function onlyOrder(request: APIRequestContext, customer: Customer): Promise<ApiOrder> {
  const placed = await orders(request, customer);
  expect(placed).toHaveLength(1);
  return placed[0]!;
}

async function openCart(page: Page, customer: Customer) {
  await logIn(page.context(), customer.id);
  await page.goto("/customer/shopping-cart");
  await hydrated(page);
}

const lineName = (item: Item) => `${item.product.title}, size ${item.size.size.toUpperCase()}`;

async function fillAddress(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Checkout" });
  await dialog.getByLabel("Country").fill("Morocco");
  await dialog.getByLabel("State").fill("Casablanca-Settat");
  await dialog.getByLabel("City").fill("Casablanca");
  await dialog.getByLabel("Street").fill("12 Boulevard Anfa");
  await dialog.getByLabel("Postal Code").fill("20000");
}

/**
 * Counts, inside the page, the cart page's change requests (POSTs of its `.data`) as the page sends
 * them. Read right after `page.clock.runFor`, the count is exact: the timers due have run and sent
 * what they send, whereas Playwright's request events arrive some time later.
 */
async function countCartPosts(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { cartPosts: number };
    counted.cartPosts = 0;
    const send = window.fetch;
    window.fetch = function (input, init) {
      const request = input instanceof Request ? input : undefined;
      const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
      const url = new URL(request?.url ?? String(input), location.href);
      if (method === "POST" && url.pathname === "/customer/shopping-cart.data") counted.cartPosts++;
      return send.call(this, input, init);
    };
  });
}

const cartPosts = (page: Page) => page.evaluate(() => (window as unknown as { cartPosts: number }).cartPosts);

test("a customer adds to the cart: a spinner, a success toast, less stock shown and the quantity back at 1", {
  tag: "@smoke",
}, async ({ page, request }) => {
  const customer = await shopper(request, { phones: 0 });
  const item = await storyProduct(request, "cart-add");
  const stock = item.size.quantity;
  // Untouched before the story: all of it is shown as left, and the story takes all of it.
  expect(stock).toBe(STORY_STOCK["cart-add"].M);
  await logIn(page.context(), customer.id);
  await page.goto(`/product/${item.product._id}?size=${encodeURIComponent(item.size.size)}`);
  await expect(page.getByText(`only ${stock} left in stock`)).toBeVisible();
  await page.getByRole("button", { name: "Increase quantity" }).click();
  const quantity = page.getByLabel("Quantity", { exact: true });
  await expect(quantity).toHaveText("2");

  // The add is held at the network until the spinner has been seen, however slow the machine.
  let spinnerSeen!: () => void;
  const seen = new Promise<void>((resolve) => {
    spinnerSeen = resolve;
  });
  let held = 0;
  await page.route(/\.data(\?|$)/, async (route) => {
    if (route.request().method() === "POST") {
      held++;
      await seen;
    }
    await route.continue();
  });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("button", { name: "Adding…" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Adding…" })).toHaveAttribute("aria-busy", "true");
  await expect.poll(() => held).toBe(1);
  spinnerSeen();
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

  expect(await cartLines(request, customer)).toEqual([[item.product._id, item.size.size, stock]]);
});

test("an add to cart the server refuses shows its message as an error toast and the real stock", async ({
  page,
  request,
}) => {
  const customer = await shopper(request, { phones: 0 });
  const rival = await shopper(request, { phones: 0 });
  const item = await storyProduct(request, "cart-refused");
  await logIn(page.context(), customer.id);
  await page.goto(`/product/${item.product._id}?size=${encodeURIComponent(item.size.size)}`);
  await expect(page.getByText(`only ${item.size.quantity} left in stock`)).toBeVisible();
  // Someone else takes every unit while the page is open.
  await putInCart(request, rival, item, item.size.quantity);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.locator(".Toastify__toast--error")).toHaveText(
    `Sorry, ${item.product.title} (size ${item.size.size.toUpperCase()}) is out of stock.`,
  );
  await expect(page.getByText("Out of stock.", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeDisabled();
  expect(await cartLines(request, customer)).toEqual([]);
});

test("quantity clicks are debounced into one change, and lines can be removed down to the empty cart", async ({
  page,
  request,
}) => {
  const customer = await shopper(request);
  const first = await storyProduct(request, "cart-debounce");
  const second = await storyProduct(request, "cart-debounce-second");
  await putInCart(request, customer, first);
  await putInCart(request, customer, second);
  await countCartPosts(page);
  await page.clock.install();
  await openCart(page, customer);
  await expect(page.getByRole("heading", { name: "SHOPPING CART", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Checkout (2)" })).toBeVisible();

  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/customer/shopping-cart.data") {
      posts.push(r.postData() ?? "");
    }
  });
  const status = page.getByRole("status", { name: `Quantity of ${lineName(first)}` });
  const minus = page.getByRole("button", { name: `Decrease quantity of ${lineName(first)}` });
  const plus = page.getByRole("button", { name: `Increase quantity of ${lineName(first)}` });
  await expect(minus).toBeDisabled();

  // Time stands still while the shopper clicks: all four clicks fall inside one debounce window.
  await pauseClock(page);
  await plus.click();
  await plus.click();
  await plus.click();
  await minus.click();
  await expect(status).toHaveText("3");
  // Just before the delay has passed since the last click, nothing has been sent.
  await page.clock.runFor(QUANTITY_DEBOUNCE_MS - 1);
  expect(await cartPosts(page)).toBe(0);
  await expect(status).toHaveText("3");

  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/customer/shopping-cart.data" && r.request().method() === "POST",
  );
  await page.clock.runFor(1);
  await expect.poll(() => cartPosts(page)).toBe(1);
  expect((await answered).status()).toBe(200);
  await expect(status).toHaveText("3");
  await expect(
    page.getByRole("listitem").filter({ hasText: first.product.title }).getByTestId("line-total"),
  ).toHaveText(`Total Price: ${price(first.size.price * 3)}`);
  expect(posts).toHaveLength(1);
  expect(new URLSearchParams(posts[0]).get("intent")).toBe("update");
  expect(new URLSearchParams(posts[0]).get("quantity")).toBe("3");
  // Well past the window, still that one request.
  await page.clock.runFor(10 * QUANTITY_DEBOUNCE_MS);
  expect(await cartPosts(page)).toBe(1);
  expect(posts).toHaveLength(1);
  expect(await cartLines(request, customer)).toEqual([
    [first.product._id, first.size.size, 3],
    [second.product._id, second.size.size, 1],
  ]);

  await page.clock.resume();
  await page.getByRole("button", { name: `Remove ${lineName(second)} from the cart` }).click();
  await expect(page.locator(".Toastify__toast", { hasText: "removed from your cart" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Checkout (1)" })).toBeVisible();
  await expect(page.getByRole("link", { name: second.product.title })).toHaveCount(0);
  await page.getByRole("button", { name: `Remove ${lineName(first)} from the cart` }).click();
  await expect(page.getByRole("heading", { name: "Your shopping cart is empty." })).toBeVisible();
  expect(await cartLines(request, customer)).toEqual([]);
  await page.getByRole("link", { name: "BACK TO HOME PAGE" }).click();
  await expect(page).toHaveURL("/");
});

test("a quantity change still waiting is sent before another line is removed, not lost", async ({
  page,
  request,
}) => {
  const customer = await shopper(request);
  const first = await storyProduct(request, "cart-pending-change");
  const second = await storyProduct(request, "cart-pending-change-second");
  await putInCart(request, customer, first);
  await putInCart(request, customer, second);
  await countCartPosts(page);
  await page.clock.install();
  await openCart(page, customer);
  // Time stands still: the removal certainly comes within the debounce window of the change.
  await pauseClock(page);
  await page.getByRole("button", { name: `Increase quantity of ${lineName(first)}` }).click();
  await expect(page.getByRole("status", { name: `Quantity of ${lineName(first)}` })).toHaveText("2");
  expect(await cartPosts(page)).toBe(0);
  // The removal must not abort the change waiting to go: the change goes first, then the removal.
  await page.getByRole("button", { name: `Remove ${lineName(second)} from the cart` }).click();
  await expect(page.getByRole("button", { name: "Checkout (1)" })).toBeVisible();
  await expect(page.getByRole("status", { name: `Quantity of ${lineName(first)}` })).toHaveText("2");
  await expect.poll(() => cartPosts(page)).toBe(2);
  // The change was sent once: its timer, cleared by the removal, sends nothing more.
  await page.clock.runFor(10 * QUANTITY_DEBOUNCE_MS);
  expect(await cartPosts(page)).toBe(2);
  expect(await cartLines(request, customer)).toEqual([[first.product._id, first.size.size, 2]]);
});

test("a customer applies a coupon and sees confetti, a success toast and the total struck through", async ({
  page,
  request,
}) => {
  const customer = await shopper(request);
  const item = await storyProduct(request, "cart-coupon");
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
  // Struck through in red (the page is in the light theme): the colour as the screen shows it.
  const [red, green, blue] = await before.evaluate((el) => {
    const canvas = document.createElement("canvas").getContext("2d")!;
    canvas.fillStyle = getComputedStyle(el).color;
    canvas.fillRect(0, 0, 1, 1);
    return [...canvas.getImageData(0, 0, 1, 1).data];
  });
  expect(red).toBeGreaterThan(150);
  expect(green).toBeLessThan(red! / 2);
  expect(blue).toBeLessThan(red! / 2);
  await expect(summary).toContainText("WELCOME10");
  await expect(summary).toContainText("10%");
  await expect(page.getByLabel("Coupon Code")).toHaveCount(0);
});

test("checkout by cash on delivery: the popup checks its fields, then the order is placed", {
  tag: "@smoke",
}, async ({ page, request }) => {
  const customer = await shopper(request, { phones: 2 });
  const item = await storyProduct(request, "cart-cash");
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
  // Refused in the page: nothing was ordered.
  expect(await orders(request, customer)).toEqual([]);
  await dialog.getByLabel("Postal Code").fill("12");
  await expect(dialog.getByText("Postal code must be between 4 and 10 digits.")).toBeVisible();
  await dialog.getByLabel("Cash On Delivery").check();
  await dialog.getByLabel("Phone Number").selectOption("+212612345671");
  await fillAddress(page);
  await dialog.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL("/customer/orders");
  const order = await onlyOrder(request, customer);
  expect(order.status).toBe("placed");
  expect(order.items.map((i) => [i.product._id, i.size, i.quantity])).toEqual([
    [item.product._id, item.size.size, 1],
  ]);
  expect(await cartLines(request, customer)).toEqual([]);
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
  const item = await storyProduct(request, "cart-card");
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
  const order = await onlyOrder(request, customer);
  expect(order.status).toBe("pending_payment");
  expect(order.items.map((i) => [i.product._id, i.size, i.quantity])).toEqual([
    [item.product._id, item.size.size, 2],
  ]);
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
  const item = await storyProduct(request, "cart-declined");
  await putInCart(request, customer, item);
  await openCart(page, customer);
  await page.getByRole("button", { name: "Checkout (1)" }).click();
  await fillAddress(page);
  await page.getByRole("dialog").getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\//);
  const paymentPage = page.url();
  await hydrated(page);
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 39");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  const order = await onlyOrder(request, customer);
  expect(order.status).toBe("pending_payment");
  expect(await cartLines(request, customer)).toEqual([]);

  // Back from the payment page: the order's page (it was the cart page before issue 18), which says
  // the order awaits payment; coming back changes nothing by itself, and the shopper decides.
  await page.getByRole("link", { name: "Back to the shop" }).click();
  await expect(page).toHaveURL(`/customer/orders/${order._id}`);
  const offer = page.getByRole("status").filter({ hasText: "This order awaits payment." });
  await expect(offer).toBeVisible();
  expect((await onlyOrder(request, customer)).status).toBe("pending_payment");
  await hydrated(page);
  await offer.getByRole("button", { name: /^Cancel order #/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your payment was cancelled." })).toBeVisible();
  expect((await onlyOrder(request, customer)).status).toBe("cancelled");
  await page.getByRole("link", { name: "View your cart" }).click();
  await expect(page.getByRole("link", { name: item.product.title })).toBeVisible();
  expect(await cartLines(request, customer)).toEqual([[item.product._id, item.size.size, 1]]);

  // The closed payment page no longer takes a card (opened by its address: how many history entries
  // the order page's post leaves depends on whether it ran with JavaScript).
  await page.goto(paymentPage);
  await expect(
    page.getByText(`Order #${order.number} was cancelled: this payment page is closed.`),
  ).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveCount(0);
});

test("without a saved phone number, Checkout leads to the add-phone page", async ({ page, request }) => {
  const customer = await shopper(request, { phones: 0 });
  await putInCart(request, customer, await storyProduct(request, "cart-no-phone"));
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

// One scan per state and theme: the cart with items, the checkout popup with its messages, the test
// checkout page, and the empty cart.
test.describe("accessibility of the cart and checkout", () => {
  for (const theme of ["light", "dark"] as const) {
    /** A customer with one phone number and two units of the state's own product in the cart. */
    const cartWithItems = async (page: Page, request: APIRequestContext, key: StoryProductKey) => {
      await setTheme(page.context(), theme);
      const customer = await shopper(request);
      await putInCart(request, customer, await storyProduct(request, key), 2);
      await openCart(page, customer);
      await expect(page.getByRole("button", { name: "Checkout (1)" })).toBeVisible();
      return customer;
    };

    test(`the cart with items has no axe violations (${theme})`, async ({ page, request, axe }) => {
      await cartWithItems(page, request, `cart-axe-cart-${theme}`);
      await axe.check();
    });

    test(`the checkout popup showing its messages has no axe violations (${theme})`, async ({
      page,
      request,
      axe,
    }) => {
      await cartWithItems(page, request, `cart-axe-popup-${theme}`);
      await page.getByRole("button", { name: "Checkout (1)" }).click();
      // The popup is rendered inside the page's main region, which the scan covers.
      const dialog = page.getByRole("main").getByRole("dialog", { name: "Checkout" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Place Order" }).click();
      await expect(dialog.getByText("Country is required.")).toBeVisible();
      await axe.check();
    });

    test(`the test checkout page has no axe violations, and the order emptied the cart (${theme})`, async ({
      page,
      request,
      axe,
    }) => {
      const customer = await cartWithItems(page, request, `cart-axe-checkout-${theme}`);
      await page.getByRole("button", { name: "Checkout (1)" }).click();
      await fillAddress(page);
      await page.getByRole("dialog").getByRole("button", { name: "Place Order" }).click();
      await expect(page).toHaveURL(/\/checkout\/test\//);
      await expect(page.getByRole("heading", { name: "Test checkout" })).toBeVisible();
      await hydrated(page);
      await axe.check();
      // The order took the cart's items: it is empty now.
      expect(await cartLines(request, customer)).toEqual([]);
      await page.goto("/customer/shopping-cart");
      await expect(page.getByRole("heading", { name: "Your shopping cart is empty." })).toBeVisible();
    });

    test(`the empty cart has no axe violations (${theme})`, async ({ page, context, request, axe }) => {
      await setTheme(context, theme);
      await openCart(page, await shopper(request, { phones: 0 }));
      await expect(page.getByRole("heading", { name: "Your shopping cart is empty." })).toBeVisible();
      await axe.check();
    });
  }
});
