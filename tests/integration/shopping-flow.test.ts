import { describe, expect, it } from "vitest";
import {
  apiCartResponse,
  checkoutResponse,
  favoriteListResponse,
  orderListResponse,
} from "#contract/shopping.ts";
import { payTestCheckout } from "#core/payments/builtin-checkout.ts";
import { call, createCustomer, expectContract } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { CHECKOUT_ADDRESS, itemBody, stockedItem, stockHeld, stockOnHand } from "../support/shopping.ts";

const shop = setUpTestShop();
const PHONE = "+212612345678";

describe("a customer's whole purchase through the API", () => {
  it("favorites, fills the cart, applies a coupon and pays cash on delivery", async () => {
    const customer = await createCustomer(shop, { phoneNumbers: [PHONE] });
    const item = await stockedItem(shop, { stock: 5, priceCents: 2500 });

    const fav = await call(shop, "POST", "/customer/favorites", {
      token: customer.token,
      body: { productId: item.productId },
    });
    expect(fav.status).toBe(200);
    const favorites = await call(shop, "GET", "/customer/favorites?fields=productId", {
      token: customer.token,
    });
    expectContract(favoriteListResponse, favorites.body);
    expect(favorites.body.data[0].productId._id).toBe(item.productId);
    expect(favorites.body.data[0].productId.isFavorite).toBe(true);

    const added = await call(shop, "POST", "/customer/shopping-cart", {
      token: customer.token,
      body: itemBody(item, 2),
    });
    expect(added.status).toBe(200);
    expect(added.body.numOfCartItems).toBe(1);
    expect(await stockHeld(shop, item)).toBe(2);

    const cart = await call(shop, "GET", "/customer/shopping-cart", { token: customer.token });
    expectContract(apiCartResponse, cart.body);
    expect(cart.body.cartItems[0]).toMatchObject({ quantity: 2, price: 25, totalPrice: 50 });
    expect(cart.body.cartItems[0].product.quantity).toBe(3);
    // 50.00 + 14 % tax 7.00 + 9.99 shipping = 66.99
    expect(cart.body.data.pricing).toEqual({
      taxPrice: 7,
      shippingPrice: 9.99,
      totalPrice: 66.99,
      totalPriceAfterDiscount: 66.99,
    });

    const coupon = await call(shop, "PUT", "/customer/shopping-cart/apply-coupon", {
      token: customer.token,
      body: { couponCode: "welcome10" },
    });
    expect(coupon.status).toBe(200);
    expect(coupon.body.message).toMatch(/^Price discount applied/);
    // 10 % of 66.99 = 6.699 → 6.70; after 60.29
    expect(coupon.body.data.coupon).toEqual({
      couponCode: "WELCOME10",
      couponDiscount: 10,
      discountedAmount: 6.7,
    });
    expect(coupon.body.data.pricing.totalPriceAfterDiscount).toBe(60.29);

    const order = await call(shop, "POST", "/customer/orders/cash-on-delivery", {
      token: customer.token,
      body: { phone: PHONE, ...CHECKOUT_ADDRESS },
    });
    expect(order.status).toBe(201);
    expectContract(checkoutResponse, order.body);
    expect(order.body.status).toBe("Success");
    expect(order.body.order).toMatchObject({ status: "placed", paymentMethod: "cash_on_delivery" });
    expect(order.body.order.pricing.totalPriceAfterDiscount).toBe(60.29);
    expect(await stockOnHand(shop, item)).toBe(3);
    expect(await stockHeld(shop, item)).toBe(0);

    const empty = await call(shop, "GET", "/customer/shopping-cart", { token: customer.token });
    expect(empty.body.numOfCartItems).toBe(0);
    const orders = await call(shop, "GET", "/customer/orders", { token: customer.token });
    expectContract(orderListResponse, orders.body);
    expect(orders.body.data).toHaveLength(1);
  });

  it("pays by card through the built-in test checkout", async () => {
    const customer = await createCustomer(shop, { phoneNumbers: [PHONE] });
    const item = await stockedItem(shop, { stock: 4, sized: false, priceCents: 12_000 });
    await call(shop, "POST", "/customer/shopping-cart", { token: customer.token, body: itemBody(item, 1) });
    const session = await call(shop, "POST", "/customer/orders/stripe-checkout-session", {
      token: customer.token,
      body: { phone: PHONE, ...CHECKOUT_ADDRESS },
    });
    expect(session.status).toBe(201);
    expect(session.body.message).toMatch(/^Stripe/);
    expect(session.body.sessionURL).toContain(`/checkout/test/${session.body.sessionID}`);
    expect(session.body.order.status).toBe("pending_payment");
    expect(await stockOnHand(shop, item)).toBe(3);

    await payTestCheckout(shop.ctx, session.body.sessionID, {
      cardNumber: "4242424242424242",
      expiry: "12/40",
      cvc: "123",
    });
    const paid = await call(shop, "GET", `/customer/orders/${session.body.order._id}`, {
      token: customer.token,
    });
    expect(paid.body.data).toMatchObject({ status: "paid", isPaid: true });
    expect(paid.body.data.statusHistory.map((h: { status: string }) => h.status)).toEqual([
      "pending_payment",
      "paid",
    ]);
  });
});
