import { sql } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { apiCartResponse, cartAddedResponse } from "#contract/shopping.ts";
import { listProducts } from "#core/catalog/products.ts";
import { newId } from "#db/ids.ts";
import { createMemoryRateLimiter } from "#server/adapters/memory-rate-limiter.ts";
import { createApp } from "#server/app.ts";
import {
  call,
  createClock,
  createCustomer,
  expectContract,
  HOUR,
  SECOND,
  type TestCustomer,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { itemBody, stockedItem } from "../support/shopping.ts";

// Issue 14: /api/v1 is a drop-in replacement for the hosted back end the specification's client was
// written against (docs/decisions/025-api-fidelity.md). Each test reads the answers as such a client,
// served from another origin, does: the cart under `response.data`, `isFavorite` on product cards
// fetched with the spec's `fields=…,save`, and image URLs it can load from where it runs.

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
const CART = "/customer/shopping-cart";
/** The shop as its public address, behind the trusted proxy (TRUST_PROXY=1 in tests). */
const SHOP_ORIGIN = "https://shop.example";
const viaProxy = { "x-forwarded-proto": "https", "x-forwarded-host": "shop.example" };
/** What the spec's client asks for on a product card (docs/storefront/api.md#product-list-fields). */
const CARD_FIELDS = "_id,title,slug,price,priceBeforeDiscount,discountPercent,imageCover,quantity,save";

const cartCall = (customer: TestCustomer, method: string, body?: unknown, path = CART) =>
  call(shop, method, path, { token: customer.token, body, headers: viaProxy });

/**
 * What a client on another origin reads of a cart answer: `response.data`. The add's answer keeps
 * `numOfCartItems` at the top level but no second copy of the lines (decision 025).
 */
function clientCart(res: { status: number; body: { data?: unknown } }, method: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectContract(method === "POST" ? cartAddedResponse : apiCartResponse, res.body);
  const data = res.body.data as {
    cartItems: {
      quantity: number;
      product: { _id: string; title: string; imageCover: string; quantity?: number };
    }[];
    numOfCartItems: number;
    pricing: { totalPriceAfterDiscount: number };
    coupon?: { couponCode: string };
  };
  // The top-level copies, for clients that read the spec's listing literally, say the same.
  if (method === "POST") expect(res.body).not.toHaveProperty("cartItems");
  else expect((res.body as Record<string, unknown>).cartItems).toEqual(data.cartItems);
  expect((res.body as Record<string, unknown>).numOfCartItems).toBe(data.numOfCartItems);
  return data;
}

async function cartAnswer(customer: TestCustomer, method: string, body?: unknown, path = CART) {
  return clientCart(await cartCall(customer, method, body, path), method);
}

async function insertCoupon(percent: number) {
  const code = `FID${newId().slice(-6).toUpperCase()}`;
  await shop.rows(sql`INSERT INTO coupons (id, code, discount_percent, expires_at, usage_limit, used_count, min_subtotal_cents)
    VALUES (${newId()}, ${code}, ${percent}, ${new Date(clock.now().getTime() + 24 * HOUR).toISOString()}::timestamptz,
            NULL, 0, 0)`);
  return code;
}

type ClientCart = ReturnType<typeof clientCart>;

/**
 * The add's answer is the cart GET answers right after, but for the stock left: that of the item
 * just added only (decision 025: counting every line's stock would make each add a cart read).
 */
function expectAddAnswersTheCart(added: ClientCart, read: ClientCart, addedProductId: string) {
  const withoutStock = (cart: ClientCart) => ({
    ...cart,
    cartItems: cart.cartItems.map(({ product: { _id, title, imageCover }, ...line }) => ({
      ...line,
      product: { _id, title, imageCover },
    })),
  });
  expect(withoutStock(added)).toEqual(withoutStock(read));
  for (const [i, line] of added.cartItems.entries()) {
    if (line.product._id === addedProductId)
      expect(line.product.quantity).toBe(read.cartItems[i]!.product.quantity);
    else expect(line.product).not.toHaveProperty("quantity");
  }
}

describe("every cart answer carries the cart under data", () => {
  it("add, read, change the quantity, apply a coupon, add again, remove: response.data.cartItems throughout", async () => {
    const customer = await createCustomer(shop);
    const sized = await stockedItem(shop, { stock: 7 });
    const plain = await stockedItem(shop, { stock: 5, sized: false });

    // The add answers the cart: the client lowers the shown stock by the quantity added.
    const added = await cartAnswer(customer, "POST", itemBody(sized, 3));
    expect(added.numOfCartItems).toBe(1);
    expect(added.cartItems[0]).toMatchObject({ quantity: 3, product: { _id: sized.productId, quantity: 4 } });
    // …and it is the cart GET answers.
    const read = await cartAnswer(customer, "GET");
    expectAddAnswersTheCart(added, read, sized.productId);

    clock.advance(SECOND); // lines are listed in the order they were first added
    const second = await cartAnswer(customer, "POST", itemBody(plain, 2));
    expect(second.cartItems.map((i) => [i.product._id, i.quantity, i.product.quantity])).toEqual([
      [sized.productId, 3, undefined],
      [plain.productId, 2, 3],
    ]);
    expectAddAnswersTheCart(second, await cartAnswer(customer, "GET"), plain.productId);

    const changed = await cartAnswer(customer, "PUT", itemBody(sized, 1));
    expect(changed.cartItems[0]).toMatchObject({ quantity: 1, product: { quantity: 6 } });

    const code = await insertCoupon(10);
    const discounted = await cartAnswer(
      customer,
      "PUT",
      { couponCode: code.toLowerCase() },
      `${CART}/apply-coupon`,
    );
    expect(discounted.coupon).toMatchObject({ couponCode: code });
    expect(discounted.cartItems).toHaveLength(2);

    // An add to a cart with a coupon answers the coupon and the discounted price, as GET does.
    const withCoupon = await cartAnswer(customer, "POST", itemBody(plain, 1));
    expect(withCoupon.coupon).toMatchObject({ couponCode: code });
    expect(withCoupon.cartItems[1]).toMatchObject({ quantity: 3, product: { quantity: 2 } });
    expectAddAnswersTheCart(withCoupon, await cartAnswer(customer, "GET"), plain.productId);

    const removed = await cartAnswer(customer, "DELETE", itemBody(sized));
    expect(removed.cartItems.map((i) => i.product._id)).toEqual([plain.productId]);
    expect(removed.numOfCartItems).toBe(1);
  });
});

describe("fields=…,save keeps the favorite marker", () => {
  it("with a session, isFavorite is on every card whatever fields says; save asks for it without one", async () => {
    const customer = await createCustomer(shop);
    const first = await call(shop, "GET", `/products?limit=16&sort=-sold&fields=${CARD_FIELDS}`);
    const saved = first.body.data[0]._id as string;
    const fav = await call(shop, "POST", "/customer/favorites", {
      token: customer.token,
      body: { productId: saved },
    });
    expect(fav.status).toBe(200);

    const list = (fields: string, token?: string) =>
      call(shop, "GET", `/products?limit=16&sort=-sold&fields=${fields}`, { token });
    const signedIn = await list(CARD_FIELDS, customer.token);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data[0]).toMatchObject({ _id: saved, isFavorite: true });
    for (const card of signedIn.body.data.slice(1)) expect(card.isFavorite).toBe(false);
    // Only what was asked for, plus the marker: not the fields left out.
    expect(Object.keys(signedIn.body.data[0]).sort()).toEqual(
      [...CARD_FIELDS.replace(",save", "").split(","), "isFavorite"].sort(),
    );
    // A field list without save or isFavorite: a signed-in client still gets its hearts.
    expect((await list("_id,title", customer.token)).body.data[0]).toEqual({
      _id: saved,
      title: expect.any(String),
      isFavorite: true,
    });
    // Without a session, save is still understood (false), and nothing is added unasked.
    expect((await list(CARD_FIELDS)).body.data[0].isFavorite).toBe(false);
    expect((await list("_id,title")).body.data[0]).not.toHaveProperty("isFavorite");
    // The detail page says it too.
    const detail = await call(shop, "GET", `/products/${saved}`, { token: customer.token });
    expect(detail.body.data.isFavorite).toBe(true);
  });
});

describe("image URLs are absolute", () => {
  const isShopUrl = (url: string) => url.startsWith(`${SHOP_ORIGIN}/images/`);

  it("on the request's public origin: categories, brands, product cards, details, the cart, favorites, orders' items", async () => {
    const categories = await call(shop, "GET", "/categories?limit=5", { headers: viaProxy });
    expect(categories.body.data.length).toBeGreaterThan(0);
    for (const c of categories.body.data) expect(c.image, c.image).toSatisfy(isShopUrl);
    const brands = await call(shop, "GET", "/brands?limit=5", { headers: viaProxy });
    for (const b of brands.body.data) expect(b.image, b.image).toSatisfy(isShopUrl);

    const cards = await call(shop, "GET", `/products?limit=16&fields=${CARD_FIELDS}`, { headers: viaProxy });
    for (const p of cards.body.data) expect(p.imageCover, p.imageCover).toSatisfy(isShopUrl);
    const withGroup = await shop.rows<{ id: string }>(
      sql`SELECT id FROM products WHERE group_id IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const detail = await call(shop, "GET", `/products/${withGroup[0]!.id}`, { headers: viaProxy });
    const product = detail.body.data;
    expect(product.imageCover).toSatisfy(isShopUrl);
    expect(product.images.length).toBeGreaterThan(0);
    for (const url of product.images) expect(url).toSatisfy(isShopUrl);
    for (const v of product.group.productsIDs) expect(v.imageCover).toSatisfy(isShopUrl);

    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 3 });
    const cart = await cartAnswer(customer, "POST", itemBody(item, 1));
    expect(cart.cartItems[0]!.product.imageCover).toSatisfy(isShopUrl);
    await call(shop, "POST", "/customer/favorites", {
      token: customer.token,
      body: { productId: item.productId },
    });
    const favorites = await call(shop, "GET", "/customer/favorites", {
      token: customer.token,
      headers: viaProxy,
    });
    expect(favorites.body.data[0].productId.imageCover).toSatisfy(isShopUrl);

    // The client can load it: the URL names the shop's own image route.
    const url = new URL(categories.body.data[0].image);
    const image = await shop.app.request(url.pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\//);
  });

  it("on the request's own origin without a proxy, and on PUBLIC_URL when it is set", async () => {
    const direct = await shop.app.request("http://api.shop.test:8080/api/v1/categories?limit=1");
    const [category] = ((await direct.json()) as { data: { image: string }[] }).data;
    expect(category!.image).toMatch(/^http:\/\/api\.shop\.test:8080\/images\//);

    const app = createApp({
      ctx: shop.ctx,
      config: {
        CORS_ORIGINS: [],
        RATE_LIMIT_PER_MINUTE: 0,
        TRUST_PROXY: 1,
        DEV_OUTBOX: "local",
        SHOP_DATA_DIR: shop.dataDir,
        NODE_ENV: "test",
        STRIPE_WEBHOOK_SECRET: undefined,
        PUBLIC_URL: "https://www.shop.example/",
      },
      logger: pino({ level: "silent" }),
      rateLimiter: createMemoryRateLimiter(),
    });
    const res = await app.request("http://10.0.0.5:3000/api/v1/products?limit=3&fields=imageCover", {
      headers: viaProxy,
    });
    const body = (await res.json()) as { data: { imageCover: string }[] };
    for (const p of body.data) expect(p.imageCover).toMatch(/^https:\/\/www\.shop\.example\/images\//);
  });

  it("an absolute URL in the catalogue (a CDN) passes through; the storefront's core reads keep paths", async () => {
    const [row] = await shop.rows<{ id: string; image_cover: string }>(
      sql`SELECT id, image_cover FROM products ORDER BY id DESC LIMIT 1`,
    );
    const cdn = "https://cdn.example/products/cover.webp";
    await shop.rows(sql`UPDATE products SET image_cover = ${cdn} WHERE id = ${row!.id}`);
    try {
      const detail = await call(shop, "GET", `/products/${row!.id}`, { headers: viaProxy });
      expect(detail.body.data.imageCover).toBe(cdn);
      expect(detail.body.data.images[0]).toSatisfy(isShopUrl);
    } finally {
      await shop.rows(sql`UPDATE products SET image_cover = ${row!.image_cover} WHERE id = ${row!.id}`);
    }
    // The storefront's pages read core, which keeps the catalogue's paths as they are.
    const page = await listProducts(shop.ctx, { page: 1, limit: 3 });
    for (const p of page.data) expect(p.imageCover).toMatch(/^\/images\//);
  });
});
