import { sql } from "drizzle-orm";
import {
  CARD_CHECKOUT_PREFIX,
  type CheckoutBody,
  type CheckoutResponse,
  type PaymentMethod,
} from "#contract/shopping.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { newId } from "#db/ids.ts";
import { ts } from "#db/sql.ts";
import { saveAddress } from "../accounts/addresses.ts";
import { normalizePhoneNumber } from "../accounts/phone-verification.ts";
import { shortageText } from "../cart/items.ts";
import { type CartLine, itemsCents, loadCart } from "../cart/loaded-cart.ts";
import { type Pricing, priceCart, readPricingSettings } from "../cart/pricing.ts";
import type { CoreContext } from "../context.ts";
import { countCouponUse } from "../coupons/coupons.ts";
import { conflict, DomainError, invalid, invalidField } from "../errors.ts";
import { cancelOrder } from "../orders/cancellation.ts";
import { announceOrder } from "../orders/order-announcements.ts";
import { recordStatus } from "../orders/order-records.ts";
import { readOrder } from "../orders/orders.ts";
import { countSold, moveOrderStock } from "../orders/sales.ts";
import { stockKey } from "../stock/locks.ts";
import { sessionRequest } from "./payment-session.ts";

// Checkout turns the customer's cart into an order: it reads the cart (core/cart/) and writes the
// order (core/orders/), so it lives apart from both and neither imports the other for it
// (docs/decisions/027-stock-module-and-core-layout.md).

/** How long a card order waits for its payment before it is cancelled and its stock released. */
export const PAYMENT_WINDOW_MINUTES = 30;

export interface CheckoutUrls {
  /** The shop's origin, for the payment page's return links and product images. */
  origin: string;
}

interface Placed {
  orderId: string;
  orderNumber: number;
  lines: CartLine[];
  pricing: Pricing;
  /** When an unpaid card order is cancelled. */
  paymentDeadline: Date;
}

/**
 * Places the cart as an order in one transaction: the stock the lines hold leaves the shelf (the
 * holds become a decrement), the coupon's use is counted, the prices of this moment are copied into
 * the order, and the lines leave the cart. Cash on delivery is `placed` at once; a card order waits in
 * `pending_payment` until the provider confirms it (docs/decisions/014-orders-and-payments.md).
 */
async function placeOrder(
  ctx: CoreContext,
  tx: Executor,
  customerId: string,
  body: CheckoutBody,
  method: PaymentMethod,
  now: Date,
): Promise<Placed | DomainError> {
  // Every line's stock is locked now, with the lapsed lines' re-check, in one acquisition.
  const cart = await loadCart(ctx, tx, customerId, now, { lockAllLines: true });
  // A lapsed line or a coupon that stopped applying was dealt with by loadCart; the shopper must see
  // that before paying, so the order is refused and those changes are kept (committed).
  if (cart.notes.length > 0) return conflict(`${cart.notes.join(" ")} Please review your cart.`);
  if (cart.lines.length === 0) return invalid("Your shopping cart is empty.");

  for (const line of cart.lines) {
    const left = cart.free.get(stockKey(line)) ?? 0;
    if (line.quantity > left) return conflict(`${shortageText(line, left)} Please review your cart.`);
  }
  // The use is counted under the coupon's row lock, re-checking that it still applies: a coupon
  // staff disabled after loadCart read it discounts nothing (docs/back-office/coupons-and-settings.md).
  const couponRefused = cart.coupon ? await countCouponUse(tx, cart.coupon.id, now) : null;
  if (couponRefused) {
    await tx.execute(sql`UPDATE carts SET coupon_id = NULL WHERE customer_id = ${customerId}`);
    return conflict(`${couponRefused} It was removed from your cart. Please review your cart.`);
  }

  const pricing = priceCart(
    itemsCents(cart.lines),
    await readPricingSettings(tx),
    cart.coupon?.discountPercent ?? null,
  );
  const orderId = newId();
  const card = method === "credit_card";
  const paymentDeadline = new Date(now.getTime() + PAYMENT_WINDOW_MINUTES * 60_000);
  const status = card ? "pending_payment" : "placed";
  const [{ number }] = (await queryRows<{ number: number }>(
    tx,
    sql`INSERT INTO orders (id, customer_id, status, payment_method, phone, country, state, city, street, postal_code,
          items_cents, tax_cents, shipping_cents, total_cents, discount_cents, total_after_discount_cents,
          coupon_id, coupon_code, coupon_percent, payment_provider, payment_expires_at, created_at, updated_at)
        VALUES (${orderId}, ${customerId}, ${status}, ${method}, ${body.phone}, ${body.country}, ${body.state},
          ${body.city}, ${body.street}, ${body.postalCode}, ${pricing.itemsCents}, ${pricing.taxCents},
          ${pricing.shippingCents}, ${pricing.totalCents}, ${pricing.discountCents}, ${pricing.totalAfterDiscountCents},
          ${cart.coupon?.id ?? null}, ${cart.coupon?.code ?? null}, ${cart.coupon?.discountPercent ?? null},
          ${card ? ctx.payments.name : null},
          ${card ? ts(paymentDeadline) : null},
          ${ts(now)}, ${ts(now)})
        RETURNING number`,
  )) as [{ number: number }];
  // All lines in one statement, column by column: its parameters do not grow with the cart.
  const column = <T>(of: (line: CartLine) => T) => sql.param(cart.lines.map(of));
  await tx.execute(sql`INSERT INTO order_items (id, order_id, product_id, product_size_id, title, image_cover, size,
      color, quantity, unit_price_cents, total_cents, position)
    SELECT i.id, ${orderId}, i.product_id, i.product_size_id, i.title, i.image_cover, i.size, i.color, i.quantity,
      i.unit_price_cents, i.unit_price_cents * i.quantity, i.position - 1
    FROM unnest(${sql.param(cart.lines.map(() => newId()))}::text[], ${column((l) => l.productId)}::text[],
      ${column((l) => l.sizeId)}::text[], ${column((l) => l.title)}::text[], ${column((l) => l.imageCover)}::text[],
      ${column((l) => l.size)}::text[], ${column((l) => l.color)}::text[], ${column((l) => l.quantity)}::int[],
      ${column((l) => l.unitPriceCents)}::int[]) WITH ORDINALITY
      AS i(id, product_id, product_size_id, title, image_cover, size, color, quantity, unit_price_cents, position)`);
  await recordStatus(tx, orderId, status, now);
  await moveOrderStock(tx, cart.lines, 1);
  // Sold counts once the sale is certain: now for cash on delivery, on payment for a card.
  if (!card) await countSold(tx, cart.lines, 1);
  await tx.execute(sql`DELETE FROM stock_holds WHERE customer_id = ${customerId}`);
  await tx.execute(sql`UPDATE carts SET coupon_id = NULL WHERE customer_id = ${customerId}`);
  await announceOrder(tx, ctx, orderId, "order.placed");
  return { orderId, orderNumber: number, lines: cart.lines, pricing, paymentDeadline };
}

/**
 * The customer's verified number this checkout names, in its stored form, or a 400 on `phone`; and
 * their email, which a card payment page is opened with.
 */
async function checkoutContact(
  ctx: CoreContext,
  customerId: string,
  phone: string,
): Promise<{ phone: string; email: string }> {
  const number = normalizePhoneNumber(phone) ?? phone;
  const [row] = await queryRows<{ phone_number: string; email: string }>(
    ctx.db,
    sql`SELECT n.phone_number, c.email FROM customer_phone_numbers n JOIN customers c ON c.id = n.customer_id
        WHERE n.customer_id = ${customerId} AND n.phone_number = ${number}`,
  );
  if (!row)
    throw invalidField("phone", "Select phone number: it must be one of your verified phone numbers.");
  return { phone: row.phone_number, email: row.email };
}

/**
 * Checks the cart out, paying cash on delivery or by card (the API's two checkout routes and the
 * cart page's checkout call it). A card order gets a hosted payment page; if the provider cannot open one, the order is cancelled at once (its
 * stock and the cart come back) and the shopper is told to try again.
 */
export async function checkout(
  ctx: CoreContext,
  customerId: string,
  body: CheckoutBody,
  method: PaymentMethod,
  urls: CheckoutUrls,
): Promise<CheckoutResponse> {
  const now = ctx.now();
  const { phone, email } = await checkoutContact(ctx, customerId, body.phone);
  const outcome = await ctx.db.transaction((tx) =>
    placeOrder(ctx, tx, customerId, { ...body, phone }, method, now),
  );
  if (outcome instanceof DomainError) throw outcome;
  // The address joins the customer's list for next time (a full list is no reason to refuse an order).
  await saveAddress(ctx, customerId, body).catch((error: unknown) => {
    if (!(error instanceof DomainError)) throw error;
  });

  const order = await readOrder(ctx.db, customerId, outcome.orderId);
  if (method === "cash_on_delivery") {
    return {
      status: "Success",
      message: `Order #${outcome.orderNumber} placed: you pay in cash on delivery.`,
      order,
    };
  }

  const { pricing } = outcome;
  let session: { sessionId: string; url: string };
  try {
    session = await ctx.payments.createCheckoutSession(
      sessionRequest(
        {
          orderId: order._id,
          orderNumber: order.number,
          customerEmail: email,
          lines: outcome.lines,
          ...pricing,
          paymentDeadline: outcome.paymentDeadline,
        },
        { origin: urls.origin, idempotencyKey: `order-${order._id}`, createdAt: now },
      ),
    );
  } catch (error) {
    await cancelOrder(ctx, order._id, { reason: "The payment page could not be opened." });
    if (error instanceof DomainError) throw error;
    throw new DomainError(
      "unavailable",
      "The payment service is not answering. Your cart is unchanged; please try again.",
    );
  }
  await ctx.db.execute(
    sql`UPDATE orders SET payment_session_id = ${session.sessionId} WHERE id = ${order._id}`,
  );
  return {
    status: "Success",
    message: `${CARD_CHECKOUT_PREFIX} checkout session created for order #${order.number}.`,
    order,
    sessionID: session.sessionId,
    sessionURL: session.url,
  };
}
