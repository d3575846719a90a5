import { sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { PaymentProvider, ProviderRefundOutcome, ProviderRefundRequest } from "#core/ports/payments.ts";
import { createStripePayments } from "#server/adapters/stripe-payments.ts";
import { call, createClock, createCustomer, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { placeCardOrder, stockedItem } from "../support/shopping.ts";
import { startStripeStandIn } from "../support/stripe-stand-in.ts";
import { deliverStripeEvent, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from "../support/stripe-webhook.ts";

// Refunds through Stripe (docs/back-office/refunds.md#stripe): the real adapter and SDK against the
// stand-in's /v1/refunds, and Stripe's refund events delivered to the webhook, signed, duplicated,
// late and out of order. Whatever order they come in, the order ends where Stripe's refunds are,
// counted once, mailed once.

const clock = createClock();
const standIn = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY, now: clock.now });
const stripe = createStripePayments({ secretKey: STRIPE_SECRET_KEY, apiBaseUrl: standIn.url });
/** Runs after Stripe answered a refund and before the shop records the answer (a webhook overtaking it). */
let beforeAnswerArrives:
  | ((request: ProviderRefundRequest, outcome: ProviderRefundOutcome) => Promise<void>)
  | null = null;
const payments: PaymentProvider = {
  ...stripe,
  async refund(request) {
    const outcome = await stripe.refund(request);
    await beforeAnswerArrives?.(request, outcome);
    return outcome;
  },
};
const shop = setUpTestShop({ payments, now: clock.now, stripeWebhookSecret: STRIPE_WEBHOOK_SECRET });

afterAll(() => standIn.close());
afterEach(() => {
  standIn.failWith(null);
  standIn.newRefundsAre("succeeded");
  beforeAnswerArrives = null;
  clock.reset();
});

let phoneCounter = 0;
let adminAccount: TestCustomer | undefined;

/** A card order paid through Stripe Checkout (the stand-in's session, completed and announced). */
async function paidOrder() {
  const phone = `+2126128${String(++phoneCounter).padStart(5, "0")}`;
  const customer = await createCustomer(shop, { phoneNumbers: [phone] });
  const item = await stockedItem(shop, { stock: 10, priceCents: 4000 });
  const { orderId, sessionId } = await placeCardOrder(shop, customer, [{ item, quantity: 2 }], { phone });
  const session = standIn.completeSession(sessionId);
  const paid = await deliverStripeEvent(shop, standIn.event("checkout.session.completed", session).payload);
  expect(paid.status).toBe(200);
  const totalCents = session.amount_total;
  return { customer, orderId, paymentIntent: session.payment_intent!, totalCents };
}

async function refund(orderId: string, body: unknown, key?: string) {
  adminAccount ??= await createCustomer(shop, { role: "admin" });
  return call(shop, "POST", `/orders/${orderId}/refunds`, {
    token: adminAccount.token,
    body,
    headers: key ? { "idempotency-key": key } : {},
  });
}

const deliver = (type: string, object: object, id?: string) =>
  deliverStripeEvent(shop, standIn.event(type, object, id ? { id } : {}).payload);

const refundRows = (orderId: string) =>
  shop.rows<{
    id: string;
    amount_cents: number;
    status: string;
    reason: string;
    provider_refund_id: string | null;
    failure_reason: string | null;
    actor_id: string | null;
  }>(sql`SELECT id, amount_cents, status, reason, provider_refund_id, failure_reason, actor_id
         FROM order_refunds WHERE order_id = ${orderId} ORDER BY created_at, id`);

const refundedCents = async (orderId: string) =>
  (
    await shop.rows<{ refunded_cents: number }>(sql`SELECT refunded_cents FROM orders WHERE id = ${orderId}`)
  )[0]!.refunded_cents;

const refundMails = async (orderId: string) =>
  (
    await shop.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notifications WHERE order_id = ${orderId} AND kind = 'order.refunded'`,
    )
  )[0]!.n;

describe("refunds through Stripe", () => {
  it("refunds the payment intent of the order's session, with the refund's id as Stripe's idempotency key", async () => {
    const { orderId, paymentIntent } = await paidOrder();
    const res = await refund(orderId, { amount: 20, reason: "Too small" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.refunds).toEqual([{ amount: 20, status: "succeeded", at: expect.any(String) }]);

    const [row] = await refundRows(orderId);
    const [made] = standIn.refundsOf(paymentIntent);
    expect(made).toMatchObject({
      amount: 2000,
      status: "succeeded",
      metadata: { orderId, refundId: row!.id },
    });
    expect(row!.provider_refund_id).toBe(made!.id);
    const sent = standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.idempotencyKey).toBe(`refund-${row!.id}`);
    expect(sent[0]!.params).toMatchObject({ payment_intent: paymentIntent, amount: "2000" });
    expect(await refundMails(orderId)).toBe(1);

    // Stripe's own events about it change nothing more.
    expect((await deliver("refund.created", made!)).status).toBe(200);
    expect((await deliver("charge.refunded", standIn.charge(paymentIntent))).status).toBe(200);
    expect(await refundRows(orderId)).toHaveLength(1);
    expect(await refundedCents(orderId)).toBe(2000);
    expect(await refundMails(orderId)).toBe(1);
  });

  it("settles a pending refund by its events, once, whatever order they arrive in", async () => {
    const { orderId, paymentIntent } = await paidOrder();
    standIn.newRefundsAre("pending");
    const res = await refund(orderId, { amount: 30, reason: "Wrong colour" });
    expect(res.status).toBe(201);
    expect(res.body.data.refunds).toEqual([{ amount: 30, status: "pending", at: expect.any(String) }]);
    expect(res.body.data.refundedAmount).toBe(30);
    expect(await refundMails(orderId)).toBe(0);

    const [made] = standIn.refundsOf(paymentIntent);
    const created = standIn.event("refund.created", made!);
    const succeeded = standIn.event("refund.updated", standIn.updateRefund(made!.id, "succeeded"));
    // The later event first, then the same one again, then the earlier one.
    expect((await deliverStripeEvent(shop, succeeded.payload)).body).toEqual({
      received: true,
      duplicate: false,
    });
    expect((await deliverStripeEvent(shop, succeeded.payload)).body).toEqual({
      received: true,
      duplicate: true,
    });
    expect((await deliverStripeEvent(shop, created.payload)).body).toEqual({
      received: true,
      duplicate: false,
    });
    expect(await refundRows(orderId)).toEqual([
      expect.objectContaining({ status: "succeeded", amount_cents: 3000 }),
    ]);
    expect(await refundedCents(orderId)).toBe(3000);
    expect(await refundMails(orderId)).toBe(1);

    // Stripe fails it afterwards: the amount is free again, once, even if told twice or late.
    const failed = standIn.updateRefund(made!.id, "failed", "expired_or_canceled_card");
    expect((await deliver("refund.failed", failed)).status).toBe(200);
    expect((await deliver("refund.updated", failed)).status).toBe(200);
    expect(
      (
        await deliverStripeEvent(
          shop,
          standIn.event("refund.updated", { ...failed, status: "succeeded" }).payload,
        )
      ).status,
    ).toBe(200);
    expect(await refundRows(orderId)).toEqual([
      expect.objectContaining({
        status: "failed",
        failure_reason: "Stripe could not refund: expired_or_canceled_card.",
      }),
    ]);
    expect(await refundedCents(orderId)).toBe(0);
    expect(await refundMails(orderId)).toBe(1);
  });

  it("converges when Stripe's event arrives before the shop's own call has returned", async () => {
    const { orderId, paymentIntent } = await paidOrder();
    beforeAnswerArrives = async (request) => {
      const made = standIn.refundsOf(paymentIntent).find((r) => r.metadata.refundId === request.refundId)!;
      const early = await deliver("refund.updated", made);
      expect(early.body).toEqual({ received: true, duplicate: false });
      // The webhook settled the shop's refund already.
      expect(await refundRows(orderId)).toEqual([
        expect.objectContaining({ id: request.refundId, status: "succeeded", provider_refund_id: made.id }),
      ]);
    };
    const res = await refund(orderId, { amount: 12.34, reason: "Overtaken" });
    expect(res.status).toBe(201);
    expect(res.body.data.refunds).toEqual([{ amount: 12.34, status: "succeeded", at: expect.any(String) }]);
    expect(await refundedCents(orderId)).toBe(1234);
    expect(await refundMails(orderId)).toBe(1);
  });

  it("never refunds twice when Stripe's answer is lost: the same request again finds the refund Stripe made", async () => {
    const { orderId, paymentIntent } = await paidOrder();
    standIn.failWith("lost-reply");
    const lost = await refund(orderId, { amount: 15, reason: "Lost answer" }, "lost-answer");
    expect(lost.status).toBe(503);
    expect(await refundRows(orderId)).toEqual([
      expect.objectContaining({ status: "pending", provider_refund_id: null }),
    ]);
    expect(standIn.refundsOf(paymentIntent)).toHaveLength(1);

    standIn.failWith(null);
    const again = await refund(orderId, { amount: 15, reason: "Lost answer" }, "lost-answer");
    expect(again.status).toBe(201);
    const made = standIn.refundsOf(paymentIntent);
    expect(made).toHaveLength(1);
    expect(await refundRows(orderId)).toEqual([
      expect.objectContaining({ status: "succeeded", provider_refund_id: made[0]!.id }),
    ]);
    expect(await refundedCents(orderId)).toBe(1500);
    expect(await refundMails(orderId)).toBe(1);
  });

  it("records a refund made in Stripe's Dashboard, once, from charge.refunded or the refund's own events", async () => {
    const { customer, orderId, paymentIntent } = await paidOrder();
    const made = standIn.refundInDashboard(paymentIntent, 1500);
    const charge = standIn.event("charge.refunded", standIn.charge(paymentIntent));
    expect((await deliverStripeEvent(shop, charge.payload)).body).toEqual({
      received: true,
      duplicate: false,
    });
    expect((await deliverStripeEvent(shop, charge.payload)).body).toEqual({
      received: true,
      duplicate: true,
    });
    expect((await deliver("refund.created", made)).status).toBe(200);
    expect(await refundRows(orderId)).toEqual([
      expect.objectContaining({
        amount_cents: 1500,
        status: "succeeded",
        reason: "Refunded in Stripe",
        provider_refund_id: made.id,
        actor_id: null,
      }),
    ]);
    expect(await refundedCents(orderId)).toBe(1500);
    expect(await refundMails(orderId)).toBe(1);
    const audit = await shop.rows<{ actor_email: string }>(
      sql`SELECT actor_email FROM audit_log WHERE action = 'order.refund' AND entity_id = ${orderId}`,
    );
    expect(audit).toEqual([{ actor_email: "stripe" }]);
    const read = await call(shop, "GET", `/customer/orders/${orderId}`, { token: customer.token });
    expect(read.body.data.refundedAmount).toBe(15);

    // A Dashboard refund told of first by its failure is recorded as failed, and stays so.
    const second = standIn.refundInDashboard(paymentIntent, 500);
    const secondCreated = standIn.event("refund.created", second);
    expect((await deliver("refund.updated", standIn.updateRefund(second.id, "canceled"))).status).toBe(200);
    expect((await deliverStripeEvent(shop, secondCreated.payload)).status).toBe(200);
    const rows = (await refundRows(orderId)).sort((a, b) => b.amount_cents - a.amount_cents);
    expect(rows.map((r) => [r.amount_cents, r.status])).toEqual([
      [1500, "succeeded"],
      [500, "failed"],
    ]);
    expect(await refundedCents(orderId)).toBe(1500);
  });

  it("answers Stripe for a refund of a payment the shop does not know, and changes nothing", async () => {
    const unknown = await deliver(
      "charge.refunded",
      {
        id: "ch_test_elsewhere",
        object: "charge",
        amount: 1000,
        amount_refunded: 1000,
        payment_intent: "pi_test_elsewhere",
        refunded: true,
        metadata: {},
      },
      "evt_test_elsewhere",
    );
    expect(unknown.body).toEqual({ received: true, duplicate: false });
    const [row] = await shop.rows<{ order_id: string | null }>(
      sql`SELECT order_id FROM payment_events WHERE event_id = 'evt_test_elsewhere'`,
    );
    expect(row!.order_id).toBeNull();
  });

  it("keeps a refund Stripe refuses as failed, and frees its amount", async () => {
    const { orderId, paymentIntent, totalCents } = await paidOrder();
    // Most of it was refunded in the Dashboard and the shop has not heard yet.
    standIn.refundInDashboard(paymentIntent, totalCents - 500);
    const res = await refund(orderId, { amount: 10, reason: "Too late" });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(
      /^The refund of 10,00 USD failed: Stripe refused the refund: Refund amount \(\$10\.00\) is greater than unrefunded amount on charge \(\$5\.00\)/,
    );
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ status: "failed" })]);
    expect(await refundedCents(orderId)).toBe(0);
    expect(await refundMails(orderId)).toBe(0);
  });
});
