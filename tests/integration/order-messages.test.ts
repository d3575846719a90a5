import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { announceOrder } from "#core/orders/order-announcements.ts";
import { moveOrder } from "#core/orders/order-workflow.ts";
import { payTestCheckout, TEST_CARD_PAYS } from "#core/payments/builtin-checkout.ts";
import { handlePaymentEvent } from "#core/payments/payment-events.ts";
import type { Staff } from "#core/shared/staff-roles.ts";
import { newId } from "#db/ids.ts";
import { createCustomer, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop, TEST_PUBLIC_URL } from "../support/app.ts";
import { placeCardOrder, placeCashOrder, stockedItem } from "../support/shopping.ts";

// Which order events send which messages to whom (docs/back-office/notifications.md): the rows the
// change writes into the outbox, in its own transaction, rendered whole. Delivery is
// tests/integration/order-mail-delivery.test.ts.

const shop = setUpTestShop();
const ALERTS = "orders@atlas.test";

let phones = 0;
async function customerWithPhone(): Promise<{ customer: TestCustomer; phone: string }> {
  const phone = `+2126135${String(++phones).padStart(5, "0")}`;
  return { customer: await createCustomer(shop, { phoneNumbers: [phone] }), phone };
}

async function cashOrder() {
  const { customer, phone } = await customerWithPhone();
  const item = await stockedItem(shop, { stock: 5, priceCents: 2500 });
  const orderId = await placeCashOrder(shop, customer, [{ item, quantity: 2 }], { phone });
  return { customer, phone, item, orderId };
}

async function cardOrder() {
  const { customer, phone } = await customerWithPhone();
  const item = await stockedItem(shop, { stock: 5, priceCents: 4000 });
  const placed = await placeCardOrder(shop, customer, [{ item, quantity: 1 }], { phone });
  return { customer, phone, item, ...placed };
}

const setAlertEmail = (address: string) =>
  shop.rows(sql`UPDATE shop_settings SET order_alert_email = ${address} WHERE id = 1`);
afterEach(() => setAlertEmail(""));

interface Row {
  kind: string;
  channel: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  dedupe_key: string;
  status: string;
}
const messagesOf = (orderId: string) =>
  shop.rows<Row>(
    sql`SELECT kind, channel, recipient, subject, text, html, dedupe_key, status FROM notifications
        WHERE order_id = ${orderId} ORDER BY created_at, kind = 'staff.new_order', channel`,
  );

async function manager(): Promise<{ kind: "staff"; staff: Staff }> {
  const account = await createCustomer(shop, { role: "manager" });
  return { kind: "staff", staff: { id: account.id, email: account.email, role: "manager" } };
}

const pay = (sessionId: string) =>
  payTestCheckout(shop.ctx, sessionId, { cardNumber: TEST_CARD_PAYS, expiry: "12/40", cvc: "123" });

describe("a cash order placed", () => {
  it("mails the customer its confirmation, and the staff's alert when an address is set", async () => {
    await setAlertEmail(ALERTS);
    const { customer, item, orderId } = await cashOrder();
    const rows = await messagesOf(orderId);
    expect(rows.map((r) => [r.kind, r.channel, r.recipient])).toEqual([
      ["order.placed", "email", customer.email],
      ["staff.new_order", "email", ALERTS],
    ]);
    const [mail, alert] = rows;
    const [{ number }] = (await shop.rows<{ number: number }>(
      sql`SELECT number FROM orders WHERE id = ${orderId}`,
    )) as [{ number: number }];
    expect(mail!.subject).toBe(`Order #${number} received`);
    expect(mail!.html).toContain(`href="${TEST_PUBLIC_URL}/customer/orders/${orderId}"`);
    // React writes text with &, <, >, ' and " escaped.
    const asHtml = item.title.replace(
      /[&<>'"]/g,
      (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", "'": "#x27", '"': "quot" }[c]};`,
    );
    expect(mail!.html).toContain(asHtml);
    expect(mail!.text).toContain(item.title);
    for (const part of [mail!.html!, mail!.text]) {
      expect(part).toContain("Quantity: 2");
      expect(part).toContain("50,00 USD");
    }
    expect(mail!.text).toContain("You pay");
    expect(alert!.subject).toMatch(new RegExp(`^New order #${number}: \\d+,\\d\\d USD$`));
    expect(alert!.html).toContain(`href="${TEST_PUBLIC_URL}/admin/orders/${orderId}"`);
    expect(alert!.text).toContain(`${customer.firstName} ${customer.lastName} placed order #${number}`);
    expect(alert!.text).toContain("(cash on delivery)");
  });

  it("sends no staff alert while the order alert email is empty", async () => {
    const { orderId } = await cashOrder();
    expect((await messagesOf(orderId)).map((r) => r.kind)).toEqual(["order.placed"]);
  });
});

describe("a card order", () => {
  it("mails nothing while it awaits payment; its payment sends the confirmation and the staff's alert, once", async () => {
    await setAlertEmail(ALERTS);
    const { customer, orderId, sessionId } = await cardOrder();
    expect(await messagesOf(orderId)).toEqual([]);

    await pay(sessionId);
    const rows = await messagesOf(orderId);
    expect(rows.map((r) => [r.kind, r.recipient])).toEqual([
      ["order.paid", customer.email],
      ["staff.new_order", ALERTS],
    ]);
    expect(rows[0]!.subject).toMatch(/^Payment received for order #\d+$/);
    expect(rows[0]!.text).toMatch(/we received your payment of \d+,\d\d USD for order #\d+\./);
    expect(rows[1]!.text).toContain("(paid by card)");

    // The provider's confirmation delivered again changes nothing and sends nothing.
    const replay = await handlePaymentEvent(shop.ctx, {
      provider: "builtin",
      eventId: `evt_${newId()}`,
      type: "checkout.session.completed",
      sessionId,
      orderId,
      paid: true,
    });
    expect(replay.status).toBe("paid");
    expect(await messagesOf(orderId)).toHaveLength(2);
  });

  it("cancelled before it was paid, mails nothing: it was never confirmed", async () => {
    const { customer, orderId } = await cardOrder();
    await moveOrder(shop.ctx, { kind: "customer", customerId: customer.id }, orderId, { to: "cancelled" });
    expect(await messagesOf(orderId)).toEqual([]);
  });
});

describe("an order's later steps", () => {
  it("shipped: a mail with the tracking link, and a text to the verified phone", async () => {
    const { customer, phone, orderId } = await cashOrder();
    const staff = await manager();
    await moveOrder(shop.ctx, staff, orderId, { to: "processing" });
    await moveOrder(shop.ctx, staff, orderId, {
      to: "shipped",
      carrier: "DHL",
      trackingNumber: "JD0146000033",
      trackingUrl: "https://www.dhl.com/track?id=JD0146000033",
    });
    const shipped = (await messagesOf(orderId)).filter((r) => r.kind === "order.shipped");
    expect(shipped.map((r) => [r.channel, r.recipient])).toEqual([
      ["email", customer.email],
      ["sms", phone],
    ]);
    const [mail, text] = shipped;
    expect(mail!.html).toContain('href="https://www.dhl.com/track?id=JD0146000033"');
    expect(mail!.text).toContain("has shipped with DHL. Tracking number: JD0146000033.");
    expect(text!.text).toMatch(
      /^shop: order #\d+ has shipped with DHL, tracking number JD0146000033\. Track it: https:\/\/www\.dhl\.com\/track\?id=JD0146000033$/,
    );
    expect(text!.html).toBeNull();
  });

  it("delivered (cash): paid on delivery, by mail and by text; cancelled: a mail", async () => {
    const { orderId } = await cashOrder();
    const staff = await manager();
    for (const to of ["processing", "shipped", "delivered"] as const) {
      await moveOrder(shop.ctx, staff, orderId, { to, carrier: "UPS", trackingNumber: "1Z999" });
    }
    const delivered = (await messagesOf(orderId)).filter((r) => r.kind === "order.delivered");
    expect(delivered.map((r) => r.channel)).toEqual(["email", "sms"]);
    expect(delivered[0]!.text).toContain("Paid on delivery: ");
    expect(delivered[1]!.text).toMatch(
      /^shop: order #\d+ was delivered\. Paid on delivery: \d+,\d\d USD\. Thank you!$/,
    );

    const other = await cashOrder();
    await moveOrder(shop.ctx, staff, other.orderId, { to: "cancelled" });
    const cancelled = (await messagesOf(other.orderId)).filter((r) => r.kind === "order.cancelled");
    expect(cancelled.map((r) => r.channel)).toEqual(["email"]);
    expect(cancelled[0]!.text).toContain("has been cancelled. Nothing is due for it.");
  });

  it("refunded: one mail per refund, however often a refund is announced", async () => {
    const { orderId } = await cashOrder();
    const refund = async (id: string, amountCents: number) => {
      await shop.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO order_refunds (id, order_id, amount_cents, reason, method, status, idempotency_key)
          VALUES (${id}, ${orderId}, ${amountCents}, 'damaged', 'cash', 'succeeded', ${id})
          ON CONFLICT DO NOTHING`);
        await tx.execute(sql`UPDATE orders SET refunded_cents =
          (SELECT sum(amount_cents) FROM order_refunds WHERE order_id = ${orderId}) WHERE id = ${orderId}`);
        await announceOrder(tx, shop.ctx, orderId, "order.refunded", { id, amountCents });
      });
    };
    const [first, second] = [newId(), newId()];
    await refund(first, 1000);
    await refund(first, 1000);
    await refund(second, 500);
    const refunds = (await messagesOf(orderId)).filter((r) => r.kind === "order.refunded");
    expect(refunds.map((r) => r.dedupe_key)).toEqual([
      `${orderId}:order.refunded:${first}:email`,
      `${orderId}:order.refunded:${second}:email`,
    ]);
    expect(refunds[0]!.text).toContain("We have refunded 10,00 USD on order");
    expect(refunds[1]!.text).toContain("We have refunded 5,00 USD on order");
    expect(refunds[1]!.text).toContain("Refunded in all: 15,00 USD of");
  });
});
