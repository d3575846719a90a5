import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { moveOrder } from "#core/orders/order-workflow.ts";
import type { Staff } from "#core/shared/staff-roles.ts";
import { createCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { placeCashOrder, stockedItem, stockOnHand } from "../support/shopping.ts";

const shop = setUpTestShop({ workers: true });

let phoneCounter = 0;
async function cashOrder(quantity = 2) {
  const phone = `+2126125${String(++phoneCounter).padStart(5, "0")}`;
  const customer = await createCustomer(shop, { phoneNumbers: [phone] });
  const item = await stockedItem(shop, { stock: 10, priceCents: 2500 });
  const orderId = await placeCashOrder(shop, customer, [{ item, quantity }], { phone });
  return { customer, item, orderId, phone };
}

async function manager(): Promise<{ kind: "staff"; staff: Staff }> {
  const account = await createCustomer(shop, { role: "manager" });
  return { kind: "staff", staff: { id: account.id, email: account.email, role: "manager" } };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const outboxFor = (to: string) =>
  shop.rows<{ subject: string; message_id: string | null }>(
    sql`SELECT subject, message_id FROM outbox_messages WHERE recipient = ${to} ORDER BY created_at, id`,
  );

describe("the order workflow", () => {
  it("takes a cash order from placed to collected, recording who moved it and what was paid", async () => {
    const { customer, orderId } = await cashOrder();
    const staff = await manager();
    await moveOrder(shop.ctx, staff, orderId, { to: "processing" });
    const shipped = await moveOrder(shop.ctx, staff, orderId, {
      to: "shipped",
      carrier: "DHL",
      trackingNumber: "JD0146000033",
      trackingUrl: "https://www.dhl.com/track?id=JD0146000033",
    });
    expect(shipped.order.shipment).toEqual({
      carrier: "DHL",
      trackingNumber: "JD0146000033",
      trackingUrl: "https://www.dhl.com/track?id=JD0146000033",
    });
    const collected = await moveOrder(shop.ctx, staff, orderId, { to: "delivered" });
    expect(collected.order.status).toBe("delivered");
    expect(collected.order.isPaid).toBe(true);
    expect(collected.order.statusHistory.map((h) => h.status)).toEqual([
      "placed",
      "processing",
      "shipped",
      "delivered",
    ]);
    const actors = await shop.rows<{ actor_id: string | null }>(
      sql`SELECT actor_id FROM order_status_history WHERE order_id = ${orderId} ORDER BY id`,
    );
    expect(actors.map((a) => a.actor_id)).toEqual([null, staff.staff.id, staff.staff.id, staff.staff.id]);

    // Each step's mail arrives once.
    const mails = await waitFor(
      () => outboxFor(customer.email),
      (rows) => rows.length >= 3,
    );
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/shipped/), expect.stringMatching(/delivered/)]),
    );
  });

  it("changes and sends nothing when the same move is made twice", async () => {
    const { customer, orderId } = await cashOrder();
    const staff = await manager();
    await moveOrder(shop.ctx, staff, orderId, { to: "processing" });
    const again = await moveOrder(shop.ctx, staff, orderId, { to: "processing" });
    expect(again.changed).toBe(false);
    expect(again.order.statusHistory.map((h) => h.status)).toEqual(["placed", "processing"]);
    const queued = await shop.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notifications WHERE order_id = ${orderId} AND recipient = ${customer.email}`,
    );
    expect(queued[0]!.n).toBe(1); // the "order received" mail only: processing sends none
  });

  it("refuses a move the workflow does not allow, naming both statuses", async () => {
    const { orderId } = await cashOrder();
    const staff = await manager();
    await expect(moveOrder(shop.ctx, staff, orderId, { to: "delivered" })).rejects.toThrow(
      "An order that is placed cannot be marked delivered.",
    );
    await expect(moveOrder(shop.ctx, staff, orderId, { to: "paid" })).rejects.toThrow(
      /cannot be marked paid/,
    );
    await moveOrder(shop.ctx, staff, orderId, { to: "processing" });
    await expect(moveOrder(shop.ctx, staff, orderId, { to: "shipped", carrier: "DHL" })).rejects.toThrow(
      "Tracking number is required to mark an order shipped.",
    );
  });

  it("puts the stock back when a placed order is cancelled, and when a delivered one comes back", async () => {
    const { item, orderId } = await cashOrder(3);
    const staff = await manager();
    expect(await stockOnHand(shop, item)).toBe(7);
    await moveOrder(shop.ctx, staff, orderId, { to: "cancelled" });
    expect(await stockOnHand(shop, item)).toBe(10);

    const second = await cashOrder(2);
    for (const to of ["processing", "shipped", "delivered", "returned"] as const) {
      await moveOrder(shop.ctx, staff, second.orderId, { to, carrier: "UPS", trackingNumber: "1Z999" });
    }
    expect(await stockOnHand(shop, second.item)).toBe(10);
  });

  it("lets a customer cancel their own placed order, and no one else's", async () => {
    const { customer, orderId, item } = await cashOrder(1);
    const stranger = await createCustomer(shop);
    await expect(
      moveOrder(shop.ctx, { kind: "customer", customerId: stranger.id }, orderId, { to: "cancelled" }),
    ).rejects.toThrow(/No order for this ID/);
    const cancelled = await moveOrder(shop.ctx, { kind: "customer", customerId: customer.id }, orderId, {
      to: "cancelled",
    });
    expect(cancelled.order.status).toBe("cancelled");
    expect(await stockOnHand(shop, item)).toBe(10);
  });

  it("moves an order once when two staff make the same move at the same time", async () => {
    const { customer, orderId } = await cashOrder();
    const [a, b] = [await manager(), await manager()];
    await moveOrder(shop.ctx, a, orderId, { to: "processing" });
    const results = await Promise.all(
      [a, b].map((staff) =>
        moveOrder(shop.ctx, staff, orderId, { to: "shipped", carrier: "DHL", trackingNumber: "X1" }),
      ),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    const shippedMails = await shop.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notifications
          WHERE order_id = ${orderId} AND kind = 'order.shipped' AND recipient = ${customer.email}`,
    );
    expect(shippedMails[0]!.n).toBe(1);
  });
});
