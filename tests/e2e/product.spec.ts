import { TOAST_AUTO_CLOSE_MS } from "../../app/lib/toast.ts";
import { expect, test } from "./fixtures.ts";
import { storyProduct } from "./story-products.ts";
import {
  type ApiProduct,
  type ApiSize,
  api,
  createCustomer,
  failDataRequests,
  findProduct,
  hydrated,
  logIn,
  price,
} from "./support.ts";

const cheapestInStock = (sizes: ApiSize[]) => {
  const byPrice = [...sizes].sort((a, b) => a.price - b.price);
  return byPrice.find((s) => s.quantity > 0) ?? byPrice[0]!;
};

test("the info panel shows title, rating, price, old price and discount", async ({ page, request }) => {
  const product = await findProduct(
    request,
    (p) => p.sizes.length > 0 && cheapestInStock(p.sizes).discountPercent > 0,
  );
  const shown = cheapestInStock(product.sizes);
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.title);
  await expect(
    page
      .getByRole("img", { name: new RegExp(`^Rated ${product.ratingsAverage.toFixed(1)} out of 5`) })
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId("price")).toHaveText(price(shown.price));
  await expect(page.getByTestId("old-price")).toHaveText(price(shown.priceBeforeDiscount));
  await expect(page.getByTestId("discount")).toHaveText(`-${shown.discountPercent}%`);
});

test("the cheapest size in stock is chosen on load, and ?size= chooses another", async ({
  page,
  request,
}) => {
  const product = await findProduct(
    request,
    (p) => new Set(p.sizes.map((s) => s.price)).size > 1 && p.sizes.some((s) => s.quantity === 0),
  );
  const first = cheapestInStock(product.sizes);
  await page.goto(`/product/${product._id}`);
  const sizes = page.getByRole("group", { name: /^Size:/ });
  await expect(sizes.getByRole("link", { name: first.size, exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(page.getByTestId("price")).toHaveText(price(first.price));
  await expect(page.getByText(`only ${first.quantity} left in stock`)).toBeVisible();

  const other =
    product.sizes.find((s) => s._id !== first._id && s.quantity > 0) ??
    product.sizes.find((s) => s._id !== first._id)!;
  await page.goto(`/product/${product._id}?size=${encodeURIComponent(other.size)}`);
  await expect(sizes.getByRole("link", { name: new RegExp(`^${other.size}`) })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(page.getByTestId("price")).toHaveText(price(other.price));
});

test("choosing a size replaces the URL's size without a new history entry and updates price and stock", async ({
  page,
  request,
}) => {
  // A size sold out at another price than the one shown on load, so the price shown must change.
  // (The story takes no stock; the demo products' stock is the seed's, which no story changes.)
  const product = await findProduct(request, (p) => {
    const shown = p.sizes.length > 0 ? cheapestInStock(p.sizes) : undefined;
    return !!shown && shown.quantity > 0 && p.sizes.some((s) => s.quantity === 0 && s.price !== shown.price);
  });
  const inStock = cheapestInStock(product.sizes);
  const soldOut = product.sizes.find((s) => s.quantity === 0 && s.price !== inStock.price)!;
  await page.goto("/");
  await page.goto(`/product/${product._id}`);
  await expect(page.getByTestId("price")).toHaveText(price(inStock.price));
  await expect(page.getByText(`only ${inStock.quantity} left in stock`)).toBeVisible();
  const historyLength = await page.evaluate(() => history.length);
  await page
    .getByRole("group", { name: /^Size:/ })
    .getByRole("link", { name: new RegExp(`^${soldOut.size}`) })
    .click();
  await expect(page).toHaveURL(`/product/${product._id}?size=${encodeURIComponent(soldOut.size)}`);
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
  await expect(page.getByTestId("price")).toHaveText(price(soldOut.price));
  // Sold out: the error colour, and add to cart is grey, not allowed and ignored.
  const stock = page.getByText("Out of stock.", { exact: true });
  await expect(stock).toBeVisible();
  await expect(stock).toHaveClass(/text-red-700/);
  const bodyColor = await page.evaluate(() => getComputedStyle(document.body).color);
  expect(await stock.evaluate((el) => getComputedStyle(el).color)).not.toBe(bodyColor);
  const add = page.getByRole("button", { name: "Add to cart" });
  await expect(add).toBeDisabled();
  expect(await add.evaluate((el) => getComputedStyle(el).cursor)).toBe("not-allowed");
  await expect(page.getByLabel("Quantity", { exact: true })).toHaveText("0");

  await page
    .getByRole("group", { name: /^Size:/ })
    .getByRole("link", { name: new RegExp(`^${inStock.size}`) })
    .click();
  await expect(page).toHaveURL(`/product/${product._id}?size=${encodeURIComponent(inStock.size)}`);
  await expect(page.getByTestId("price")).toHaveText(price(inStock.price));
  await expect(page.getByText(`only ${inStock.quantity} left in stock`)).toBeVisible();
  await expect(add).toBeEnabled();
  await page.goBack();
  await expect(page).toHaveURL("/");
});

test("the quantity goes down only above 1 and up only below the stock", async ({ page, request }) => {
  const product = await findProduct(
    request,
    (p) =>
      p.sizes.length > 0 && cheapestInStock(p.sizes).quantity >= 2 && cheapestInStock(p.sizes).quantity <= 12,
  );
  const stock = cheapestInStock(product.sizes).quantity;
  await page.goto(`/product/${product._id}`);
  const minus = page.getByRole("button", { name: "Decrease quantity" });
  const plus = page.getByRole("button", { name: "Increase quantity" });
  const quantity = page.getByLabel("Quantity", { exact: true });
  await expect(quantity).toHaveText("1");
  await expect(minus).toBeDisabled();
  for (let i = 1; i < stock; i++) await plus.click();
  await expect(quantity).toHaveText(String(stock));
  await expect(plus).toBeDisabled();
  await minus.click();
  await expect(quantity).toHaveText(String(stock - 1));
  await expect(plus).toBeEnabled();
});

test("a visitor who adds to the cart or saves a favorite is sent to log in and back", async ({
  page,
  request,
}) => {
  // A product of its own whose first size is sold out: the page chooses M, the first in stock, and
  // the way back from log in names it.
  const { product, size } = await storyProduct(request, "product-add-visitor");
  expect(size.size).toBe("M");
  await page.goto(`/product/${product._id}`);
  await expect(
    page.getByRole("group", { name: /^Size:/ }).getByRole("link", { name: size.size, exact: true }),
  ).toHaveAttribute("aria-current", "true");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/auth\/log-in\?redirectTo=/);
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(`/product/${product._id}?size=M`);
  await page.goto(`/product/${product._id}`);
  await page.getByRole("button", { name: `Save to favorites: ${product.title}`, exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/log-in\?redirectTo=%2Fproduct%2F/);
});

test("a customer's add to cart answers with a toast at the bottom right", async ({
  page,
  context,
  request,
}) => {
  // A product of its own (10 of size M) and a customer of its own: the unit this story holds in a
  // cart is nobody else's.
  const { product, size } = await storyProduct(request, "product-add-toast");
  const customer = await createCustomer(request, { verified: true });
  await logIn(context, customer.id);
  await page.goto(`/product/${product._id}`);
  await expect(page.getByText("only 10 left in stock")).toBeVisible();
  await page.getByRole("button", { name: "Add to cart" }).click();
  const toast = page.locator(".Toastify__toast--success");
  await expect(toast).toHaveText(`${product.title} (size ${size.size}) added to your cart.`);
  await expect(page.locator(".Toastify__toast-container--bottom-right")).toHaveCount(1);
  await expect(page.getByText("only 9 left in stock")).toBeVisible();
  // It closes itself after 5 s, timed by its progress bar's animation (the browser's own time, so
  // the length is read from the bar instead of measured).
  await expect(toast.locator(".Toastify__progress-bar")).toHaveCSS(
    "animation-duration",
    `${TOAST_AUTO_CLOSE_MS / 1000}s`,
  );
  await expect(toast).toBeHidden();
});

test("the description is cut at 32 words with Learn More and Show Less", async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.description.split(/\s+/).length > 32);
  const words = product.description.trim().split(/\s+/);
  await page.goto(`/product/${product._id}`);
  await hydrated(page);
  const section = page.getByRole("region", { name: "Description" });
  await expect(section.locator("p")).toHaveText(`${words.slice(0, 32).join(" ")}…`);
  await section.getByRole("button", { name: "Learn More" }).click();
  await expect(section.locator("p")).toHaveText(product.description.trim());
  await section.getByRole("button", { name: "Show Less" }).click();
  await expect(section.getByRole("button", { name: "Learn More" })).toBeVisible();

  const short = await findProduct(request, (p) => p.description.split(/\s+/).length <= 32);
  await page.goto(`/product/${short._id}`);
  await expect(section.getByRole("button")).toHaveCount(0);
});

test("colour variants link to the group's other products", async ({ page, request }) => {
  const product = await findProduct(request, (p) => (p.group?.productsIDs.length ?? 0) > 1);
  const other = product.group!.productsIDs.find((v) => v._id !== product._id)!;
  await page.goto(`/product/${product._id}`);
  await page.getByRole("link", { name: other.colorName, exact: true }).click();
  await expect(page).toHaveURL(`/product/${other._id}`);
  await expect(page.getByRole("link", { name: other.colorName, exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("related products match the product's taxonomy and brand, without the product itself", async ({
  page,
  request,
}) => {
  // A product with a brand, so the brand is one of the things related products must share.
  const product = await findProduct(request, (p) => p.brand !== null);
  const q = new URLSearchParams({
    category: product.category._id,
    sort: "-sold,-ratingsAverage",
    limit: "7",
    fields: "_id",
  });
  for (const s of product.subCategories) q.append("subCategories", s._id);
  for (const u of product.underSubCategories) q.append("underSubCategories", u._id);
  q.set("brand", product.brand!._id);
  const expected = (await api<{ data: { _id: string }[] }>(request, `/products?${q}`)).data
    .map((p) => p._id)
    .filter((id) => id !== product._id)
    .slice(0, 6);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/product/${product._id}`);
  const related = page.locator("section", {
    has: page.getByRole("heading", { name: "PRODUCTS RELATED TO THIS ITEM" }),
  });
  const links = related.getByRole("listitem").getByRole("link");
  await expect(links).toHaveCount(expected.length);
  expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")!.split("/").pop()))).toEqual(
    expected,
  );
  // [6,6,6,4,5,5] by width: 5 visible at 1400 px, 4 at 1100 px.
  await expect(related.locator("li:visible")).toHaveCount(Math.min(5, expected.length));
  await page.setViewportSize({ width: 1100, height: 900 });
  await expect(related.locator("li:visible")).toHaveCount(Math.min(4, expected.length));
});

test("hovering the image magnifies it 2.5 times; a button opens the large image for keyboards", async ({
  page,
  request,
}) => {
  const product = await findProduct(request, (p) => p.quantity > 0);
  await page.goto(`/product/${product._id}`);
  const main = page.getByRole("img", { name: product.title }).first();
  await hydrated(page);
  const box = (await main.boundingBox())!;
  let step = 0;
  await expect
    .poll(async () => {
      step += 5; // each poll moves the pointer a little, as a hand would
      await page.mouse.move(box.x + 40 + step, box.y + 40);
      return main.evaluate((el) => getComputedStyle(el).transform);
    })
    .toBe("matrix(2.5, 0, 0, 2.5, 0, 0)");
  await page.mouse.move(0, 0);
  await expect.poll(() => main.evaluate((el) => getComputedStyle(el).transform)).toBe("none");

  const open = page.getByRole("button", { name: "View larger image" });
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("img")).toHaveAttribute("src", /-1200\.webp$/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("an unknown product shows the spec's not-found state", async ({ page }) => {
  for (const id of ["ffffffffffffffffffffffff", "not-an-id"]) {
    const response = await page.goto(`/product/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! The product you are looking for does not exist.")).toBeVisible();
  }
  await page.getByRole("link", { name: "BACK TO HOME PAGE" }).click();
  await expect(page).toHaveURL("/");
});

test("a product that fails to load shows Something went wrong with TRY AGAIN", async ({ page, request }) => {
  const product = await findProduct(request, () => true);
  await page.goto("/");
  await hydrated(page);
  await failDataRequests(page, { status: 500 });
  await page.locator(`a[href="/product/${product._id}"]`).first().click();
  await expect(page.getByRole("heading", { name: "Something went wrong." })).toBeVisible();
  await expect(page.getByText("We couldn't retrieve the product information.")).toBeVisible();
  await page.unrouteAll();
  await page.getByRole("button", { name: "TRY AGAIN" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.title);
});

test("the page describes the product to search engines and link previews", async ({ request }) => {
  const product: ApiProduct = await findProduct(
    request,
    (p) => p.sizes.length > 1 && p.ratingsQuantity > 0 && p.brand !== null,
  );
  const html = await (await request.get(`/product/${product._id}`)).text();
  expect(html).toContain(`<title>${product.title} — shop</title>`);
  expect(html).toMatch(
    new RegExp(`<link rel="canonical" href="http://localhost:\\d+/product/${product._id}"`),
  );
  expect(html).toContain('property="og:type" content="product"');
  expect(html).toContain('property="og:image"');
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
  const ld = blocks.find((b) => b["@type"] === "Product");
  expect(ld.name).toBe(product.title);
  expect(ld.offers).toHaveLength(product.sizes.length);
  expect(ld.offers[0]).toMatchObject({
    "@type": "Offer",
    priceCurrency: "USD",
    price: product.sizes[0]!.price.toFixed(2),
  });
  expect(ld.aggregateRating).toMatchObject({
    ratingValue: product.ratingsAverage,
    reviewCount: product.ratingsQuantity,
  });
  expect(ld.brand).toEqual({ "@type": "Brand", name: product.brand!.name });
  const crumbs = blocks.find((b) => b["@type"] === "BreadcrumbList");
  expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
    "Home",
    product.category.name,
    product.title,
  ]);
});
