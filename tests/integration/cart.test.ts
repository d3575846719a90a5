import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { EMAIL_NOT_VERIFIED } from "#contract/accounts.ts";
import { errorResponse } from "#contract/catalog.ts";
import { apiCartResponse, cartAddedResponse } from "#contract/shopping.ts";
import { NOT_LOGGED_IN } from "#core/accounts/customers.ts";
import { newId } from "#db/ids.ts";
import {
  call,
  createClock,
  createCustomer,
  expectContract,
  MINUTE,
  SECOND,
  type TestCustomer,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import {
  itemBody,
  type StockedItem,
  shoppingRows,
  stockedItem,
  stockHeld,
  stockOnHand,
} from "../support/shopping.ts";

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
beforeEach(() => clock.reset());

/** The shop's RESERVATION_MINUTES in tests (tests/support/app.ts). */
const RESERVATION = 15 * MINUTE;
const CART = "/customer/shopping-cart";

/** How a message names an item: its title, and its size in capitals when it has one. */
const label = (item: StockedItem) =>
  item.size ? `${item.title} (size ${item.size.toUpperCase()})` : item.title;

const getCart = (customer: TestCustomer) => call(shop, "GET", CART, { token: customer.token });

async function add(customer: TestCustomer, item: StockedItem, quantity: number) {
  const res = await call(shop, "POST", CART, { token: customer.token, body: itemBody(item, quantity) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

/** The available stock GET /products/{id} shows for the item (its size's, and the product's). */
async function shownStock(item: StockedItem) {
  const res = await call(shop, "GET", `/products/${item.productId}`);
  expect(res.status).toBe(200);
  const size = item.size
    ? res.body.data.sizes.find((s: { size: string }) => s.size === item.size).quantity
    : undefined;
  return { product: res.body.data.quantity as number, size: size as number | undefined };
}

/** The customer's cart lines as stored: item and quantity. */
async function lines(customer: TestCustomer) {
  return shop.rows<{ product_id: string; product_size_id: string | null; quantity: number }>(
    sql`SELECT product_id, product_size_id, quantity FROM stock_holds WHERE customer_id = ${customer.id}
        ORDER BY created_at, id`,
  );
}

/** A 400 naming `field`, whose message is the field's first one, with nothing written. */
async function expectBadInput(
  method: string,
  customer: TestCustomer,
  body: unknown,
  field: string,
  message: string,
) {
  const before = await shoppingRows(shop);
  const res = await call(shop, method, CART, { token: customer.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ status: "fail", message });
  expect(res.body.errors[0]).toEqual({ field, message });
  expectContract(errorResponse, res.body);
  expect(await shoppingRows(shop)).toEqual(before);
}

/** A refusal (404, 409, 400 from core) with exactly this message, with nothing written. */
async function expectRefused(
  method: string,
  customer: TestCustomer,
  body: unknown,
  status: number,
  message: string,
) {
  const before = await shoppingRows(shop);
  const res = await call(shop, method, CART, { token: customer.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.status).toBe("fail");
  expect(res.body.message).toBe(message);
  expectContract(errorResponse, res.body);
  expect(await shoppingRows(shop)).toEqual(before);
  return res;
}

/** Input every cart call shares: the item it names. */
function sharedBadInput(method: "POST" | "PUT" | "DELETE") {
  const withQuantity = method === "DELETE" ? {} : { quantity: 1 };
  describe("bad item input → 400 or 404, nothing changed", () => {
    it.each([
      ["productId missing", { size: "M" }, "productId is required."],
      ["productId null", { productId: null }, "productId is required."],
      ["productId a number", { productId: 42 }, "productId is required."],
      ["productId an object", { productId: { $ne: null } }, "productId is required."],
      ["productId not 24 hex", { productId: "12345" }, "productId must be a 24-character id."],
      [
        "productId with a quote",
        { productId: "0123456789abcdef0123456'" },
        "productId must be a 24-character id.",
      ],
    ])("%s", async (_name, body, message) => {
      const customer = await createCustomer(shop);
      await expectBadInput(method, customer, { ...withQuantity, ...body }, "productId", message);
    });

    it("an unknown product → 404 'No product for this ID'", async () => {
      const customer = await createCustomer(shop);
      const unknown = newId();
      await expectRefused(
        method,
        customer,
        { productId: unknown, ...withQuantity },
        404,
        `No product for this ID: ${unknown}.`,
      );
    });

    it("no size for a product with sizes → 400 asking for one", async () => {
      const customer = await createCustomer(shop);
      const item = await stockedItem(shop, { stock: 5 });
      for (const size of [undefined, null, "", "   "]) {
        await expectBadInput(
          method,
          customer,
          { productId: item.productId, size, ...withQuantity },
          "size",
          `Please choose a size of ${item.title}.`,
        );
      }
    });

    it("a size the product does not come in → 400 naming it", async () => {
      const customer = await createCustomer(shop);
      const item = await stockedItem(shop, { stock: 5 });
      await expectBadInput(
        method,
        customer,
        { productId: item.productId, size: "zz", ...withQuantity },
        "size",
        `${item.title} does not come in size ZZ.`,
      );
    });

    it("a size for a product without sizes → 400", async () => {
      const customer = await createCustomer(shop);
      const item = await stockedItem(shop, { stock: 5, sized: false });
      await expectBadInput(
        method,
        customer,
        { productId: item.productId, size: "M", ...withQuantity },
        "size",
        `${item.title} comes in one size only; leave size out.`,
      );
    });

    it("a size that is not a string, or too long → 400", async () => {
      const customer = await createCustomer(shop);
      const item = await stockedItem(shop, { stock: 5 });
      const base = { productId: item.productId, ...withQuantity };
      await expectBadInput(method, customer, { ...base, size: 42 }, "size", "size must be a string.");
      await expectBadInput(method, customer, { ...base, size: ["M"] }, "size", "size must be a string.");
      await expectBadInput(
        method,
        customer,
        { ...base, size: "M".repeat(21) },
        "size",
        "size must be at most 20 characters.",
      );
    });

    it("a body that is not a JSON object → 400", async () => {
      const customer = await createCustomer(shop);
      const item = await stockedItem(shop, { stock: 5 });
      const before = await shoppingRows(shop);
      for (const [rawBody, message] of [
        [`productId=${item.productId}&quantity=1`, "The request body must be valid JSON."],
        [`{"productId": "${item.productId}"`, "The request body must be valid JSON."],
        [JSON.stringify([itemBody(item, 1)]), "The request body must be a JSON object."],
        ["null", "The request body must be a JSON object."],
        ["7", "The request body must be a JSON object."],
      ] as const) {
        const res = await call(shop, method, CART, { token: customer.token, rawBody });
        expect(res.status, rawBody).toBe(400);
        expect(res.body).toEqual({ status: "fail", message });
      }
      expect(await shoppingRows(shop)).toEqual(before);
    });

    it("without a token → 401; an unverified email → 403", async () => {
      const item = await stockedItem(shop, { stock: 5 });
      const unverified = await createCustomer(shop, { verified: false });
      const before = await shoppingRows(shop);
      const anonymous = await call(shop, method, CART, { body: itemBody(item, 1) });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ status: "fail", message: NOT_LOGGED_IN });
      const res = await call(shop, method, CART, { token: unverified.token, body: itemBody(item, 1) });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ status: "fail", message: EMAIL_NOT_VERIFIED });
      expect(await shoppingRows(shop)).toEqual(before);
    });
  });
}

/** Quantities no cart call takes. */
const BAD_QUANTITIES: [string, unknown, string][] = [
  ["0", 0, "quantity must be a whole number of at least 1."],
  ["negative", -2, "quantity must be a whole number of at least 1."],
  ["fractional", 1.5, "quantity must be a whole number of at least 1."],
  ["a word", "two", "quantity must be a whole number of at least 1."],
  ["a fractional string", "1.5", "quantity must be a whole number of at least 1."],
  ["null", null, "quantity must be a whole number of at least 1."],
  ["a boolean", true, "quantity must be a whole number of at least 1."],
  ["1000", 1000, "quantity must be at most 999."],
  ["a million", 1_000_000, "quantity must be at most 999."],
];

describe("GET /api/v1/customer/shopping-cart", () => {
  it("a new customer's cart is empty and costs nothing", async () => {
    const customer = await createCustomer(shop);
    const res = await getCart(customer);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "Success",
      message: "Your shopping cart is empty.",
      numOfCartItems: 0,
      cartItems: [],
      data: {
        numOfCartItems: 0,
        cartItems: [],
        pricing: { taxPrice: 0, shippingPrice: 0, totalPrice: 0, totalPriceAfterDiscount: 0 },
        holdExpiresAt: null,
      },
    });
    expectContract(apiCartResponse, res.body);
  });

  it("shows each line with its product, size, colour, quantity and prices (docs/storefront/api.md#cart-response)", async () => {
    const customer = await createCustomer(shop);
    const sized = await stockedItem(shop, { stock: 6, priceCents: 1999 });
    const plain = await stockedItem(shop, { stock: 4, sized: false, priceCents: 2500 });
    await add(customer, sized, 2);
    clock.advance(SECOND);
    await add(customer, plain, 1);
    const res = await getCart(customer);
    expect(res.status).toBe(200);
    expectContract(apiCartResponse, res.body);
    const [product] = await shop.rows<{ image_cover: string; color: string }>(
      sql`SELECT image_cover, color FROM products WHERE id = ${sized.productId}`,
    );
    const sizes = await shop.rows<{ size: string }>(
      sql`SELECT size FROM product_sizes WHERE product_id = ${sized.productId} ORDER BY size`,
    );
    expect(res.body.numOfCartItems).toBe(2);
    expect(res.body.message).toBe("Your shopping cart.");
    expect(res.body.cartItems[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      product: {
        _id: sized.productId,
        title: sized.title,
        // Absolute in API answers (docs/decisions/025-api-fidelity.md); tests call as http://localhost.
        imageCover: `http://localhost${product!.image_cover}`,
        quantity: 4,
        sizes: expect.any(Array),
      },
      size: sized.size,
      color: product!.color,
      quantity: 2,
      price: 19.99,
      totalPrice: 39.98,
    });
    // Every size of the product with its own stock left; only the stocked one has any.
    expect(res.body.cartItems[0].product.sizes.map((s: { size: string }) => s.size).sort()).toEqual(
      sizes.map((s) => s.size).sort(),
    );
    for (const s of res.body.cartItems[0].product.sizes) {
      expect(s.quantity).toBe(s.size === sized.size ? 4 : 0);
    }
    expect(res.body.cartItems[1]).toMatchObject({
      product: { _id: plain.productId, title: plain.title, quantity: 3, sizes: [] },
      size: null,
      quantity: 1,
      price: 25,
      totalPrice: 25,
    });
    // 39.98 + 25.00 = 64.98; tax 14 % = 9.0972 → 9.10; + 9.99 shipping = 84.07
    expect(res.body.data.pricing).toEqual({
      taxPrice: 9.1,
      shippingPrice: 9.99,
      totalPrice: 84.07,
      totalPriceAfterDiscount: 84.07,
    });
    expect(res.body.data.coupon).toBeUndefined();
    expect(res.body.data.holdExpiresAt).toBe(new Date(clock.now().getTime() + RESERVATION).toISOString());
  });

  it("each line's product.quantity is the stock left for it after every cart's holds", async () => {
    const [customer, rival] = [await createCustomer(shop), await createCustomer(shop)];
    const item = await stockedItem(shop, { stock: 10 });
    await add(customer, item, 3);
    await add(rival, item, 4);
    const [mine, theirs] = [await getCart(customer), await getCart(rival)];
    expect(mine.body.cartItems[0]).toMatchObject({ quantity: 3, product: { quantity: 3 } });
    expect(theirs.body.cartItems[0]).toMatchObject({ quantity: 4, product: { quantity: 3 } });
    expect(await shownStock(item)).toEqual({ product: 3, size: 3 });
  });

  it("prices come from the catalogue when the cart is read", async () => {
    const customer = await createCustomer(shop);
    const sized = await stockedItem(shop, { stock: 5, priceCents: 4000 });
    const plain = await stockedItem(shop, { stock: 5, sized: false, priceCents: 1000 });
    await add(customer, sized, 2);
    clock.advance(SECOND);
    await add(customer, plain, 1);
    await shop.rows(sql`UPDATE product_sizes SET price_cents = 3550 WHERE id = ${sized.sizeId}`);
    await shop.rows(sql`UPDATE products SET price_cents = 1234 WHERE id = ${plain.productId}`);
    const res = await getCart(customer);
    expect(
      res.body.cartItems.map((i: { price: number; totalPrice: number }) => [i.price, i.totalPrice]),
    ).toEqual([
      [35.5, 71],
      [12.34, 12.34],
    ]);
    // 83.34 items; tax 11.6676 → 11.67; shipping 9.99; total 105.00
    expect(res.body.data.pricing).toEqual({
      taxPrice: 11.67,
      shippingPrice: 9.99,
      totalPrice: 105,
      totalPriceAfterDiscount: 105,
    });
  });

  it("reading the cart keeps its holds for another RESERVATION minutes", async () => {
    const [customer, rival] = [await createCustomer(shop), await createCustomer(shop)];
    const item = await stockedItem(shop, { stock: 2 });
    await add(customer, item, 2);
    clock.advance(10 * MINUTE);
    const read = await getCart(customer);
    expect(read.body.data.holdExpiresAt).toBe(new Date(clock.now().getTime() + RESERVATION).toISOString());
    clock.advance(10 * MINUTE); // 20 minutes after adding, 10 after reading
    expect(await stockHeld(shop, item)).toBe(2);
    await expectRefused("POST", rival, itemBody(item, 1), 409, `Sorry, ${label(item)} is out of stock.`);
  });

  it("holds lapse after RESERVATION minutes and the stock is free for others at once, with no job", async () => {
    const [customer, rival] = [await createCustomer(shop), await createCustomer(shop)];
    const item = await stockedItem(shop, { stock: 3 });
    await add(customer, item, 3);
    expect(await shownStock(item)).toEqual({ product: 0, size: 0 });

    clock.advance(RESERVATION - SECOND);
    expect(await shownStock(item)).toEqual({ product: 0, size: 0 });
    await expectRefused("POST", rival, itemBody(item, 1), 409, `Sorry, ${label(item)} is out of stock.`);

    clock.advance(SECOND);
    expect(await stockHeld(shop, item)).toBe(0);
    expect(await shownStock(item)).toEqual({ product: 3, size: 3 });
    await add(rival, item, 2);
    expect(await shownStock(item)).toEqual({ product: 1, size: 1 });
  });

  it("a lapsed line is held again on reading when the stock is still there", async () => {
    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 5 });
    await add(customer, item, 3);
    clock.advance(RESERVATION + 5 * MINUTE);
    expect(await stockHeld(shop, item)).toBe(0);
    const res = await getCart(customer);
    expect(res.body.message).toBe("Your shopping cart.");
    expect(res.body.cartItems[0]).toMatchObject({ quantity: 3, product: { quantity: 2 } });
    expect(res.body.data.holdExpiresAt).toBe(new Date(clock.now().getTime() + RESERVATION).toISOString());
    expect(await stockHeld(shop, item)).toBe(3);
    expect(await shownStock(item)).toEqual({ product: 2, size: 2 });
  });

  it("a lapsed line whose stock went to someone else is removed, and the message says so", async () => {
    const [customer, rival] = [await createCustomer(shop), await createCustomer(shop)];
    const gone = await stockedItem(shop, { stock: 4 });
    const kept = await stockedItem(shop, { stock: 4, sized: false });
    await add(customer, gone, 3);
    await add(customer, kept, 1);
    clock.advance(RESERVATION);
    await add(rival, gone, 2); // 2 left: fewer than the lapsed line wants
    const res = await getCart(customer);
    expect(res.status).toBe(200);
    expectContract(apiCartResponse, res.body);
    expect(res.body.message).toBe(
      `${label(gone)} is no longer available in that quantity and was removed from your cart. Your shopping cart.`,
    );
    expect(res.body.data.notices).toEqual([
      `${label(gone)} is no longer available in that quantity and was removed from your cart.`,
    ]);
    expect(res.body.numOfCartItems).toBe(1);
    expect(res.body.cartItems[0].product._id).toBe(kept.productId);
    expect(await lines(customer)).toEqual([
      { product_id: kept.productId, product_size_id: null, quantity: 1 },
    ]);
    // The next read has nothing more to say.
    const next = await getCart(customer);
    expect(next.body.message).toBe("Your shopping cart.");
    expect(next.body.data.notices).toBeUndefined();
    expect(await stockHeld(shop, gone)).toBe(2);
  });

  it("a cart whose every line lapsed and went elsewhere ends empty, priced at zero", async () => {
    const [customer, rival] = [await createCustomer(shop), await createCustomer(shop)];
    const item = await stockedItem(shop, { stock: 1, sized: false });
    await add(customer, item, 1);
    clock.advance(RESERVATION + MINUTE);
    await add(rival, item, 1);
    const res = await getCart(customer);
    expect(res.body).toMatchObject({
      message: `${label(item)} is no longer available in that quantity and was removed from your cart. Your shopping cart is empty.`,
      numOfCartItems: 0,
      cartItems: [],
      data: {
        pricing: { taxPrice: 0, shippingPrice: 0, totalPrice: 0, totalPriceAfterDiscount: 0 },
        holdExpiresAt: null,
      },
    });
  });

  it("carts holding the same lapsed items in opposite orders, read at once, are both answered", async () => {
    const [first, second] = [await createCustomer(shop), await createCustomer(shop)];
    const x = await stockedItem(shop, { stock: 10 });
    const y = await stockedItem(shop, { stock: 10, sized: false });
    for (const [customer, items] of [
      [first, [x, y]],
      [second, [y, x]],
    ] as const) {
      for (const item of items) {
        await add(customer, item, 1);
        clock.advance(SECOND);
      }
    }
    clock.advance(RESERVATION);
    for (let round = 0; round < 3; round++) {
      // Each read holds the lapsed lines again; let them lapse before the next round.
      const answers = await Promise.all([getCart(first), getCart(second)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers.map((a) => a.body.numOfCartItems)).toEqual([2, 2]);
      clock.advance(RESERVATION);
    }
    expect(await stockHeld(shop, x)).toBe(0);
  });

  it("without a token → 401; an unverified email → 403", async () => {
    const anonymous = await call(shop, "GET", CART);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: "fail", message: NOT_LOGGED_IN });
    const unverified = await createCustomer(shop, { verified: false });
    const res = await getCart(unverified);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^Your email is not verified/);
  });
});

describe("POST /api/v1/customer/shopping-cart", () => {
  it("adds the item, holds its stock, and GET /products/{id} shows that much less", async () => {
    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 7 });
    expect(await shownStock(item)).toEqual({ product: 7, size: 7 });
    const res = await add(customer, item, 3);
    // The answer is the cart (docs/decisions/025-api-fidelity.md), its stock already lowered.
    expect(res.body).toMatchObject({
      status: "Success",
      message: `${label(item)} added to your cart.`,
      numOfCartItems: 1,
      data: { numOfCartItems: 1, cartItems: [{ quantity: 3, size: item.size, product: { quantity: 4 } }] },
    });
    expect(res.body).not.toHaveProperty("cartItems");
    expectContract(cartAddedResponse, res.body);
    expect(await stockHeld(shop, item)).toBe(3);
    expect(await stockOnHand(shop, item)).toBe(7);
    expect(await shownStock(item)).toEqual({ product: 4, size: 4 });
    const cart = await getCart(customer);
    expect(cart.body.cartItems[0]).toMatchObject({ quantity: 3, size: item.size, product: { quantity: 4 } });
  });

  it("adding the same item again grows its line; other items get lines of their own", async () => {
    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 9 });
    const other = await stockedItem(shop, { stock: 9, sized: false });
    await add(customer, item, 2);
    expect((await add(customer, item, 3)).body.numOfCartItems).toBe(1);
    clock.advance(SECOND); // lines are listed in the order they were first added
    expect((await add(customer, other, 1)).body.numOfCartItems).toBe(2);
    expect(await lines(customer)).toEqual([
      { product_id: item.productId, product_size_id: item.sizeId, quantity: 5 },
      { product_id: other.productId, product_size_id: null, quantity: 1 },
    ]);
    expect(await shownStock(item)).toEqual({ product: 4, size: 4 });
    expect((await shownStock(other)).product).toBe(8);
  });

  it("takes the size in any case, onto the same line", async () => {
    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 9 });
    await add(customer, { ...item, size: item.size!.toLowerCase() }, 1);
    await add(customer, { ...item, size: ` ${item.size!.toUpperCase()} ` }, 1);
    expect(await lines(customer)).toEqual([
      { product_id: item.productId, product_size_id: item.sizeId, quantity: 2 },
    ]);
    expect((await getCart(customer)).body.cartItems[0].size).toBe(item.size);
  });

  it("adds one when quantity is left out; takes a quantity written as digits", async () => {
    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 9 });
    await add(customer, { ...item }, undefined as unknown as number);
    expect((await lines(customer))[0]!.quantity).toBe(1);
    const res = await call(shop, "POST", CART, {
      token: customer.token,
      body: { ...itemBody(item), quantity: "2" },
    });
    expect(res.status).toBe(200);
    expect((await lines(customer))[0]!.quantity).toBe(3);
  });

  it.each(BAD_QUANTITIES)(
    "quantity %s → 400 naming quantity, nothing changed",
    async (_name, quantity, message) => {
      const customer = await createCustomer(shop);
      const item = await stockedItem(shop, { stock: 5 });
      await expectBadInput("POST", customer, { ...itemBody(item), quantity }, "quantity", message);
    },
  );

  it("out of stock → 409, nothing changed", async () => {
    const customer = await createCustomer(shop);
    const sized = await stockedItem(shop, { stock: 0 });
    const plain = await stockedItem(shop, { stock: 0, sized: false });
    const res = await expectRefused(
      "POST",
      customer,
      itemBody(sized, 1),
      409,
      `Sorry, ${label(sized)} is out of stock.`,
    );
    expect(res.body.errors).toEqual([{ field: "quantity", message: res.body.message }]);
    await expectRefused("POST", customer, itemBody(plain, 1), 409, `Sorry, ${plain.title} is out of stock.`);
  });

  it("more than the stock left → 409 saying how many are left, nothing changed", async () => {
    const [customer, rival] = [await createCustomer(shop), await createCustomer(shop)];
    const item = await stockedItem(shop, { stock: 5 });
    await add(rival, item, 2);
    await expectRefused("POST", customer, itemBody(item, 4), 409, `Only 3 ${label(item)} left in stock.`);
    await add(customer, item, 3); // exactly what is left
    expect(await shownStock(item)).toEqual({ product: 0, size: 0 });
  });

  it("more than the line can grow by → 409 saying how many more; all of it held → 409", async () => {
    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 4, sized: false });
    await add(customer, item, 3);
    await expectRefused(
      "POST",
      customer,
      itemBody(item, 2),
      409,
      `Only 1 more ${item.title} can be added: 4 left in stock.`,
    );
    await add(customer, item, 1);
    await expectRefused(
      "POST",
      customer,
      itemBody(item, 1),
      409,
      `Your cart already holds all the ${item.title} in stock.`,
    );
    expect(await lines(customer)).toEqual([
      { product_id: item.productId, product_size_id: null, quantity: 4 },
    ]);
  });

  it("a line never holds more than 999, however much is in stock", async () => {
    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 2000, sized: false });
    await add(customer, item, 999);
    const res = await expectRefused(
      "POST",
      customer,
      itemBody(item, 1),
      400,
      "A cart holds at most 999 of one item.",
    );
    expect(res.body.errors).toEqual([
      { field: "quantity", message: "A cart holds at most 999 of one item." },
    ]);
  });

  it("customers racing for the last units never hold more than is on hand", async () => {
    const item = await stockedItem(shop, { stock: 3 });
    const customers = await Promise.all(Array.from({ length: 8 }, () => createCustomer(shop)));
    const answers = await Promise.all(
      customers.map((customer) =>
        call(shop, "POST", CART, { token: customer.token, body: itemBody(item, 1) }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.message).toBe(`Sorry, ${label(item)} is out of stock.`);
    }
    expect(await stockHeld(shop, item)).toBe(3);
    expect(await shownStock(item)).toEqual({ product: 0, size: 0 });
  });

  it("one customer's adds at once all count, up to the stock", async () => {
    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 3, sized: false });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(shop, "POST", CART, { token: customer.token, body: itemBody(item, 1) }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409, 409]);
    expect(await lines(customer)).toEqual([
      { product_id: item.productId, product_size_id: null, quantity: 3 },
    ]);
  });

  it("adding keeps the cart's other holds for another RESERVATION minutes", async () => {
    const [customer, rival] = [await createCustomer(shop), await createCustomer(shop)];
    const first = await stockedItem(shop, { stock: 1, sized: false });
    const second = await stockedItem(shop, { stock: 5, sized: false });
    await add(customer, first, 1);
    clock.advance(10 * MINUTE);
    await add(customer, second, 1);
    clock.advance(10 * MINUTE); // 20 minutes after the first line was added
    await expectRefused("POST", rival, itemBody(first, 1), 409, `Sorry, ${first.title} is out of stock.`);
  });

  sharedBadInput("POST");
});

describe("PUT /api/v1/customer/shopping-cart", () => {
  it("sets the line's quantity and answers with the whole cart", async () => {
    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 8, priceCents: 1000 });
    await add(customer, item, 2);
    const res = await call(shop, "PUT", CART, { token: customer.token, body: itemBody(item, 5) });
    expect(res.status).toBe(200);
    expectContract(apiCartResponse, res.body);
    expect(res.body.message).toBe(`${label(item)}: quantity 5.`);
    expect(res.body.numOfCartItems).toBe(1);
    expect(res.body.cartItems[0]).toMatchObject({
      quantity: 5,
      price: 10,
      totalPrice: 50,
      product: { quantity: 3 },
    });
    // 50.00 + 7.00 tax + 9.99 shipping
    expect(res.body.data.pricing).toEqual({
      taxPrice: 7,
      shippingPrice: 9.99,
      totalPrice: 66.99,
      totalPriceAfterDiscount: 66.99,
    });
    expect(await stockHeld(shop, item)).toBe(5);
    expect(await shownStock(item)).toEqual({ product: 3, size: 3 });

    const down = await call(shop, "PUT", CART, { token: customer.token, body: itemBody(item, 1) });
    expect(down.status).toBe(200);
    expect(await stockHeld(shop, item)).toBe(1);
    expect(await shownStock(item)).toEqual({ product: 7, size: 7 });
  });

  it("up to the line's quantity plus the stock left → 200; one more → 409, nothing changed", async () => {
    const [customer, rival] = [await createCustomer(shop), await createCustomer(shop)];
    const item = await stockedItem(shop, { stock: 10 });
    await add(customer, item, 3);
    await add(rival, item, 4); // 3 left
    await expectRefused("PUT", customer, itemBody(item, 7), 409, `Only 6 ${label(item)} left in stock.`);
    const res = await call(shop, "PUT", CART, { token: customer.token, body: itemBody(item, 6) });
    expect(res.status).toBe(200);
    expect(res.body.cartItems[0]).toMatchObject({ quantity: 6, product: { quantity: 0 } });
  });

  it("a line whose stock all went elsewhere → 409 out of stock", async () => {
    const [customer, rival] = [await createCustomer(shop), await createCustomer(shop)];
    const item = await stockedItem(shop, { stock: 2, sized: false });
    await add(customer, item, 2);
    clock.advance(RESERVATION);
    await add(rival, item, 2);
    await expectRefused("PUT", customer, itemBody(item, 1), 409, `Sorry, ${item.title} is out of stock.`);
  });

  it("two carts sharing two items, each with the other one lapsed, change quantities at once", async () => {
    for (let round = 0; round < 3; round++) {
      const [first, second] = [await createCustomer(shop), await createCustomer(shop)];
      const x = await stockedItem(shop, { stock: 10 });
      const y = await stockedItem(shop, { stock: 10, sized: false });
      await add(first, x, 1);
      await add(second, y, 1);
      clock.advance(RESERVATION); // those lapse; the next ones are held
      await add(first, y, 1);
      await add(second, x, 1);
      const answers = await Promise.all([
        call(shop, "PUT", CART, { token: first.token, body: itemBody(y, 2) }),
        call(shop, "PUT", CART, { token: second.token, body: itemBody(x, 2) }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers.map((a) => a.body.numOfCartItems)).toEqual([2, 2]);
      for (const item of [x, y]) expect(await stockHeld(shop, item)).toBe(3);
    }
  });

  it("an item that is not in the cart → 404, nothing changed", async () => {
    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 3 });
    await expectRefused(
      "PUT",
      customer,
      itemBody(item, 1),
      404,
      `${label(item)} is not in your shopping cart.`,
    );
  });

  it("takes the size in any case", async () => {
    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 5 });
    await add(customer, item, 1);
    const res = await call(shop, "PUT", CART, {
      token: customer.token,
      body: { productId: item.productId, size: item.size!.toLowerCase(), quantity: 4 },
    });
    expect(res.status).toBe(200);
    expect(await lines(customer)).toEqual([
      { product_id: item.productId, product_size_id: item.sizeId, quantity: 4 },
    ]);
  });

  it("quantity missing → 400 naming quantity, nothing changed", async () => {
    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 5 });
    await add(customer, item, 2);
    await expectBadInput(
      "PUT",
      customer,
      itemBody(item),
      "quantity",
      "quantity must be a whole number of at least 1.",
    );
  });

  it.each(BAD_QUANTITIES)(
    "quantity %s → 400 naming quantity, nothing changed",
    async (_name, quantity, message) => {
      const customer = await createCustomer(shop);
      const item = await stockedItem(shop, { stock: 5 });
      await add(customer, item, 2);
      await expectBadInput("PUT", customer, { ...itemBody(item), quantity }, "quantity", message);
    },
  );

  sharedBadInput("PUT");
});

describe("DELETE /api/v1/customer/shopping-cart", () => {
  it("removes the line, frees its stock and answers with the cart left", async () => {
    const customer = await createCustomer(shop);
    const removed = await stockedItem(shop, { stock: 4 });
    const kept = await stockedItem(shop, { stock: 4, sized: false, priceCents: 12_000 });
    await add(customer, removed, 3);
    await add(customer, kept, 1);
    expect(await shownStock(removed)).toEqual({ product: 1, size: 1 });
    const res = await call(shop, "DELETE", CART, { token: customer.token, body: itemBody(removed) });
    expect(res.status).toBe(200);
    expectContract(apiCartResponse, res.body);
    expect(res.body.message).toBe(`${label(removed)} removed from your cart.`);
    expect(res.body.numOfCartItems).toBe(1);
    expect(res.body.cartItems[0].product._id).toBe(kept.productId);
    // 120.00 + 16.80 tax, free shipping from 100.00
    expect(res.body.data.pricing).toEqual({
      taxPrice: 16.8,
      shippingPrice: 0,
      totalPrice: 136.8,
      totalPriceAfterDiscount: 136.8,
    });
    expect(await stockHeld(shop, removed)).toBe(0);
    expect(await shownStock(removed)).toEqual({ product: 4, size: 4 });
  });

  it("removing the last line leaves an empty cart priced at zero", async () => {
    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 4, sized: false });
    await add(customer, item, 2);
    const res = await call(shop, "DELETE", CART, { token: customer.token, body: itemBody(item) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      numOfCartItems: 0,
      cartItems: [],
      data: {
        pricing: { taxPrice: 0, shippingPrice: 0, totalPrice: 0, totalPriceAfterDiscount: 0 },
        holdExpiresAt: null,
      },
    });
    expect(await lines(customer)).toEqual([]);
  });

  it("takes the size in any case", async () => {
    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 4 });
    await add(customer, item, 2);
    const res = await call(shop, "DELETE", CART, {
      token: customer.token,
      body: { productId: item.productId, size: item.size!.toLowerCase() },
    });
    expect(res.status).toBe(200);
    expect(await lines(customer)).toEqual([]);
  });

  it("an item that is not in the cart (or removed already) → 404, nothing changed", async () => {
    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 4 });
    await add(customer, item, 1);
    expect((await call(shop, "DELETE", CART, { token: customer.token, body: itemBody(item) })).status).toBe(
      200,
    );
    await expectRefused(
      "DELETE",
      customer,
      itemBody(item),
      404,
      `${label(item)} is not in your shopping cart.`,
    );
  });

  it("another customer's line of the same item is left alone", async () => {
    const [customer, rival] = [await createCustomer(shop), await createCustomer(shop)];
    const item = await stockedItem(shop, { stock: 4 });
    await add(rival, item, 2);
    await expectRefused(
      "DELETE",
      customer,
      itemBody(item),
      404,
      `${label(item)} is not in your shopping cart.`,
    );
    expect(await stockHeld(shop, item)).toBe(2);
  });

  sharedBadInput("DELETE");
});
