import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { refundResponse } from "#contract/refunds.ts";
import { moveOrder } from "#core/orders/order-workflow.ts";
import { refundOrder } from "#core/orders/refunds.ts";
import { createBuiltinPayments, payTestCheckout, TEST_CARD_PAYS } from "#core/payments/builtin-checkout.ts";
import type { PaymentProvider, ProviderRefundRequest } from "#core/ports/payments.ts";
import {
  call,
  createClock,
  createCustomer,
  expectContract,
  SECOND,
  type TestCustomer,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { placeCardOrder, placeCashOrder, type StockedItem, stockedItem } from "../support/shopping.ts";

// POST /api/v1/orders/{id}/refunds on the built-in payment provider (docs/back-office/refunds.md):
// full and partial refunds, by amount and by lines, cash and card, never more than was paid, the
// same key once, two admins at once, and what the customer then reads and is mailed. The provider
// is the built-in one, which a test can make silent (no answer) or refuse.

const builtin = createBuiltinPayments();
let providerMode: "answer" | "silent" | "refuse" = "answer";
const refundCalls: ProviderRefundRequest[] = [];
const payments: PaymentProvider = {
  ...builtin,
  async refund(request) {
    refundCalls.push(request);
    if (providerMode === "silent") throw new Error("the provider did not answer (test)");
    if (providerMode === "refuse")
      return { status: "failed", providerRefundId: null, failureReason: "Declined by the test provider." };
    return builtin.refund(request);
  },
};
// Each refund a second after the one before, so "oldest first" has one answer.
const clock = createClock();
const shop = setUpTestShop({ payments, now: clock.now });
afterEach(() => {
  providerMode = "answer";
});

let phoneCounter = 0;
const nextPhone = () => `+2126127${String(++phoneCounter).padStart(5, "0")}`;

let adminAccount: TestCustomer | undefined;
async function admin() {
  adminAccount ??= await createCustomer(shop, { role: "admin" });
  return adminAccount;
}
const staffOf = (account: TestCustomer, role: "admin" | "manager" = "admin") => ({
  id: account.id,
  email: account.email,
  role,
});

/** A customer's card order of these lines, paid through the built-in test checkout. */
async function paidCardOrder(
  lines: { priceCents: number; quantity: number }[] = [{ priceCents: 2500, quantity: 2 }],
) {
  const phone = nextPhone();
  const customer = await createCustomer(shop, { phoneNumbers: [phone] });
  const items: StockedItem[] = [];
  for (const line of lines) items.push(await stockedItem(shop, { stock: 10, priceCents: line.priceCents }));
  const { orderId, sessionId } = await placeCardOrder(
    shop,
    customer,
    items.map((item, i) => ({ item, quantity: lines[i]!.quantity })),
    { phone },
  );
  await payTestCheckout(shop.ctx, sessionId, { cardNumber: TEST_CARD_PAYS, expiry: "12/40", cvc: "123" });
  const order = await customerOrder(customer, orderId);
  expect(order.status).toBe("paid");
  return {
    customer,
    orderId,
    items,
    order,
    totalCents: Math.round(order.pricing.totalPriceAfterDiscount * 100),
  };
}

async function customerOrder(customer: TestCustomer, orderId: string) {
  const res = await call(shop, "GET", `/customer/orders/${orderId}`, { token: customer.token });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function refund(orderId: string, body: unknown, options: { key?: string; token?: string } = {}) {
  const token = options.token ?? (await admin()).token;
  clock.advance(SECOND);
  return call(shop, "POST", `/orders/${orderId}/refunds`, {
    token,
    body,
    headers: options.key ? { "idempotency-key": options.key } : {},
  });
}

const refundRows = (orderId: string) =>
  shop.rows<{
    id: string;
    amount_cents: number;
    status: string;
    method: string;
    provider: string | null;
    provider_refund_id: string | null;
    reason: string;
    lines: unknown;
    actor_id: string | null;
    failure_reason: string | null;
  }>(sql`SELECT id, amount_cents, status, method, provider, provider_refund_id, reason, lines, actor_id, failure_reason
         FROM order_refunds WHERE order_id = ${orderId} ORDER BY created_at, id`);

const refundedCents = async (orderId: string) =>
  (
    await shop.rows<{ refunded_cents: number }>(sql`SELECT refunded_cents FROM orders WHERE id = ${orderId}`)
  )[0]!.refunded_cents;

const refundMails = (orderId: string) =>
  shop.rows<{ recipient: string; subject: string }>(
    sql`SELECT recipient, subject FROM notifications WHERE order_id = ${orderId} AND kind = 'order.refunded'
        ORDER BY created_at, id`,
  );

describe("POST /api/v1/orders/{id}/refunds", () => {
  it("refunds a paid card order in full through its provider; the customer reads it and is mailed once", async () => {
    const { customer, orderId, order } = await paidCardOrder();
    const total = order.pricing.totalPriceAfterDiscount;
    const res = await refund(orderId, { amount: total, reason: "Customer returned everything." });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectContract(refundResponse, res.body);
    expect(res.body.data.refundedAmount).toBe(total);
    expect(res.body.data.refunds).toEqual([{ amount: total, status: "succeeded", at: expect.any(String) }]);

    const [row] = await refundRows(orderId);
    expect(row).toMatchObject({
      method: "provider",
      provider: "builtin",
      status: "succeeded",
      reason: "Customer returned everything.",
      actor_id: (await admin()).id,
    });
    expect(row!.provider_refund_id).toBe(`re_test_${row!.id}`);
    expect(refundCalls.at(-1)).toMatchObject({
      orderId,
      refundId: row!.id,
      amountCents: Math.round(total * 100),
    });

    const read = await customerOrder(customer, orderId);
    expect(read.refundedAmount).toBe(total);
    expect(read.refunds).toEqual([{ amount: total, status: "succeeded", at: expect.any(String) }]);
    expect(await refundMails(orderId)).toEqual([
      { recipient: customer.email, subject: `A refund on order #${order.number}` },
    ]);
    const audit = await shop.rows<{ action: string; actor_email: string; after: { amountCents: number } }>(
      sql`SELECT action, actor_email, after FROM audit_log WHERE entity = 'order' AND entity_id = ${orderId}`,
    );
    expect(audit).toEqual([
      expect.objectContaining({
        action: "order.refund",
        actor_email: (await admin()).email,
        after: expect.objectContaining({ amountCents: Math.round(total * 100) }),
      }),
    ]);

    // Nothing is left to give back.
    const again = await refund(orderId, { amount: 1, reason: "Again" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `Order #${order.number} has been refunded in full (${formatUsd(total)}).`,
    );
  });

  it("refunds part by amount, twice, and refuses more than what is left, naming the amount", async () => {
    const { orderId, order, totalCents } = await paidCardOrder();
    expect((await refund(orderId, { amount: 10, reason: "Late delivery" })).status).toBe(201);
    const second = await refund(orderId, { amount: 5.5, reason: "Damaged box" });
    expect(second.status).toBe(201);
    expect(second.body.data.refundedAmount).toBe(15.5);
    expect(second.body.data.refunds.map((r: { amount: number }) => r.amount)).toEqual([10, 5.5]);

    const left = totalCents - 1550;
    const over = await refund(orderId, { amount: (left + 1) / 100, reason: "Too much" });
    expect(over.status).toBe(409);
    expect(over.body.errors).toEqual([{ field: "amount", message: over.body.message }]);
    expect(over.body.message).toBe(
      `At most ${formatUsd(left / 100)} of order #${order.number} can be refunded: ${formatUsd(totalCents / 100)} was paid and ${formatUsd(15.5)} is refunded or under way. This refund would be ${formatUsd((left + 1) / 100)}.`,
    );
    expect(await refundedCents(orderId)).toBe(1550);
    expect(await refundRows(orderId)).toHaveLength(2);
    // The rest, exactly, is fine.
    const rest = await refund(orderId, { amount: left / 100, reason: "The rest" });
    expect(rest.status).toBe(201);
    expect(await refundedCents(orderId)).toBe(totalCents);
  });

  it("refunds by lines: unit price × quantity, never more of a line than is left of it", async () => {
    const { orderId, order } = await paidCardOrder([
      { priceCents: 2500, quantity: 2 },
      { priceCents: 1999, quantity: 1 },
    ]);
    // A line's position is its place in the order's items.
    const shirt = order.items.findIndex((i: { price: number }) => i.price === 25);
    const cap = 1 - shirt;
    const first = await refund(orderId, {
      lines: [{ position: shirt, quantity: 1 }],
      reason: "One shirt back",
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.refundedAmount).toBe(25);

    const both = await refund(orderId, {
      lines: [
        { position: shirt, quantity: 1 },
        { position: cap, quantity: 1 },
      ],
      reason: "The rest of the goods",
    });
    expect(both.status).toBe(201);
    expect(both.body.data.refundedAmount).toBe(25 + 25 + 19.99);
    const rows = await refundRows(orderId);
    expect(rows.map((r) => [r.amount_cents, r.lines])).toEqual([
      [2500, [{ position: shirt, quantity: 1 }]],
      [
        4499,
        [
          { position: shirt, quantity: 1 },
          { position: cap, quantity: 1 },
        ],
      ],
    ]);

    const { title } = order.items[shirt].product;
    const size = order.items[shirt].size;
    const label = `${title}${size ? ` (size ${size})` : ""}`;
    const spent = await refund(orderId, { lines: [{ position: shirt, quantity: 1 }], reason: "Again" });
    expect([spent.status, spent.body.message, spent.body.errors?.[0]?.field]).toEqual([
      409,
      `${label} has been refunded in full already.`,
      "lines",
    ]);
    const more = await refund(orderId, { lines: [{ position: cap, quantity: 2 }], reason: "Too many" });
    expect([more.status, more.body.errors?.[0]?.field]).toEqual([400, "lines"]);
    const missing = await refund(orderId, { lines: [{ position: 7, quantity: 1 }], reason: "No such line" });
    expect([missing.status, missing.body.message]).toEqual([
      400,
      `Order #${order.number} has no line at position 7: its positions are 0 to 1.`,
    ]);
    // Tax and shipping are still there to give back by amount.
    expect(await refundedCents(orderId)).toBe(6999);
  });

  it("takes a line's share of the coupon off its refund", async () => {
    const manager = await createCustomer(shop, { role: "manager" });
    const code = `REFUND${phoneCounter}X`;
    const coupon = await call(shop, "POST", "/coupons", {
      token: manager.token,
      body: { name: code, discount: 10, expire: "2099-12-31" },
    });
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);
    const phone = nextPhone();
    const customer = await createCustomer(shop, { phoneNumbers: [phone] });
    const item = await stockedItem(shop, { stock: 10, priceCents: 1999 });
    const { orderId, sessionId } = await placeCardOrder(shop, customer, [{ item, quantity: 3 }], {
      phone,
      coupon: code,
    });
    await payTestCheckout(shop.ctx, sessionId, { cardNumber: TEST_CARD_PAYS, expiry: "12/40", cvc: "123" });
    const res = await refund(orderId, { lines: [{ position: 0, quantity: 3 }], reason: "All three" });
    expect(res.status).toBe(201);
    // 3 × 19.99 = 59.97, less 10 %: 53.973, rounded down to the cent.
    expect(res.body.data.refundedAmount).toBe(53.97);
  });

  it("refuses an order with nothing paid, naming why", async () => {
    const phone = nextPhone();
    const customer = await createCustomer(shop, { phoneNumbers: [phone] });
    const item = await stockedItem(shop, { stock: 10, priceCents: 1000 });
    const cashId = await placeCashOrder(shop, customer, [{ item, quantity: 1 }], { phone });
    const cash = await refund(cashId, { amount: 1, reason: "Nothing collected yet" });
    expect(cash.status).toBe(409);
    expect(cash.body.message).toMatch(
      /is paid on delivery and has not been collected: there is nothing to refund\.$/,
    );

    const card = await placeCardOrder(shop, customer, [{ item, quantity: 1 }], { phone });
    const unpaid = await refund(card.orderId, { amount: 1, reason: "Not paid" });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toMatch(/has not been paid: there is nothing to refund\.$/);
    expect(await refundRows(cashId)).toEqual([]);
    expect(await refundRows(card.orderId)).toEqual([]);
  });

  it("records a collected cash order's refund as paid out by hand", async () => {
    const phone = nextPhone();
    const customer = await createCustomer(shop, { phoneNumbers: [phone] });
    const item = await stockedItem(shop, { stock: 10, priceCents: 3000 });
    const orderId = await placeCashOrder(shop, customer, [{ item, quantity: 1 }], { phone });
    const staff = { kind: "staff" as const, staff: staffOf(await admin()) };
    for (const to of ["processing", "shipped", "delivered"] as const)
      await moveOrder(shop.ctx, staff, orderId, { to, carrier: "DHL", trackingNumber: "JD1" });
    const calls = refundCalls.length;
    const res = await refund(orderId, { amount: 12.5, reason: "Paid back at the counter" });
    expect(res.status).toBe(201);
    expect(res.body.data.refunds).toEqual([{ amount: 12.5, status: "succeeded", at: expect.any(String) }]);
    expect(refundCalls).toHaveLength(calls);
    expect(await refundRows(orderId)).toEqual([
      expect.objectContaining({
        method: "cash",
        status: "succeeded",
        provider: null,
        provider_refund_id: null,
      }),
    ]);
    expect(await refundMails(orderId)).toHaveLength(1);
  });

  it("answers a repeated Idempotency-Key with the same refund and gives back nothing more", async () => {
    const { orderId } = await paidCardOrder();
    const first = await refund(orderId, { amount: 7, reason: "Goodwill" }, { key: "refund-key-1" });
    expect(first.status).toBe(201);
    const calls = refundCalls.length;
    const again = await refund(orderId, { amount: 7, reason: "Goodwill" }, { key: "refund-key-1" });
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    // Even with another amount: the key names the refund already made.
    const other = await refund(orderId, { amount: 9, reason: "Goodwill" }, { key: "refund-key-1" });
    expect(other.body.data.refundedAmount).toBe(7);
    expect(refundCalls).toHaveLength(calls);
    expect(await refundRows(orderId)).toHaveLength(1);
    expect(await refundMails(orderId)).toHaveLength(1);

    // Another key is another refund; so is each request without one.
    expect((await refund(orderId, { amount: 1, reason: "More" }, { key: "refund-key-2" })).status).toBe(201);
    expect((await refund(orderId, { amount: 1, reason: "More" })).status).toBe(201);
    expect((await refund(orderId, { amount: 1, reason: "More" })).status).toBe(201);
    expect(await refundedCents(orderId)).toBe(1000);
    expect(await refundMails(orderId)).toHaveLength(4);
  });

  it("refunds once when the same key is sent twice at the same time", async () => {
    const { orderId } = await paidCardOrder();
    const results = await Promise.all(
      [1, 2].map(() => refund(orderId, { amount: 20, reason: "Double click" }, { key: "same-moment" })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect(await refundRows(orderId)).toHaveLength(1);
    expect(await refundedCents(orderId)).toBe(2000);
  });

  it("lets exactly one of two admins' refunds through when together they exceed what was paid", async () => {
    const { orderId, totalCents } = await paidCardOrder();
    const second = await createCustomer(shop, { role: "admin" });
    const amount = Math.ceil((totalCents * 0.6) / 100);
    const results = await Promise.all([
      refund(orderId, { amount, reason: "Admin one" }, { key: "admin-one" }),
      refund(orderId, { amount, reason: "Admin two" }, { key: "admin-two", token: second.token }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await refundedCents(orderId)).toBe(amount * 100);
    expect(await refundRows(orderId)).toHaveLength(1);
  });

  it("keeps a refund pending when the provider does not answer; the same request again finishes it", async () => {
    const { orderId } = await paidCardOrder();
    providerMode = "silent";
    const lost = await refund(orderId, { amount: 12, reason: "Provider down" }, { key: "retry-me" });
    expect(lost.status).toBe(503);
    expect(lost.body.message).toMatch(/did not answer\. The refund of 12,00 USD is pending/);
    expect(await refundRows(orderId)).toEqual([
      expect.objectContaining({ status: "pending", amount_cents: 1200 }),
    ]);
    expect(await refundedCents(orderId)).toBe(1200);
    expect(await refundMails(orderId)).toEqual([]);

    providerMode = "answer";
    const again = await refund(orderId, { amount: 12, reason: "Provider down" }, { key: "retry-me" });
    expect(again.status).toBe(201);
    expect(again.body.data.refunds).toEqual([{ amount: 12, status: "succeeded", at: expect.any(String) }]);
    expect(refundCalls.at(-1)).toMatchObject({ retry: true });
    expect(await refundedCents(orderId)).toBe(1200);
    expect(await refundMails(orderId)).toHaveLength(1);
  });

  it("keeps a refund the provider refused as failed and gives its amount back to what may be refunded", async () => {
    const { orderId } = await paidCardOrder();
    providerMode = "refuse";
    const refused = await refund(orderId, { amount: 8, reason: "Refused" }, { key: "refused" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("The refund of 8,00 USD failed: Declined by the test provider.");
    expect(await refundRows(orderId)).toEqual([
      expect.objectContaining({ status: "failed", failure_reason: "Declined by the test provider." }),
    ]);
    expect(await refundedCents(orderId)).toBe(0);
    providerMode = "answer";
    // The same key answers the same way; a new one refunds.
    expect((await refund(orderId, { amount: 8, reason: "Refused" }, { key: "refused" })).status).toBe(409);
    const fresh = await refund(orderId, { amount: 8, reason: "Again" }, { key: "refused-2" });
    expect(fresh.status).toBe(201);
    expect(fresh.body.data.refunds.map((r: { status: string }) => r.status)).toEqual(["failed", "succeeded"]);
    expect(fresh.body.data.refundedAmount).toBe(8);
  });
});

describe("POST /api/v1/orders/{id}/refunds: refused input", () => {
  it("answers 400 naming the field, and changes nothing", async () => {
    const { orderId } = await paidCardOrder();
    const cases: [unknown, string][] = [
      [{ amount: 5 }, "reason"],
      [{ amount: 5, reason: "   " }, "reason"],
      [{ amount: 5, reason: "x".repeat(501) }, "reason"],
      [{ reason: "Neither" }, "amount"],
      [{ amount: 5, lines: [{ position: 0, quantity: 1 }], reason: "Both" }, "amount"],
      [{ amount: 0, reason: "Zero" }, "amount"],
      [{ amount: -3, reason: "Negative" }, "amount"],
      [{ amount: 1.234, reason: "Three decimals" }, "amount"],
      [{ amount: "lots", reason: "Text" }, "amount"],
      [{ lines: [], reason: "No lines" }, "lines"],
      [{ lines: [{ position: 0, quantity: 0 }], reason: "No units" }, "lines.quantity"],
      [{ lines: [{ position: -1, quantity: 1 }], reason: "Before the first" }, "lines.position"],
      [
        {
          lines: [
            { position: 0, quantity: 1 },
            { position: 0, quantity: 1 },
          ],
          reason: "Twice",
        },
        "lines",
      ],
    ];
    for (const [body, field] of cases) {
      const res = await refund(orderId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    const badKey = await refund(orderId, { amount: 1, reason: "Key" }, { key: "has space" });
    expect([badKey.status, badKey.body.errors?.[0]?.field]).toEqual([400, "Idempotency-Key"]);
    expect(await refundRows(orderId)).toEqual([]);
    expect(await refundedCents(orderId)).toBe(0);
  });

  it("answers 404 for an unknown order, 403 to a manager and a customer", async () => {
    const unknown = await refund("0123456789abcdef01234567", { amount: 1, reason: "Who?" });
    expect([unknown.status, unknown.body.message]).toEqual([
      404,
      "No order for this ID: 0123456789abcdef01234567.",
    ]);
    expect((await refund("not-an-id", { amount: 1, reason: "Who?" })).status).toBe(404);

    const { customer, orderId } = await paidCardOrder();
    const manager = await createCustomer(shop, { role: "manager" });
    expect((await refund(orderId, { amount: 1, reason: "Manager" }, { token: manager.token })).status).toBe(
      403,
    );
    expect((await refund(orderId, { amount: 1, reason: "Myself" }, { token: customer.token })).status).toBe(
      403,
    );
    // Core refuses a manager too, whatever the edge.
    await expect(
      refundOrder(shop.ctx, staffOf(manager, "manager"), orderId, { amountCents: 100, reason: "Core" }),
    ).rejects.toThrow("Only an administrator may do this.");
    expect(await refundRows(orderId)).toEqual([]);
  });
});

function formatUsd(amount: number): string {
  const cents = Math.round(amount * 100);
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")} USD`;
}
