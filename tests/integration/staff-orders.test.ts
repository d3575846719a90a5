import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  orderTransitionResponse,
  staffOrderListResponse,
  staffOrderResponse,
} from "#contract/staff-orders.ts";
import { moveOrder } from "#core/orders/order-workflow.ts";
import { newId } from "#db/ids.ts";
import {
  call,
  createClock,
  createCustomer,
  expectContract,
  HOUR,
  sessionToken,
  type TestCustomer,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import {
  placeCardOrder,
  placeCashOrder,
  type StockedItem,
  shoppingRows,
  stockedItem,
  stockOnHand,
} from "../support/shopping.ts";

// The staff's orders over HTTP (docs/back-office/orders.md#api): the list and its filters, one
// order as the back office reads it, and every move of the workflow, refused or repeated, one at a
// time and two at once.

const clock = createClock();
const shop = setUpTestShop({ workers: true, now: clock.now });

let phoneCounter = 0;
const nextPhone = () => `+2126130${String(++phoneCounter).padStart(5, "0")}`;

interface Buyer {
  customer: TestCustomer;
  phone: string;
}

async function buyer(options: { email?: string } = {}): Promise<Buyer> {
  const phone = nextPhone();
  const customer = await createCustomer(shop, { phoneNumbers: [phone], email: options.email });
  return { customer, phone };
}

async function cashOrder(who: Buyer, item: StockedItem, quantity = 1): Promise<string> {
  return placeCashOrder(shop, who.customer, [{ item, quantity }], { phone: who.phone });
}

/** A manager whose staff session is minted on the shop's clock as it reads now. */
async function manager() {
  const account = await createCustomer(shop, { role: "manager" });
  return {
    ...account,
    token: () => sessionToken(account.id, 0, { role: "manager", now: clock.now() }),
  };
}

type Manager = Awaited<ReturnType<typeof manager>>;

async function transition(staff: Manager, orderId: string, body: unknown) {
  return call(shop, "POST", `/orders/${orderId}/transitions`, { token: await staff.token(), body });
}

async function read(staff: Manager, path: string) {
  return call(shop, "GET", path, { token: await staff.token() });
}

async function waitFor<T>(readValue: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await readValue();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const SHIPMENT = {
  carrier: "DHL",
  trackingNumber: "JD0146000033",
  trackingUrl: "https://www.dhl.com/track?id=JD0146000033",
};

describe("GET /api/v1/orders", () => {
  // Orders on three days of their own, far from the other tests' (which run on the start day).
  const days = ["2026-06-10", "2026-06-11", "2026-06-12"];
  let staff: Manager;
  let amina: Buyer;
  let omar: Buyer;
  /** By day: Amina's cash order, Omar's cash order; on the last day Omar's card order too. */
  const orders: { id: string; number: number; day: string; who: Buyer; card: boolean }[] = [];

  beforeAll(async () => {
    amina = await buyer({ email: `amina-${newId().slice(0, 6)}@example.test` });
    omar = await buyer();
    const item = await stockedItem(shop, { stock: 50 });
    for (const day of days) {
      clock.advance(new Date(`${day}T09:00:00Z`).getTime() - clock.now().getTime());
      for (const who of [amina, omar]) {
        const id = await cashOrder(who, item);
        orders.push({ id, number: 0, day, who, card: false });
        clock.advance(HOUR);
      }
    }
    const card = await placeCardOrder(shop, omar.customer, [{ item, quantity: 1 }], { phone: omar.phone });
    orders.push({ id: card.orderId, number: 0, day: days[2]!, who: omar, card: true });
    const numbers = await shop.rows<{ id: string; number: number }>(
      sql`SELECT id, number FROM orders WHERE customer_id IN (${amina.customer.id}, ${omar.customer.id})`,
    );
    for (const order of orders) order.number = numbers.find((n) => n.id === order.id)!.number;
    staff = await manager();
  });

  const ids = (body: { data: { _id: string }[] }) => body.data.map((o) => o._id);
  const newestFirst = (list: typeof orders) => [...list].reverse().map((o) => o.id);

  it("lists every customer's orders, newest first, with whose each is, a page at a time", async () => {
    const all = await read(staff, `/orders?from=${days[0]}&to=${days[2]}`);
    expect(all.status).toBe(200);
    expectContract(staffOrderListResponse, all.body);
    expect(ids(all.body)).toEqual(newestFirst(orders));
    expect(all.body.total).toBe(7);
    expect(all.body.data[0].customer).toEqual({
      _id: omar.customer.id,
      name: `${omar.customer.firstName} ${omar.customer.lastName}`,
      email: omar.customer.email,
    });

    const second = await read(staff, `/orders?from=${days[0]}&to=${days[2]}&limit=3&page=2`);
    expect(second.body).toMatchObject({
      results: 3,
      total: 7,
      paginationResults: { currentPage: 2, limit: 3, numberOfPages: 3, nextPage: 3, prevPage: 1 },
    });
    expect(ids(second.body)).toEqual(newestFirst(orders).slice(3, 6));
  });

  it("filters by status (one or several), payment method and days, both ends included", async () => {
    const actor = { id: staff.id, email: staff.email, role: "manager" as const };
    await moveOrder(shop.ctx, { kind: "staff", staff: actor }, orders[0]!.id, { to: "processing" });
    const range = `from=${days[0]}&to=${days[2]}`;
    const processing = await read(staff, `/orders?${range}&status=processing`);
    expect(ids(processing.body)).toEqual([orders[0]!.id]);
    const several = await read(staff, `/orders?${range}&status=processing,pending_payment`);
    expect(ids(several.body)).toEqual([orders[6]!.id, orders[0]!.id]);
    const repeated = await read(staff, `/orders?${range}&status[]=processing&status[]=pending_payment`);
    expect(ids(repeated.body)).toEqual(ids(several.body));

    const card = await read(staff, `/orders?${range}&paymentMethod=credit_card`);
    expect(ids(card.body)).toEqual([orders[6]!.id]);
    const cash = await read(staff, `/orders?${range}&paymentMethod=cash_on_delivery`);
    expect(cash.body.total).toBe(6);

    const middle = await read(staff, `/orders?from=${days[1]}&to=${days[1]}`);
    expect(ids(middle.body)).toEqual(newestFirst(orders.filter((o) => o.day === days[1])));
    const fromLast = await read(staff, `/orders?from=${days[2]}`);
    expect(ids(fromLast.body)).toEqual(newestFirst(orders.filter((o) => o.day === days[2])));
  });

  it("finds a customer's orders by account id or by email, ignoring case", async () => {
    const range = `from=${days[0]}&to=${days[2]}`;
    const byId = await read(staff, `/orders?${range}&customer=${amina.customer.id}`);
    const aminas = newestFirst(orders.filter((o) => o.who === amina));
    expect(ids(byId.body)).toEqual(aminas);
    const byEmail = await read(
      staff,
      `/orders?${range}&customer=${encodeURIComponent(amina.customer.email.toUpperCase())}`,
    );
    expect(ids(byEmail.body)).toEqual(aminas);
    const nobody = await read(staff, `/orders?customer=nobody%40example.test`);
    expect(nobody.body).toMatchObject({ results: 0, total: 0, data: [] });
  });

  it("searches by order number, part of the email or part of the phone", async () => {
    const range = `from=${days[0]}&to=${days[2]}`;
    const target = orders[3]!;
    for (const q of [String(target.number), `#${target.number}`]) {
      const found = await read(staff, `/orders?q=${encodeURIComponent(q)}`);
      expect(ids(found.body), q).toEqual([target.id]);
    }
    const byEmail = await read(
      staff,
      `/orders?${range}&q=${encodeURIComponent(amina.customer.email.slice(0, 12))}`,
    );
    expect(ids(byEmail.body)).toEqual(newestFirst(orders.filter((o) => o.who === amina)));
    // As typed on the phone's keypad: the trunk 0 instead of +212, with spaces.
    const local = `0${amina.phone.slice(4, 7)} ${amina.phone.slice(7)}`;
    const byPhone = await read(staff, `/orders?${range}&q=${encodeURIComponent(local)}`);
    expect(ids(byPhone.body)).toEqual(newestFirst(orders.filter((o) => o.who === amina)));
    const none = await read(staff, `/orders?q=${encodeURIComponent("no-such-order@nowhere")}`);
    expect(none.body.total).toBe(0);
  });

  it("answers a bad filter with a 400 naming it", async () => {
    for (const [query, field, message] of [
      ["status=lost", "status", /^status must be one or more of pending_payment, paid/],
      ["paymentMethod=cheque", "paymentMethod", /^paymentMethod must be credit_card or cash_on_delivery/],
      ["from=2026-02-30", "from", /^from must be a date \(YYYY-MM-DD\)/],
      ["from=2026-06-12&to=2026-06-11", "to", /^to must be the same day as from or later/],
      ["customer=somebody", "customer", /^customer must be a customer's id or email address/],
      [`q=${"x".repeat(101)}`, "q", /^q must be at most 100 characters/],
      ["limit=0", "limit", /^limit must be a whole number from 1 to 100/],
    ] as const) {
      const res = await read(staff, `/orders?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(message);
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        query,
      ).toContain(field);
    }
  });
});

describe("GET /api/v1/orders/{id}", () => {
  it("shows the order with its customer, timeline and who made each move, refunds, messages and next moves", async () => {
    const who = await buyer();
    const item = await stockedItem(shop, { stock: 10 });
    const orderId = await cashOrder(who, item, 2);
    const staff = await manager();

    const placed = await read(staff, `/orders/${orderId}`);
    expect(placed.status).toBe(200);
    expectContract(staffOrderResponse, placed.body);
    expect(placed.body.data).toMatchObject({
      _id: orderId,
      status: "placed",
      paymentMethod: "cash_on_delivery",
      paymentProvider: null,
      phone: who.phone,
      customer: { _id: who.customer.id, email: who.customer.email },
      statusHistory: [{ status: "placed", actor: null }],
      nextMoves: [
        { to: "processing", label: "Mark processing" },
        { to: "cancelled", label: "Cancel order" },
      ],
    });

    await transition(staff, orderId, { to: "processing" });
    await transition(staff, orderId, { to: "shipped", ...SHIPMENT });
    // A refund as the refunds' own code writes it (core/orders/order-records.ts reads it).
    await shop.ctx.db.execute(sql`INSERT INTO order_refunds
        (id, order_id, amount_cents, reason, method, status, idempotency_key, actor_id, created_at)
      VALUES (${newId()}, ${orderId}, 500, 'Damaged in transit', 'cash', 'succeeded', ${newId()}, ${staff.id},
        ${clock.now().toISOString()}::timestamptz)`);

    // The messages are delivered by the workers: each one's state shows.
    const shipped = await waitFor(
      () => read(staff, `/orders/${orderId}`),
      (res) => res.body.data.notifications.every((n: { status: string }) => n.status === "sent"),
    );
    expectContract(staffOrderResponse, shipped.body);
    const order = shipped.body.data;
    expect(order.statusHistory.map((h: { status: string; actor: unknown }) => [h.status, h.actor])).toEqual([
      ["placed", null],
      ["processing", { _id: staff.id, email: staff.email }],
      ["shipped", { _id: staff.id, email: staff.email }],
    ]);
    expect(order.shipment).toEqual(SHIPMENT);
    expect(order.refunds).toEqual([
      expect.objectContaining({
        amount: 5,
        reason: "Damaged in transit",
        method: "cash",
        status: "succeeded",
        failureReason: null,
        actor: { _id: staff.id, email: staff.email },
      }),
    ]);
    // The shop's clock stands still here: messages of one instant come in no particular order.
    expect(
      order.notifications
        .map((n: { kind: string; channel: string; recipient: string }) => [n.kind, n.channel, n.recipient])
        .sort(),
    ).toEqual([
      ["order.placed", "email", who.customer.email],
      ["order.shipped", "email", who.customer.email],
      ["order.shipped", "sms", who.phone],
    ]);
    for (const message of order.notifications) {
      expect(message).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      expect(message.sentAt).not.toBeNull();
    }
    expect(order.nextMoves).toEqual([{ to: "delivered", label: "Mark collected" }]);
  });

  it("answers 404 for an order no one has and 400 for an id that is not one", async () => {
    const staff = await manager();
    const missing = await read(staff, `/orders/${"0".repeat(24)}`);
    expect([missing.status, missing.body.message]).toEqual([404, `No order for this ID: ${"0".repeat(24)}.`]);
    const malformed = await read(staff, "/orders/not-an-id");
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([{ field: "id", message: "id must be a 24-character id" }]);
  });
});

describe("POST /api/v1/orders/{id}/transitions", () => {
  it("takes a cash order through each move, recording who, and answers the order as it stands", async () => {
    const who = await buyer();
    const item = await stockedItem(shop, { stock: 10 });
    const orderId = await cashOrder(who, item, 3);
    const staff = await manager();
    expect(await stockOnHand(shop, item)).toBe(7);

    const processing = await transition(staff, orderId, { to: "processing", note: "Picked by Sara" });
    expect(processing.status).toBe(200);
    expectContract(orderTransitionResponse, processing.body);
    expect(processing.body).toMatchObject({ changed: true, data: { status: "processing" } });
    expect(processing.body.data.statusHistory.at(-1)).toMatchObject({
      status: "processing",
      note: "Picked by Sara",
      actor: { email: staff.email },
    });

    const shipped = await transition(staff, orderId, { to: "shipped", ...SHIPMENT });
    expect(shipped.body).toMatchObject({ changed: true, data: { status: "shipped", shipment: SHIPMENT } });
    // Shipping leaves the shelf as it was: the units left it when the order was placed.
    expect(await stockOnHand(shop, item)).toBe(7);

    const collected = await transition(staff, orderId, { to: "delivered" });
    expect(collected.body).toMatchObject({ changed: true, data: { status: "delivered", isPaid: true } });
    expect(collected.body.data.nextMoves).toEqual([{ to: "returned", label: "Mark returned" }]);

    const returned = await transition(staff, orderId, { to: "returned", note: "Wrong size" });
    expect(returned.body).toMatchObject({ changed: true, data: { status: "returned", nextMoves: [] } });
    expect(await stockOnHand(shop, item)).toBe(10);

    const audit = await shop.rows<{ action: string; actor_email: string }>(
      sql`SELECT action, actor_email FROM audit_log WHERE entity = 'order' AND entity_id = ${orderId} ORDER BY id`,
    );
    expect(audit).toEqual(
      ["order.processing", "order.shipped", "order.delivered", "order.returned"].map((action) => ({
        action,
        actor_email: staff.email,
      })),
    );
  });

  it("cancels an order being prepared, with the note, and puts its units back", async () => {
    const who = await buyer();
    const item = await stockedItem(shop, { stock: 4 });
    const orderId = await cashOrder(who, item, 4);
    const staff = await manager();
    await transition(staff, orderId, { to: "processing" });
    const cancelled = await transition(staff, orderId, {
      to: "cancelled",
      note: "Customer called to cancel",
    });
    expect(cancelled.body).toMatchObject({ changed: true, data: { status: "cancelled", nextMoves: [] } });
    expect(cancelled.body.data.statusHistory.at(-1)).toMatchObject({
      status: "cancelled",
      note: "Customer called to cancel",
      actor: { email: staff.email },
    });
    expect(await stockOnHand(shop, item)).toBe(4);
  });

  it("refuses a move the workflow does not allow (409) or one missing what it needs (400), changing nothing", async () => {
    const who = await buyer();
    const item = await stockedItem(shop, { stock: 10 });
    const orderId = await cashOrder(who, item);
    const staff = await manager();
    const before = await shoppingRows(shop);

    const early = await transition(staff, orderId, { to: "shipped", ...SHIPMENT });
    expect([early.status, early.body.message]).toEqual([
      409,
      "An order that is placed cannot be marked shipped.",
    ]);
    expect(early.body.errors).toEqual([{ field: "to", message: early.body.message }]);
    const paid = await transition(staff, orderId, { to: "paid" });
    expect([paid.status, paid.body.message]).toEqual([409, "An order that is placed cannot be marked paid."]);
    const nowhere = await transition(staff, orderId, { to: "lost" });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.errors[0].field).toBe("to");
    const unknown = await transition(staff, "0".repeat(24), { to: "processing" });
    expect(unknown.status).toBe(404);
    expect(await shoppingRows(shop)).toEqual(before);

    await transition(staff, orderId, { to: "processing" });
    const afterProcessing = await shoppingRows(shop);
    for (const [body, field, message] of [
      [{ to: "shipped", trackingNumber: "X1" }, "carrier", "Carrier is required to mark an order shipped."],
      [
        { to: "shipped", carrier: "DHL" },
        "trackingNumber",
        "Tracking number is required to mark an order shipped.",
      ],
      [
        { to: "shipped", carrier: "DHL", trackingNumber: "X1", trackingUrl: "http://dhl.example/track" },
        "trackingUrl",
        "Tracking URL must be an https:// address.",
      ],
      [
        { to: "shipped", carrier: "D".repeat(101), trackingNumber: "X1" },
        "carrier",
        "Carrier must be at most 100 characters.",
      ],
    ] as const) {
      const res = await transition(staff, orderId, body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message]);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await shoppingRows(shop)).toEqual(afterProcessing);
  });

  it("answers the same move made again with changed: false, and changes and queues nothing", async () => {
    const who = await buyer();
    const item = await stockedItem(shop, { stock: 10 });
    const orderId = await cashOrder(who, item);
    const staff = await manager();
    await transition(staff, orderId, { to: "processing" });
    await transition(staff, orderId, { to: "shipped", ...SHIPMENT });
    const queued = () =>
      shop.rows<{ kind: string; channel: string }>(
        sql`SELECT kind, channel FROM notifications WHERE order_id = ${orderId} ORDER BY kind, channel`,
      );
    const before = { rows: await shoppingRows(shop), queued: await queued() };

    const again = await transition(staff, orderId, {
      to: "shipped",
      carrier: "UPS",
      trackingNumber: "1Z999",
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ changed: false, data: { status: "shipped", shipment: SHIPMENT } });
    expect(
      again.body.data.statusHistory.filter((h: { status: string }) => h.status === "shipped"),
    ).toHaveLength(1);
    expect({ rows: await shoppingRows(shop), queued: await queued() }).toEqual(before);
    expect(before.queued).toEqual([
      { kind: "order.placed", channel: "email" },
      { kind: "order.shipped", channel: "email" },
      { kind: "order.shipped", channel: "sms" },
    ]);
  });

  it("is refused to a customer, even for their own order", async () => {
    const who = await buyer();
    const item = await stockedItem(shop, { stock: 10 });
    const orderId = await cashOrder(who, item);
    const res = await call(shop, "POST", `/orders/${orderId}/transitions`, {
      token: who.customer.token,
      body: { to: "cancelled" },
    });
    expect(res.status).toBe(403);
    const [order] = await shop.rows<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${orderId}`);
    expect(order!.status).toBe("placed");
  });

  it("ships an order once when two staff ship it at the same time", async () => {
    const who = await buyer();
    const item = await stockedItem(shop, { stock: 10 });
    const orderId = await cashOrder(who, item);
    const [a, b] = [await manager(), await manager()];
    await transition(a, orderId, { to: "processing" });
    const answers = await Promise.all([
      transition(a, orderId, { to: "shipped", ...SHIPMENT }),
      transition(b, orderId, { to: "shipped", carrier: "UPS", trackingNumber: "1Z999" }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.map((r) => r.body.changed).sort()).toEqual([false, true]);
    const winner = answers.find((r) => r.body.changed)!.body.data.shipment;
    for (const answer of answers) expect(answer.body.data.shipment).toEqual(winner);
    const history = await shop.rows<{ status: string }>(
      sql`SELECT status FROM order_status_history WHERE order_id = ${orderId} ORDER BY id`,
    );
    expect(history.map((h) => h.status)).toEqual(["placed", "processing", "shipped"]);
    const shippedMessages = await shop.rows<{ channel: string }>(
      sql`SELECT channel FROM notifications WHERE order_id = ${orderId} AND kind = 'order.shipped' ORDER BY channel`,
    );
    expect(shippedMessages).toEqual([{ channel: "email" }, { channel: "sms" }]);
  });

  it("ends in one consistent state when the customer cancels while staff ship the order", async () => {
    const staff = await manager();
    // Several rounds, so that either side may win; each round must be whole whichever does.
    for (let round = 0; round < 4; round++) {
      const who = await buyer();
      const item = await stockedItem(shop, { stock: 5 });
      const orderId = await cashOrder(who, item, 2);
      const [cancel, ship] = await Promise.all([
        moveOrder(shop.ctx, { kind: "customer", customerId: who.customer.id }, orderId, {
          to: "cancelled",
        }).then(
          (r) => ({ ok: true as const, changed: r.changed }),
          (error: Error) => ({ ok: false as const, message: error.message }),
        ),
        (async () => {
          const first = await transition(staff, orderId, { to: "processing" });
          if (first.status !== 200) return first;
          return transition(staff, orderId, { to: "shipped", ...SHIPMENT });
        })(),
      ]);
      const [order] = await shop.rows<{ status: string }>(
        sql`SELECT status FROM orders WHERE id = ${orderId}`,
      );
      const history = (
        await shop.rows<{ status: string }>(
          sql`SELECT status FROM order_status_history WHERE order_id = ${orderId} ORDER BY id`,
        )
      ).map((h) => h.status);
      if (order!.status === "cancelled") {
        expect(cancel).toEqual({ ok: true, changed: true });
        expect([ship.status, ship.body.message]).toEqual([
          409,
          "An order that is cancelled cannot be marked processing.",
        ]);
        expect(history).toEqual(["placed", "cancelled"]);
        expect(await stockOnHand(shop, item)).toBe(5);
      } else {
        expect(order!.status).toBe("shipped");
        expect(cancel).toEqual({
          ok: false,
          message: "This order can no longer be cancelled: it is being prepared.",
        });
        expect(ship.status).toBe(200);
        expect(history).toEqual(["placed", "processing", "shipped"]);
        expect(await stockOnHand(shop, item)).toBe(3);
      }
    }
  });
});
