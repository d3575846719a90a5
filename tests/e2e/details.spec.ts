import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { storyProduct } from "./story-products.ts";
import {
  type ApiProduct,
  addVerifiedPhone,
  api,
  createCustomer,
  DEMO,
  findProduct,
  hydrated,
  logIn,
  price,
} from "./support.ts";

// Issue 18's small things, as the shopper sees them (docs/decisions/035-storefront-small-things.md).

async function shopper(request: APIRequestContext) {
  const customer = await createCustomer(request, { verified: true, firstName: "Details" });
  await addVerifiedPhone(request, customer, "+212612340099");
  return customer;
}

test("the cart icon counts the cart's lines and follows an add to cart", async ({ page, request }) => {
  const customer = await shopper(request);
  const item = await storyProduct(request, "details-badge");
  await logIn(page.context(), customer.id);
  await page.goto(`/product/${item.product._id}`);
  const nav = page.getByRole("navigation", { name: "Main" });
  const cart = nav.getByRole("link", { name: /^Shopping cart/ });
  await expect(cart).toHaveAccessibleName("Shopping cart");
  await expect(cart.getByTestId("cart-count")).toHaveCount(0);
  await hydrated(page);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.locator(".Toastify__toast--success")).toBeVisible();
  await expect(cart).toHaveAccessibleName("Shopping cart, 1 item");
  await expect(cart.getByTestId("cart-count")).toHaveText("1");
  // A visitor has no cart icon at all.
  await page.context().clearCookies();
  await page.goto("/");
  await expect(nav.getByRole("link", { name: /^Shopping cart/ })).toHaveCount(0);
});

test("the summary shows Subtotal and Tax, and the coupon's rows only with a coupon", async ({
  page,
  request,
}) => {
  const customer = await shopper(request);
  const item = await storyProduct(request, "details-summary");
  const res = await request.post("/api/v1/customer/shopping-cart", {
    data: { productId: item.product._id, size: item.size.size, quantity: 2 },
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(res.status()).toBe(200);
  await logIn(page.context(), customer.id);
  await page.goto("/customer/shopping-cart");
  const summary = page.getByTestId("order-summary");
  await expect(summary.locator("dt")).toHaveText(["Subtotal", "Tax Price", "Shipping Price", "Total Price"]);
  await expect(summary.locator("div", { hasText: "Subtotal" }).locator("dd")).toHaveText(
    price(item.size.price * 2),
  );
  await expect(summary).not.toContainText("Total Price After Discount");
  await expect(summary).not.toContainText("Coupon");
  // The header's cart badge agrees with the checkout button.
  await expect(page.getByRole("button", { name: "Checkout (1)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Shopping cart, 1 item" })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Coupon Code").fill("welcome10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(summary.locator("dt")).toHaveText([
    "Subtotal",
    "Tax Price",
    "Shipping Price",
    "Total Price",
    "Total Price After Discount",
    "Coupon Code",
    "Coupon Discount (%)",
    "Discounted Amount",
  ]);
});

/** Left edges of the nav bar's logo and of the page's first heading. */
async function leftEdges(page: Page) {
  const logo = await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "shop", exact: true })
    .boundingBox();
  const heading = await page.getByRole("heading", { level: 1 }).first().boundingBox();
  return [Math.round(logo!.x), Math.round(heading!.x)];
}

test("cart and orders line up with the header; the profile email wraps at the @, not mid-word", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page.context());
  for (const path of ["/customer/shopping-cart", "/customer/orders"]) {
    await page.goto(path);
    const [logo, heading] = await leftEdges(page);
    expect(heading, path).toBe(logo);
  }
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto("/customer/profile");
  const email = page.getByTestId("profile-email");
  await expect(email).toHaveText(DEMO.email);
  await expect(email).toHaveAttribute("title", DEMO.email);
  expect(await email.evaluate((el) => getComputedStyle(el).wordBreak)).not.toBe("break-all");
  expect(await email.locator("wbr").count()).toBeGreaterThan(0);
});

test("the phone input's calling code stays clear of the digits and the country is not cut", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const customer = await createCustomer(request, { verified: true });
  await logIn(page.context(), customer.id);
  await page.goto("/customer/add-phone-number");
  const code = await page.getByTestId("calling-code").boundingBox();
  const input = page.getByLabel("Phone Number");
  await input.fill("612345678");
  // Where the typed text starts: the input's box plus its left padding.
  const textStart = await input.evaluate(
    (el) => el.getBoundingClientRect().left + Number.parseFloat(getComputedStyle(el).paddingLeft),
  );
  expect(textStart).toBeGreaterThanOrEqual(code!.x + code!.width);
  // The select is as wide as the chosen country's label ("Morocco (+212)").
  const fits = await page.getByLabel("Country").evaluate((el) => {
    const select = el as HTMLSelectElement;
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = getComputedStyle(select).font;
    const label = select.selectedOptions[0]!.text;
    const style = getComputedStyle(select);
    const room =
      select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return context.measureText(label).width <= room;
  });
  expect(fits).toBe(true);
});

test("phone product cards show the whole title, colour included", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/search/?page=1");
  const titles = page.getByRole("main").getByRole("heading", { level: 3 });
  await expect(titles.first()).toBeVisible();
  // Polled: a phone's first visit loads the list again for its width after hydrating
  // (app/lib/viewport.ts), and a title measured while that page of results is swapped in read as
  // cut once in CI; the settled list is what the shopper reads.
  await expect
    .poll(() =>
      titles.evaluateAll(
        (els) =>
          els.filter(
            (el) => el.scrollHeight > el.clientHeight + 1 || getComputedStyle(el).webkitLineClamp !== "none",
          ).length,
      ),
    )
    .toBe(0);
});

test("another colour keeps the chosen size when it has it", async ({ page, request }) => {
  // Two colours of one group that share a size other than the page's default.
  let from: ApiProduct | undefined;
  let to: ApiProduct | undefined;
  let size = "";
  let colour = "";
  const list = await api<{ data: { _id: string }[] }>(request, "/products?limit=60&fields=_id");
  for (const { _id } of list.data) {
    const { data } = await api<{ data: ApiProduct }>(request, `/products/${_id}`);
    const other = data.group?.productsIDs.find((v) => v._id !== data._id);
    if (!other || data.sizes.length < 2) continue;
    const twin = (await api<{ data: ApiProduct }>(request, `/products/${other._id}`)).data;
    const shared = data.sizes.find(
      (s) => s.size !== data.sizes[0]?.size && twin.sizes.some((t) => t.size === s.size),
    );
    if (!shared) continue;
    [from, to, size, colour] = [data, twin, shared.size, other.colorName];
    break;
  }
  expect(from, "a demo group whose colours share a size").toBeDefined();
  await page.goto(`/product/${from!._id}`);
  await hydrated(page);
  const sizes = page.getByRole("group", { name: /^Size:/ });
  // A sold-out size's name ends "(out of stock)".
  await sizes.getByRole("link", { name: new RegExp(`^${size}\\b`) }).click();
  await expect(page).toHaveURL(`/product/${from!._id}?size=${encodeURIComponent(size)}`);
  await page.getByRole("link", { name: colour, exact: true }).click();
  await expect(page).toHaveURL(`/product/${to!._id}?size=${encodeURIComponent(size)}`);
  await expect(sizes).toHaveAccessibleName(`Size: ${size}`);
});

test("the image viewer shows the picture the page has while the large one loads", async ({
  page,
  request,
}) => {
  const product = await findProduct(request, () => true);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The large picture is held back: what the viewer shows meanwhile is the point.
  await page.route(/-1200\.webp$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/product/${product._id}`);
  await hydrated(page);
  await page.getByRole("button", { name: "View larger image" }).click();
  const dialog = page.getByRole("dialog");
  const placeholder = dialog.getByTestId("viewer-placeholder");
  await expect(placeholder).toBeVisible();
  await expect
    .poll(() => placeholder.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  release();
  await expect
    .poll(() => dialog.getByRole("img").evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
});
