import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { handlePaymentEvent, type PaymentEvent } from "#core/payments/payment-events.ts";
import { type DatabaseHandle, openDatabase } from "#db/client.ts";
import {
  type ApiResponse,
  call,
  createClock,
  createCustomer,
  MINUTE,
  type TestCustomer,
} from "../support/accounts.ts";
import { createTestShop, setUpTestShop, type TestShop } from "../support/app.ts";
import { POSTGRES, serviceForTests } from "../support/services.ts";
import {
  CHECKOUT_ADDRESS,
  itemBody,
  itemLabel,
  type StockedItem,
  stockedItem,
  stockHeld,
  stockOnHand,
  unitsOrdered,
} from "../support/shopping.ts";

// Many shoppers at once on the same few units: the rules hold because the database enforces them
// (row locks taken in one order, CHECK (stock >= 0), unique event ids), not because requests happen
// to arrive one by one. On PostgreSQL (TEST_DATABASE_URL) the requests are spread over two app
// instances with a connection pool each, as two servers behind a load balancer would be; on PGlite
// only the small rush below runs (one connection, so nothing truly overlaps inside the database).

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
afterEach(() => clock.reset());

const PHONE = "+212612345678";
const CART = "/customer/shopping-cart";
const CASH = "/customer/orders/cash-on-delivery";
const CARD = "/customer/orders/stripe-checkout-session";

/** Starts every call before awaiting any of them. */
const together = <T>(n: number, f: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => f(i)));

async function createCustomers(n: number): Promise<TestCustomer[]> {
  const created: TestCustomer[] = [];
  for (let i = 0; i < n; i++) created.push(await createCustomer(shop, { phoneNumbers: [PHONE] }));
  return created;
}

/** The customers whose stock holds cover this item (active or not). */
async function holders(item: StockedItem): Promise<string[]> {
  const rows = await shop.rows<{ customer_id: string }>(
    sql`SELECT customer_id FROM stock_holds WHERE product_id = ${item.productId}
        AND coalesce(product_size_id, '') = ${item.sizeId ?? ""} ORDER BY customer_id`,
  );
  return rows.map((r) => r.customer_id);
}

/**
 * A rush of one-unit requests on the last `units` of an item: exactly `units` answers are 200 and
 * hold one unit each, every other one is the 409 saying the item is out of stock, and the shelf is
 * untouched (holding is not selling).
 */
async function expectRushOutcome(
  answers: ApiResponse[],
  buyers: TestCustomer[],
  item: StockedItem,
  units: number,
) {
  const added = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status !== 200);
  expect(added).toHaveLength(units);
  for (const answer of added) {
    expect(answer.body).toMatchObject({
      status: "Success",
      message: `${itemLabel(item)} added to your cart.`,
      numOfCartItems: 1,
    });
  }
  expect(refused.map((a) => [a.status, a.body])).toEqual(
    refused.map(() => [
      409,
      {
        status: "fail",
        message: `Sorry, ${itemLabel(item)} is out of stock.`,
        errors: [{ field: "quantity", message: `Sorry, ${itemLabel(item)} is out of stock.` }],
      },
    ]),
  );
  const winners = buyers.filter((_, i) => answers[i]!.status === 200).map((c) => c.id);
  expect(await holders(item)).toEqual(winners.sort());
  expect(await stockHeld(shop, item)).toBe(units);
  expect(await stockOnHand(shop, item)).toBe(units);
}

describe("POST /api/v1/customer/shopping-cart: a rush on the last units", () => {
  it("30 customers at once ask for the last 5 units: 5 are held, 25 are told it is out of stock", async () => {
    const item = await stockedItem(shop, { stock: 5 });
    const buyers = await createCustomers(30);
    const answers = await together(30, (i) =>
      call(shop, "POST", CART, { token: buyers[i]!.token, body: itemBody(item, 1) }),
    );
    await expectRushOutcome(answers, buyers, item, 5);
  });

  it("20 customers at once ask for 2 of the last 5 units: 2 lines of 2 are held, 18 are told only 1 is left", async () => {
    const item = await stockedItem(shop, { stock: 5 });
    const buyers = await createCustomers(20);
    const answers = await together(20, (i) =>
      call(shop, "POST", CART, { token: buyers[i]!.token, body: itemBody(item, 2) }),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    const onlyOne = `Only 1 ${itemLabel(item)} left in stock.`;
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.message])).toEqual(
      Array(18).fill([409, onlyOne]),
    );
    expect(await stockHeld(shop, item)).toBe(4);
    expect(await stockOnHand(shop, item)).toBe(5);
    // The one left can still be had, then no more.
    const last = await call(shop, "POST", CART, { token: buyers[19]!.token, body: itemBody(item, 1) });
    expect(last.status).toBe(200);
    const none = await call(shop, "POST", CART, { token: buyers[18]!.token, body: itemBody(item, 1) });
    expect(none.status).toBe(409);
  });
});

/** Deterministic shuffle (mulberry32), so a failing order of events can be replayed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe.skipIf(serviceForTests(POSTGRES).skip)("two app instances on one PostgreSQL database", () => {
  let secondPool: DatabaseHandle | undefined;
  let second: TestShop | undefined;
  beforeAll(async () => {
    // Its own pool on the same database: the two instances share nothing but PostgreSQL.
    secondPool = await openDatabase({ url: shop.database.url!, poolSize: 5 });
    second = await createTestShop({ database: secondPool, now: clock.now });
  });
  afterAll(async () => {
    await second?.close();
    await secondPool?.close();
  });
  /** Requests alternate between the instances, as a round-robin load balancer sends them. */
  const instance = (i: number): TestShop => (i % 2 === 0 ? shop : second!);

  it("200 customers at once ask for the last 10 units: 10 are held, 190 get the 409", async () => {
    const item = await stockedItem(shop, { stock: 10 });
    const buyers = await createCustomers(200);
    const answers = await together(200, (i) =>
      call(instance(i), "POST", CART, { token: buyers[i]!.token, body: itemBody(item, 1) }),
    );
    await expectRushOutcome(answers, buyers, item, 10);
  });

  it("100 checkouts at once over overlapping carts, with lapsed holds and a short item, never oversell", async () => {
    const items = [
      await stockedItem(shop, { stock: 20 }),
      await stockedItem(shop, { stock: 20 }),
      await stockedItem(shop, { stock: 20, sized: false }),
      await stockedItem(shop, { stock: 20 }),
    ];
    const [, , , short] = items as [StockedItem, StockedItem, StockedItem, StockedItem];
    const early = await createCustomers(40);
    const late = await createCustomers(60);
    const add = async (i: number, customer: TestCustomer, item: StockedItem) => {
      const answer = await call(instance(i), "POST", CART, {
        token: customer.token,
        body: itemBody(item, 1),
      });
      expect(answer.status).toBe(200);
    };
    // Early carts: two lines each over neighbouring items, 20 units of every item in all.
    for (const [i, customer] of early.entries()) {
      await add(i, customer, items[i % 4]!);
      await add(i, customer, items[(i + 1) % 4]!);
    }
    // Their holds lapse (15-minute reservation): the stock is free again, though the lines stay.
    clock.advance(20 * MINUTE);
    // Late carts: one line each, 15 units of every item held; 5 of each are left for the early carts
    // to take back, against a demand of 20: most early checkouts must be refused.
    for (const [i, customer] of late.entries()) await add(i, customer, items[i % 4]!);
    // The shop then finds fewer of the last item than it thought: 13 on hand, under the 15 held.
    await shop.ctx.db.execute(sql`UPDATE product_sizes SET stock = 13 WHERE id = ${short.sizeId}`);
    const start = new Map(items.map((item) => [item, item === short ? 13 : 20]));

    const everyone = [...early, ...late];
    const paths = everyone.map((_, i) => (i % 4 < 2 ? CASH : CARD));
    const answers = await together(everyone.length, (i) =>
      call(instance(i), "POST", paths[i]!, {
        token: everyone[i]!.token,
        body: { phone: PHONE, ...CHECKOUT_ADDRESS },
      }),
    );

    // Every answer is an order or a refusal that says why; nothing failed on the way.
    expect(answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => a.body)).toEqual([]);
    const labels = items.map((item) => escapeRegExp(itemLabel(item))).join("|");
    const reasons = new RegExp(
      `^(?:(?:(?:${labels}) is no longer available in that quantity and was removed from your cart\\. )+` +
        `|Only [1-9]\\d* (?:${labels}) left in stock\\. ` +
        `|Sorry, (?:${labels}) is out of stock\\. )Please review your cart\\.$`,
    );
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body.message).toMatch(reasons);
    }
    // A cart whose holds were all active gets its order: holds never add up to more than the shelf.
    const lateAnswers = answers.slice(early.length);
    const lateOnShort = late.map((_, i) => items[i % 4] === short);
    expect(lateAnswers.filter((_, i) => !lateOnShort[i]).map((a) => a.status)).toEqual(Array(45).fill(201));
    // Those holding the short item hold more than is left; none of them can have it.
    expect(lateAnswers.filter((_, i) => lateOnShort[i]).map((a) => a.body.message)).toEqual(
      Array(15).fill(`Sorry, ${itemLabel(short)} is out of stock. Please review your cart.`),
    );
    // Early carts with the short item lose that line. The others hold the first and second items or
    // the second and third: every one needs a unit of the second item, of which 5 are free, so at
    // most 5 of them win.
    const earlyPlaced = answers.slice(0, early.length).filter((a) => a.status === 201).length;
    expect(earlyPlaced).toBeLessThanOrEqual(5);

    for (const item of items) {
      const ordered = await unitsOrdered(shop, item);
      expect(ordered).toBeLessThanOrEqual(start.get(item)!);
      const onHand = await stockOnHand(shop, item);
      expect(onHand).toBe(start.get(item)! - ordered);
      // What carts still hold never exceeds the shelf (but for the item the shop recounted lower).
      if (item !== short) expect(await stockHeld(shop, item)).toBeLessThanOrEqual(onHand);
    }
    // One order for each 201, none for a refusal; each in the state its payment method starts in.
    const orders = await shop.rows<{ customer_id: string; status: string }>(
      sql`SELECT customer_id, status FROM orders WHERE customer_id = ANY(${sql.param(everyone.map((c) => c.id))}::text[])`,
    );
    const expected = everyone
      .map((c, i) => ({ customer_id: c.id, status: paths[i] === CASH ? "placed" : "pending_payment" }))
      .filter((_, i) => answers[i]!.status === 201);
    const byCustomer = (a: { customer_id: string }, b: { customer_id: string }) =>
      a.customer_id.localeCompare(b.customer_id);
    expect(orders.sort(byCustomer)).toEqual(expected.sort(byCustomer));
  });

  it("duplicated and reordered payment events on both instances pay each order exactly once", async () => {
    const items = [
      await stockedItem(shop, { stock: 40 }),
      await stockedItem(shop, { stock: 40, sized: false }),
      await stockedItem(shop, { stock: 40 }),
      await stockedItem(shop, { stock: 40 }),
    ];
    const buyers = await createCustomers(25);
    const orders: { id: string; sessionId: string; lines: [StockedItem, number][] }[] = [];
    for (const [i, buyer] of buyers.entries()) {
      const lines: [StockedItem, number][] = [[items[i % 4]!, 1]];
      if (i % 3 === 0) lines.push([items[(i + 1) % 4]!, 2]);
      for (const [item, quantity] of lines) {
        const added = await call(instance(i), "POST", CART, {
          token: buyer.token,
          body: itemBody(item, quantity),
        });
        expect(added.status).toBe(200);
      }
      const placed = await call(instance(i), "POST", CARD, {
        token: buyer.token,
        body: { phone: PHONE, ...CHECKOUT_ADDRESS },
      });
      expect(placed.status).toBe(201);
      orders.push({ id: placed.body.order._id, sessionId: placed.body.sessionID, lines });
    }
    const paid = orders.slice(0, 20);
    const expiring = orders.slice(20);
    const soldBefore = await soldOf(items);

    // Every paid order's confirmation arrives twice under one event id (a webhook retried); half of
    // them also under a second id (a second provider event for the same session). The expiring
    // orders' session-expired event arrives twice too. All of it shuffled, at once, on both instances.
    const event = (
      order: (typeof orders)[number],
      eventId: string,
      type: PaymentEvent["type"],
    ): PaymentEvent => ({
      provider: "builtin",
      eventId,
      type,
      sessionId: order.sessionId,
      orderId: order.id,
      ...(type === "checkout.session.completed" ? { paid: true } : {}),
    });
    const deliveries = shuffled(
      [
        ...paid.flatMap((order, n) => [
          event(order, `evt_${order.id}_a`, "checkout.session.completed"),
          event(order, `evt_${order.id}_a`, "checkout.session.completed"),
          ...(n < 10 ? [event(order, `evt_${order.id}_b`, "checkout.session.completed")] : []),
        ]),
        ...expiring.flatMap((order) => [
          event(order, `evt_${order.id}_x`, "checkout.session.expired"),
          event(order, `evt_${order.id}_x`, "checkout.session.expired"),
        ]),
      ],
      20261121,
    );
    expect(deliveries).toHaveLength(60);
    const outcomes = await Promise.all(
      deliveries.map((delivery, k) => handlePaymentEvent(instance(k).ctx, delivery)),
    );

    // Each event id is handled once; its repeat says so and changes nothing.
    const handledById = new Map<string, number>();
    for (const [k, outcome] of outcomes.entries()) {
      const id = deliveries[k]!.eventId;
      handledById.set(id, (handledById.get(id) ?? 0) + (outcome.handled ? 1 : 0));
      expect(outcome.status).toBe(
        deliveries[k]!.type === "checkout.session.completed" ? "paid" : "cancelled",
      );
    }
    expect([...handledById.values()]).toEqual(Array(35).fill(1));
    expect(outcomes.filter((o) => !o.handled)).toHaveLength(25);
    const [events] = await shop.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM payment_events WHERE order_id = ANY(${sql.param(orders.map((o) => o.id))}::text[])`,
    );
    expect(events!.n).toBe(35);

    // Paid once: one 'paid' entry in the timeline, paid_at set; expired ones cancelled once.
    const rows = await shop.rows<{ id: string; status: string; paid_at: Date | null; history: string[] }>(
      sql`SELECT o.id, o.status, o.paid_at,
            array_agg(h.status ORDER BY h.status) AS history
          FROM orders o JOIN order_status_history h ON h.order_id = o.id
          WHERE o.id = ANY(${sql.param(orders.map((o) => o.id))}::text[]) GROUP BY o.id`,
    );
    const state = new Map(rows.map((r) => [r.id, r]));
    for (const order of paid) {
      expect(state.get(order.id)).toMatchObject({ status: "paid", history: ["paid", "pending_payment"] });
      expect(state.get(order.id)!.paid_at).not.toBeNull();
    }
    for (const order of expiring) {
      expect(state.get(order.id)).toMatchObject({
        status: "cancelled",
        paid_at: null,
        history: ["cancelled", "pending_payment"],
      });
    }

    // Sold counts each paid unit once; the expired orders' units are back on the shelf.
    const soldAfter = await soldOf(items);
    for (const item of items) {
      const units = (list: typeof orders) =>
        list.flatMap((o) => o.lines).reduce((n, [it, q]) => n + (it === item ? q : 0), 0);
      const sameProduct = items.filter((other) => other.productId === item.productId);
      expect(sameProduct).toEqual([item]);
      expect(soldAfter.get(item)! - soldBefore.get(item)!).toBe(units(paid));
      expect(await stockOnHand(shop, item)).toBe(40 - units(paid));
    }
  });
});

async function soldOf(items: StockedItem[]): Promise<Map<StockedItem, number>> {
  const sold = new Map<StockedItem, number>();
  for (const item of items) {
    const [row] = await shop.rows<{ sold: number }>(
      sql`SELECT sold FROM products WHERE id = ${item.productId}`,
    );
    sold.set(item, row!.sold);
  }
  return sold;
}
