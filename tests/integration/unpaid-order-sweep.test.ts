import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PAYMENT_WINDOW_MINUTES } from "#core/checkout/checkout.ts";
import { payTestCheckout, TEST_CARD_PAYS } from "#core/payments/builtin-checkout.ts";
import { createMemoryRateLimiter } from "#server/adapters/memory-rate-limiter.ts";
import { loadConfig } from "#server/config.ts";
import { type RunningServer, runServer } from "#server/index.ts";
import { call, createClock, createCustomer, MINUTE, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { placeCardOrder, stockedItem, stockHeld, stockOnHand } from "../support/shopping.ts";

// The sweep server/index.ts schedules: every minute each running instance cancels the card orders
// whose payment window has closed, so their stock goes back on sale even when their customers never
// come back (docs/decisions/014-orders-and-payments.md). No customer request is made here before the
// sweep has acted: reading one's own cart or orders would cancel them too.
//
// The server runs in this process on the test shop's database and clock, with its timers faked so
// the test decides when a minute has passed; the shop's clock decides which orders are overdue.

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
const PHONE = "+212612345678";
const COUPON = "SUMMER25";

let server: { running: RunningServer; listeners: Map<NodeJS.Signals, NodeJS.SignalsListener[]> } | undefined;

/** runServer as `npm start` calls it (no pages), on the test shop's services, its timers faked. */
async function startServer() {
  const listeners = new Map(
    (["SIGTERM", "SIGINT"] as const).map((signal) => [signal, process.listeners(signal)]),
  );
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SHOP_DATA_DIR: mkdtempSync(path.join(tmpdir(), "shop-sweep-")),
  });
  const running = await runServer(
    {
      config,
      logger: pino({ level: "silent" }),
      // The test shop closes its own database after the file.
      database: { ...shop.database, close: async () => {} },
      ctx: shop.ctx,
      rateLimiter: createMemoryRateLimiter(),
      // The test shop owns its queue and stops it after the file; this server runs no workers
      // (their polling timers would be faked here).
      jobs: { ...shop.jobs, work: async () => {}, stop: async () => {} },
    },
    {},
  );
  server = { running, listeners };
}

afterEach(async () => {
  if (server) {
    await server.running.stop();
    // runServer listens for SIGTERM and SIGINT to stop; this process is the test runner's.
    for (const [signal, before] of server.listeners) {
      for (const listener of process.listeners(signal)) {
        if (!before.includes(listener)) process.removeListener(signal, listener);
      }
    }
    server = undefined;
  }
  vi.useRealTimers();
  clock.reset();
});

/**
 * Lets the server's timers run, a minute at a time, until `done` holds. A sweep works in the
 * background once its timer fires, and schedules the next one when it ends; a minute that passes
 * while one is still running fires nothing, so the condition is asked again and time moves again.
 */
async function sweepUntil(done: () => Promise<boolean>) {
  await vi.waitFor(
    async () => {
      if (await done()) return;
      vi.advanceTimersByTime(MINUTE);
      throw new Error("no sweep has done it yet");
    },
    { timeout: 30_000, interval: 20 },
  );
}

async function orderStatus(orderId: string): Promise<string> {
  const [row] = await shop.rows<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${orderId}`);
  return row!.status;
}

async function couponUses(): Promise<number> {
  const [row] = await shop.rows<{ used_count: number }>(
    sql`SELECT used_count FROM coupons WHERE code = ${COUPON}`,
  );
  return row!.used_count;
}

/** A card order of `quantity` of a fresh item (`stock` on hand), placed now and not paid. */
async function unpaidOrder(options: { stock: number; quantity: number; coupon?: boolean }) {
  const customer = await createCustomer(shop, { phoneNumbers: [PHONE] });
  const item = await stockedItem(shop, { stock: options.stock, priceCents: 4000 });
  const placed = await placeCardOrder(shop, customer, [{ item, quantity: options.quantity }], {
    phone: PHONE,
    coupon: options.coupon ? COUPON : undefined,
  });
  expect(await stockOnHand(shop, item)).toBe(options.stock - options.quantity);
  return { customer, item, ...placed };
}

const readCart = (customer: TestCustomer) =>
  call(shop, "GET", "/customer/shopping-cart", { token: customer.token });

describe("the unpaid-order sweep of a running server", () => {
  it("cancels each card order once its window has closed, on its own: stock and coupon use back, items back in the cart", async () => {
    const usesBefore = await couponUses();
    const first = await unpaidOrder({ stock: 5, quantity: 2, coupon: true });
    const paid = await unpaidOrder({ stock: 4, quantity: 1 });
    await payTestCheckout(shop.ctx, paid.sessionId, {
      cardNumber: TEST_CARD_PAYS,
      expiry: "12/40",
      cvc: "123",
    });
    clock.advance(20 * MINUTE);
    const second = await unpaidOrder({ stock: 3, quantity: 3 });
    expect(await couponUses()).toBe(usesBefore + 1);

    await startServer();
    // The first order's window has closed; the second has ten minutes left.
    clock.advance((PAYMENT_WINDOW_MINUTES - 20 + 1) * MINUTE);
    await sweepUntil(async () => (await orderStatus(first.orderId)) === "cancelled");
    expect(await stockOnHand(shop, first.item)).toBe(5);
    expect(await couponUses()).toBe(usesBefore);
    // The sweep that cancelled the first order had nothing to do with the second, nor with the
    // order of the same age that was paid.
    expect(await orderStatus(second.orderId)).toBe("pending_payment");
    expect(await stockOnHand(shop, second.item)).toBe(0);
    expect(await orderStatus(paid.orderId)).toBe("paid");
    expect(await stockOnHand(shop, paid.item)).toBe(3);

    // Later sweeps keep coming: the second order is cancelled once its own window closes.
    clock.advance(20 * MINUTE);
    await sweepUntil(async () => (await orderStatus(second.orderId)) === "cancelled");
    expect(await stockOnHand(shop, second.item)).toBe(3);

    // What the first customer finds when they come back.
    const orders = await call(shop, "GET", "/customer/orders", { token: first.customer.token });
    expect(orders.body.data[0]).toMatchObject({ _id: first.orderId, status: "cancelled", isPaid: false });
    expect(orders.body.data[0].statusHistory.at(-1).note).toBe("The payment did not arrive in time.");
    const cart = await readCart(first.customer);
    expect(cart.body.cartItems).toHaveLength(1);
    expect(cart.body.cartItems[0]).toMatchObject({ quantity: 2, size: first.item.size });
    expect(await stockHeld(shop, first.item)).toBe(2);
  });
});
