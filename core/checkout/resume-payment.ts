import { sql } from "drizzle-orm";
import type { PaymentSessionResponse } from "#contract/shopping.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { ID_PATTERN } from "#db/ids.ts";
import { ts } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";
import { conflict, DomainError, notFound } from "../errors.ts";
import { expireUnpaidOrders, lockOrder } from "../orders/cancellation.ts";
import { type OrderRow, orderItems } from "../orders/order-records.ts";
import type { CheckoutUrls } from "./checkout.ts";
import { sessionRequest } from "./payment-session.ts";

// A shopper back to pay a card order that awaits its payment (docs/decisions/033-a-way-back-to-payment.md):
// the order's payment page again while the provider keeps it open, else a new one that becomes the
// order's session, within the order's payment window.

const NOT_AWAITING: Record<string, string> = {
  paid: "This order is paid already.",
  cancelled: "This order was cancelled: it can no longer be paid. Its items went back to your cart.",
  cash_on_delivery: "This order is paid in cash on delivery: there is nothing to pay online.",
};

/** Why this order cannot be paid now, or null when it awaits its card payment within its window. */
function refusal(order: OrderRow, now: Date): DomainError | null {
  if (order.payment_method === "cash_on_delivery") return conflict(NOT_AWAITING.cash_on_delivery as string);
  if (order.status === "paid" || order.paid_at) return conflict(NOT_AWAITING.paid as string);
  if (order.status === "cancelled") return conflict(NOT_AWAITING.cancelled as string);
  if (order.status !== "pending_payment") return conflict("This order is no longer awaiting payment.");
  const deadline = order.payment_expires_at ? new Date(order.payment_expires_at) : null;
  if (!deadline || deadline.getTime() <= now.getTime()) {
    // The expiry sweep cancels it (and the next read of the cart or orders does): not this call.
    return conflict("The payment window of this order has closed: it is being cancelled.");
  }
  return null;
}

async function customerEmail(db: Executor, customerId: string): Promise<string> {
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`SELECT email FROM customers WHERE id = ${customerId}`,
  );
  return row?.email ?? "";
}

/** A call to the payment provider; its failure is a 503 that leaves the order as it was. */
async function fromProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError(
      "unavailable",
      "The payment service is not answering. Your order still awaits payment; please try again.",
    );
  }
}

/** Opens a new payment page for the locked order and records it as the order's session. */
async function renewSession(ctx: CoreContext, tx: Executor, order: OrderRow, urls: CheckoutUrls, now: Date) {
  const items = await orderItems(tx, [order.id]);
  // The key names the session it replaces and the minute: a retry of this renewal (an answer lost on
  // the way) is the same request; Stripe counts its 30-minute minimum from `createdAt`.
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const request = sessionRequest(
    {
      orderId: order.id,
      orderNumber: Number(order.number),
      customerEmail: await customerEmail(tx, order.customer_id),
      lines: items.map((item) => ({
        title: item.title,
        size: item.size,
        imageCover: item.image_cover,
        unitPriceCents: item.unit_price_cents,
        quantity: item.quantity,
      })),
      taxCents: order.tax_cents,
      shippingCents: order.shipping_cents,
      discountCents: order.discount_cents,
      totalAfterDiscountCents: order.total_after_discount_cents,
      paymentDeadline: new Date(order.payment_expires_at as Date | string),
    },
    {
      origin: urls.origin,
      idempotencyKey: `order-${order.id}-after-${order.payment_session_id ?? "none"}-${minute.getTime()}`,
      createdAt: minute,
    },
  );
  const session = await fromProvider(() => ctx.payments.createCheckoutSession(request));
  // In the transaction that holds the order's lock: from its commit on, only the new session's events
  // pay this order (core/payments/payment-events.ts), and the old one's change nothing.
  await tx.execute(sql`UPDATE orders SET payment_provider = ${ctx.payments.name},
    payment_session_id = ${session.sessionId}, updated_at = ${ts(now)} WHERE id = ${order.id}`);
  return session.url;
}

/**
 * Reopens or renews the payment page of the customer's card order that awaits its payment: `reopened`
 * with the page the provider still keeps open, or `created` with a new one when that page expired (or
 * was never recorded). One transaction holding the order's row lock, so two clicks never open two live
 * pages: the second waits, then finds the first one's page open. 404 for an order that is not theirs,
 * 409 naming why for one that is not awaiting payment, 503 when the provider does not answer.
 */
export async function resumePayment(
  ctx: CoreContext,
  customerId: string,
  orderId: string,
  urls: CheckoutUrls,
): Promise<PaymentSessionResponse> {
  const missing = notFound(`No order for this ID: ${orderId.slice(0, 100)}.`);
  if (!ID_PATTERN.test(orderId)) throw missing;
  await expireUnpaidOrders(ctx, { customerId });
  const now = ctx.now();
  const absolute = (url: string) => new URL(url, urls.origin).toString();
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, { id: orderId });
    if (!order || order.customer_id !== customerId) throw missing;
    const refused = refusal(order, now);
    if (refused) throw refused;
    const current = order.payment_session_id && order.payment_provider === ctx.payments.name;
    if (current) {
      const sessionId = order.payment_session_id as string;
      const state = await fromProvider(() => ctx.payments.retrieveCheckoutSession(sessionId));
      if (state.status === "complete") {
        throw conflict("This order's payment was made and is being confirmed: there is nothing more to pay.");
      }
      if (state.status === "open" && state.url) return { status: "reopened", url: absolute(state.url) };
    }
    return { status: "created", url: absolute(await renewSession(ctx, tx, order, urls, now)) };
  });
}

/** The customer's card orders awaiting payment within their window, newest first: what the cart page offers to complete. */
export async function awaitingPayment(
  ctx: CoreContext,
  customerId: string,
): Promise<{ orderId: string; number: number; paymentExpiresAt: string }[]> {
  const now = ctx.now();
  const rows = await queryRows<{ id: string; number: number; payment_expires_at: Date | string }>(
    ctx.db,
    sql`SELECT id, number, payment_expires_at FROM orders WHERE customer_id = ${customerId}
        AND status = 'pending_payment' AND payment_method = 'credit_card' AND payment_expires_at > ${ts(now)}
        ORDER BY created_at DESC, number DESC`,
  );
  return rows.map((row) => ({
    orderId: row.id,
    number: Number(row.number),
    paymentExpiresAt: new Date(row.payment_expires_at).toISOString(),
  }));
}
