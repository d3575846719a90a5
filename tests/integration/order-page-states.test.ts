import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderListResponse, orderResponse } from "#contract/shopping.ts";
import { moveOrder, type OrderMove } from "#core/orders/order-workflow.ts";
import { newId } from "#db/ids.ts";
import {
  call,
  createClock,
  createCustomer,
  expectContract,
  MINUTE,
  type TestCustomer,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { placeCashOrder, stockedItem } from "../support/shopping.ts";
import { setUpStorefront } from "../support/storefront.ts";

// What the customer's order pages show of the workflow's later states (docs/storefront/orders.md#statuses):
// each status's badge, a sent order's carrier, tracking number and Track package link, its refunds,
// and a cash order paid on delivery. The orders are moved by the back office's core calls; the pages
// are read as a browser without JavaScript gets them.

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
const storefront = setUpStorefront(shop);

const TRACKING_URL = "https://www.dhl.com/track?id=JD0146000033&lang=en";
const SHIPPED: OrderMove = {
  to: "shipped",
  carrier: "DHL Express",
  trackingNumber: "JD0146000033",
  trackingUrl: TRACKING_URL,
};

let phoneCounter = 0;

async function customerWithPhone() {
  const phone = `+2126127${String(++phoneCounter).padStart(5, "0")}`;
  return { customer: await createCustomer(shop, { phoneNumbers: [phone] }), phone };
}

async function manager() {
  const account = await createCustomer(shop, { role: "manager" });
  return {
    kind: "staff" as const,
    staff: { id: account.id, email: account.email, role: "manager" as const },
  };
}

/** A cash order of one unit at 40,00 USD, moved through `moves` by a manager. */
async function cashOrder(buyer: { customer: TestCustomer; phone: string }, moves: OrderMove[]) {
  const item = await stockedItem(shop, { stock: 5, priceCents: 4000 });
  const orderId = await placeCashOrder(shop, buyer.customer, [{ item, quantity: 1 }], { phone: buyer.phone });
  const staff = await manager();
  for (const move of moves) {
    clock.advance(MINUTE);
    await moveOrder(shop.ctx, staff, orderId, move);
  }
  const [row] = await shop.rows<{ number: number }>(sql`SELECT number FROM orders WHERE id = ${orderId}`);
  return { orderId, number: row!.number };
}

/** A refund written as the back office's refund leaves it (the order's refunded total follows). */
async function refund(orderId: string, cents: number, status: "pending" | "succeeded" | "failed", at: Date) {
  await shop.ctx.db.execute(sql`INSERT INTO order_refunds (id, order_id, amount_cents, reason, method, status,
      idempotency_key, created_at, updated_at)
    VALUES (${newId()}, ${orderId}, ${cents}, 'Damaged', 'cash', ${status}, ${newId()}, ${at.toISOString()}::timestamptz,
      ${at.toISOString()}::timestamptz)`);
  if (status !== "failed") {
    await shop.ctx.db.execute(
      sql`UPDATE orders SET refunded_cents = refunded_cents + ${cents} WHERE id = ${orderId}`,
    );
  }
}

/** The page's HTML without the comments React puts between adjacent pieces of text. */
const text = (html: string) => html.replaceAll("<!-- -->", "");

async function openPage(path: string, customer: TestCustomer) {
  const res = await storefront.request(path, { cookie: customer.token });
  expect(res.status, path).toBe(200);
  return text(await res.text());
}

/** The `<a …>` elements of the page whose text starts with "Track package". */
const trackLinks = (html: string) => [...html.matchAll(/<a ([^>]*)>Track package/g)].map((m) => m[1]!);

describe("a sent order", () => {
  it("the API and the order page give the carrier and tracking number, and link the carrier's page in a new tab", async () => {
    const buyer = await customerWithPhone();
    const { orderId, number } = await cashOrder(buyer, [{ to: "processing" }, SHIPPED]);

    const res = await call(shop, "GET", `/customer/orders/${orderId}`, { token: buyer.customer.token });
    expect(res.status).toBe(200);
    expectContract(orderResponse, res.body);
    expect(res.body.data.status).toBe("shipped");
    expect(res.body.data.shipment).toEqual({
      carrier: "DHL Express",
      trackingNumber: "JD0146000033",
      trackingUrl: TRACKING_URL,
    });

    const page = await openPage(`/customer/orders/${orderId}`, buyer.customer);
    expect(page).toMatch(/data-testid="order-status"[^>]*>Shipped</);
    expect(page).toMatch(/<dt[^>]*>Carrier<\/dt><dd>DHL Express<\/dd>/);
    expect(page).toMatch(/<dt[^>]*>Tracking number<\/dt><dd[^>]*>JD0146000033<\/dd>/);
    const [link] = trackLinks(page);
    expect(link).toContain(`href="${TRACKING_URL.replace("&", "&amp;")}"`);
    expect(link).toContain('target="_blank"');
    expect(link).toContain('rel="noopener noreferrer"');
    expect(page).toContain('Track package<span class="sr-only"> (opens in a new tab)</span>');
    // Sent: too late to cancel.
    expect(page).not.toContain("Changed your mind?");

    const list = await openPage("/customer/orders", buyer.customer);
    expect(list).toContain("JD0146000033");
    expect(trackLinks(list)).toHaveLength(1);
    expect(list).toContain(
      `Track package<span class="sr-only"> of order #${number} (opens in a new tab)</span>`,
    );
  });

  it("a tracking address that is not http(s) is shown as no link", async () => {
    const buyer = await customerWithPhone();
    const { orderId } = await cashOrder(buyer, [
      { to: "processing" },
      { ...SHIPPED, trackingNumber: "1Z999AA1", trackingUrl: "javascript:alert(document.cookie)" },
    ]);
    const page = await openPage(`/customer/orders/${orderId}`, buyer.customer);
    expect(page).toContain("1Z999AA1");
    expect(trackLinks(page)).toEqual([]);
    // (The page's own data still holds the address as text, for the script that takes the page over.)
    expect(page).not.toMatch(/href="javascript:/i);
    const list = await openPage("/customer/orders", buyer.customer);
    expect(trackLinks(list)).toEqual([]);
  });
});

describe("refunds and payment", () => {
  it("lists each refund (pending ones as pending, failed ones not at all) and the refunded total", async () => {
    const buyer = await customerWithPhone();
    const { orderId } = await cashOrder(buyer, [{ to: "processing" }, SHIPPED, { to: "delivered" }]);
    await refund(orderId, 1200, "succeeded", new Date("2026-06-03T09:30:00Z"));
    await refund(orderId, 300, "failed", new Date("2026-06-04T09:30:00Z"));
    await refund(orderId, 500, "pending", new Date("2026-06-05T09:30:00Z"));

    const res = await call(shop, "GET", `/customer/orders/${orderId}`, { token: buyer.customer.token });
    expect(res.body.data.refundedAmount).toBe(17);

    const page = await openPage(`/customer/orders/${orderId}`, buyer.customer);
    const refunds = page.match(/<ul[^>]*aria-label="Refunds"[^>]*>(.*?)<\/ul>/)?.[1] ?? "";
    expect([...refunds.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""))).toEqual([
      "Refunded 12,00 USD on 3 Jun 2026",
      "Refund pending: 5,00 USD",
    ]);
    expect(refunds).toContain('<time dateTime="2026-06-03T09:30:00.000Z">');
    expect(page).toMatch(/<dt[^>]*>Refunded<\/dt><dd[^>]*>-17,00 USD<\/dd>/);
    // The list's card has the refunded total too.
    const list = await openPage("/customer/orders", buyer.customer);
    expect(list).toMatch(/<dt[^>]*>Refunded<\/dt><dd[^>]*>-17,00 USD<\/dd>/);
  });

  it("a cash order is due on delivery, and once delivered shows as paid", async () => {
    const buyer = await customerWithPhone();
    const { orderId } = await cashOrder(buyer, [{ to: "processing" }, SHIPPED]);
    const before = await openPage(`/customer/orders/${orderId}`, buyer.customer);
    expect(before).toMatch(/<dt[^>]*>Payment<\/dt><dd>Due on delivery<\/dd>/);
    expect(before).not.toMatch(/<dt[^>]*>Paid<\/dt>/);

    clock.advance(MINUTE);
    const collected = await moveOrder(shop.ctx, await manager(), orderId, { to: "delivered" });
    expect(collected.order.isPaid).toBe(true);
    const after = await openPage(`/customer/orders/${orderId}`, buyer.customer);
    expect(after).toMatch(/data-testid="order-status"[^>]*>Delivered</);
    expect(after).toMatch(new RegExp(`<dt[^>]*>Paid</dt><dd><time dateTime="${collected.order.paidAt}">`));
    expect(after).not.toContain("Due on delivery");
    expect(after).toContain("Payment collected on delivery.");
  });
});

describe("every status on the orders list and the order page", () => {
  it("shows each one's badge and its timeline", async () => {
    const buyer = await customerWithPhone();
    const wanted = {
      Placed: [],
      Processing: [{ to: "processing" }],
      Shipped: [{ to: "processing" }, SHIPPED],
      Delivered: [{ to: "processing" }, SHIPPED, { to: "delivered" }],
      Returned: [{ to: "processing" }, SHIPPED, { to: "delivered" }, { to: "returned" }],
      Cancelled: [{ to: "cancelled" }],
    } satisfies Record<string, OrderMove[]>;
    const orders: { label: string; orderId: string }[] = [];
    for (const [label, moves] of Object.entries(wanted)) {
      orders.push({ label, ...(await cashOrder(buyer, moves)) });
    }

    const res = await call(shop, "GET", "/customer/orders", { token: buyer.customer.token });
    expectContract(orderListResponse, res.body);
    const list = await openPage("/customer/orders", buyer.customer);
    const badges = [...list.matchAll(/data-testid="order-status"[^>]*>([^<]+)</g)].map((m) => m[1]);
    // Newest first.
    expect(badges).toEqual(orders.map((o) => o.label).reverse());

    for (const { label, orderId } of orders) {
      const page = await openPage(`/customer/orders/${orderId}`, buyer.customer);
      expect(page, label).toMatch(new RegExp(`data-testid="order-status"[^>]*>${label}<`));
      const timeline = page.match(/aria-labelledby="order-status"[^>]*>(.*?)<\/section>/)?.[1] ?? "";
      const steps = [...timeline.matchAll(/<li[^>]*>.*?<p class="font-medium text-sm">([^<]+)<\/p>/g)].map(
        (m) => m[1],
      );
      expect(steps.at(-1), label).toBe(label);
      expect(steps).toHaveLength(1 + wanted[label as keyof typeof wanted].length);
      expect(page.includes("Changed your mind?"), label).toBe(label === "Placed");
    }
  });
});
