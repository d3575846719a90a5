import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "#contract/shopping.ts";
import { addToCart } from "#core/cart/cart.ts";
import { PAYMENT_WINDOW_MINUTES } from "#core/checkout/checkout.ts";
import { expireUnpaidOrders } from "#core/orders/cancellation.ts";
import { createCustomer, MINUTE, type TestCustomer } from "../support/accounts.ts";
import { createTestShop, TEST_JWT_SECRET, type TestShop } from "../support/app.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { POSTGRES, serviceForTests } from "../support/services.ts";
import { CHECKOUT_ADDRESS, type StockedItem, stockedItem } from "../support/shopping.ts";

// The API server dies (SIGKILL: no graceful shutdown, no finally blocks) while checkouts and card
// payments are in flight, and is started again on the same PostgreSQL database. Whatever a request
// had done is either all there or not there at all: no stock lost or made up, no paid order lost,
// no order without its items, no cart lost by a checkout that never finished.

const PHONE = "+212612345678";
const CASH = "/customer/orders/cash-on-delivery";
const CARD = "/customer/orders/stripe-checkout-session";
const CARD_THAT_PAYS = { cardNumber: "4242424242424242", expiry: "12/40", cvc: "123" };
const CUSTOMERS = 48;
/** Shoppers at the server at once: each one's next customer starts when it is done. */
const AT_ONCE = 16;
/**
 * The server is killed once the database holds this many paid orders, or at the latest this many
 * orders in all, so some checkouts are always cut off. Watched in the database, not in the answers
 * the test has read: those can lag far behind what the server already sent.
 */
const KILL_AT = { paid: 4, orders: 36 };

interface ServerProcess {
  api: string;
  checkout: string;
  process: ChildProcess;
  exited: Promise<void>;
}

/** tests/support/api-server.ts in its own process, on this database, on the real clock. */
function startServer(databaseUrl: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/api-server.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "10",
      PORT: "0",
      HOST: "127.0.0.1",
      TEST_CHECKOUT_PORT: "0",
      SHOP_DATA_DIR: mkdtempSync(path.join(tmpdir(), "shop-crash-")),
      JWT_SECRET: TEST_JWT_SECRET,
      RATE_LIMIT_PER_MINUTE: "0",
      RESERVATION_MINUTES: "15",
      PAYMENT_PROVIDER: "builtin",
      SMS_PROVIDER: "builtin",
      NODE_ENV: "test",
      LOG_LEVEL: "error",
      REDIS_URL: "",
      SMTP_URL: "",
      PUBLIC_URL: "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening (\d+) checkout (\d+)/);
      if (match) {
        resolve({
          api: `http://127.0.0.1:${match[1]}/api/v1`,
          checkout: `http://127.0.0.1:${match[2]}`,
          process: child,
          exited,
        });
      }
    });
    child.once("exit", (code, signal) => reject(new Error(`the server exited early (${code ?? signal})`)));
  });
}

/** A JSON answer, or null when none came (the connection was refused or cut off midway). */
async function post(
  url: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: any } | null> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  } catch {
    return null;
  }
}

interface Purchase {
  customer: TestCustomer;
  card: boolean;
  /** The checkout's answer, null if none arrived. */
  checkout: { status: number; body: any } | null;
  /** The card payment's answer: null if none arrived, undefined if never sent. */
  payment?: { status: number; body: any } | null;
}

describe.skipIf(serviceForTests(POSTGRES).skip)("the API server killed during checkouts and payments", () => {
  // The server runs on the real clock; so does the test's own view of the shop, moved forward by
  // `later` to run the expiry of unpaid orders past their payment window.
  let later = 0;
  const now = () => new Date(Date.now() + later);
  let database: TestDatabase;
  let shop: TestShop;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    shop = await createTestShop({ database, now });
  });
  afterAll(async () => {
    for (const server of servers) server.process.kill("SIGKILL");
    await Promise.all(servers.map((s) => s.exited));
    await shop?.close();
    await database?.close();
  });

  /** Stock on hand of every size and every product without sizes. */
  async function onHand(): Promise<Map<string, number>> {
    const rows = await shop.rows<{ id: string; stock: number }>(
      sql`SELECT id, stock FROM product_sizes UNION ALL SELECT id, stock FROM products WHERE NOT has_sizes`,
    );
    return new Map(rows.map((r) => [r.id, r.stock]));
  }

  /**
   * For every size and every product without sizes: on hand + units in orders that still take
   * stock (all but cancelled ones) = what was on hand at the start, and what carts hold now is no
   * more than is on hand. (A hold does not take stock off the shelf, only a placed order does, so
   * holds are not part of the sum: they must fit within what is on hand.) Every order is whole: it has its items, its amounts add up (the rest is
   * the orders_amounts_check constraint), its timeline starts where its payment method starts, and
   * it is paid at most once.
   */
  async function expectConsistent(start: Map<string, number>) {
    const at = now().toISOString();
    const stock = await shop.rows<{ id: string; stock: number; ordered: number; held: number }>(
      sql`SELECT s.id, s.stock,
            (SELECT COALESCE(sum(i.quantity), 0) FROM order_items i JOIN orders o ON o.id = i.order_id
              WHERE o.status <> 'cancelled' AND i.product_size_id = s.id)::int AS ordered,
            (SELECT COALESCE(sum(h.quantity), 0) FROM stock_holds h
              WHERE h.product_size_id = s.id AND h.expires_at > ${at}::timestamptz)::int AS held
          FROM product_sizes s
          UNION ALL
          SELECT p.id, p.stock,
            (SELECT COALESCE(sum(i.quantity), 0) FROM order_items i JOIN orders o ON o.id = i.order_id
              WHERE o.status <> 'cancelled' AND i.product_id = p.id AND i.product_size_id IS NULL)::int,
            (SELECT COALESCE(sum(h.quantity), 0) FROM stock_holds h
              WHERE h.product_id = p.id AND h.product_size_id IS NULL AND h.expires_at > ${at}::timestamptz)::int
          FROM products p WHERE NOT p.has_sizes`,
    );
    expect(stock).toHaveLength(start.size);
    expect(
      stock.filter((r) => r.stock + r.ordered !== start.get(r.id) || r.held > r.stock || r.stock < 0),
    ).toEqual([]);

    const orders = await shop.rows<{
      id: string;
      status: string;
      payment_method: string;
      items_cents: number;
      paid_at: Date | null;
      items: number;
      items_total: number;
      history: string[];
    }>(
      sql`SELECT o.id, o.status, o.payment_method, o.items_cents, o.paid_at,
            (SELECT count(*) FROM order_items i WHERE i.order_id = o.id)::int AS items,
            (SELECT COALESCE(sum(i.total_cents), 0) FROM order_items i WHERE i.order_id = o.id)::int AS items_total,
            ARRAY(SELECT h.status FROM order_status_history h WHERE h.order_id = o.id
              ORDER BY h.created_at, array_position(${sql.param([...ORDER_STATUSES])}::text[], h.status))
              AS history
          FROM orders o`,
    );
    const broken = orders.filter(
      (o) =>
        o.items === 0 ||
        o.items_total !== o.items_cents ||
        o.history[0] !== (o.payment_method === "credit_card" ? "pending_payment" : "placed") ||
        o.history.at(-1) !== o.status ||
        o.history.filter((s) => s === "paid").length !== (o.status === "paid" ? 1 : 0) ||
        (o.paid_at !== null) !== (o.status === "paid"),
    );
    expect(broken).toEqual([]);
    return orders;
  }

  it("loses no stock, no paid order and no cart, and leaves no half-written order", async () => {
    const items: StockedItem[] = [
      await stockedItem(shop, { stock: 20 }),
      await stockedItem(shop, { stock: 20 }),
      await stockedItem(shop, { stock: 20, sized: false }),
      await stockedItem(shop, { stock: 20 }),
      await stockedItem(shop, { stock: 20, sized: false }),
      await stockedItem(shop, { stock: 20 }),
    ];
    const purchases: Purchase[] = await Promise.all(
      Array.from({ length: CUSTOMERS }, async (_, i) => {
        const customer = await createCustomer(shop, { phoneNumbers: [PHONE] });
        // One or two lines over neighbouring items, so concurrent orders share stock rows.
        const lines = i % 3 === 0 ? [items[i % 6]!, items[(i + 1) % 6]!] : [items[i % 6]!];
        for (const item of lines) {
          await addToCart(shop.ctx, customer.id, { productId: item.productId, size: item.size, quantity: 1 });
        }
        return { customer, card: i % 2 === 1, checkout: null };
      }),
    );
    const start = await onHand();
    const checkoutBody = { phone: PHONE, ...CHECKOUT_ADDRESS };

    let server = await startServer(database.url!);
    servers.push(server);
    const first = server;
    let shopping = true;
    const killer = (async () => {
      while (shopping) {
        const [count] = await shop.rows<{ orders: number; paid: number }>(
          sql`SELECT count(*)::int AS orders, count(paid_at)::int AS paid FROM orders`,
        );
        if (count!.paid >= KILL_AT.paid || count!.orders >= KILL_AT.orders) {
          first.process.kill("SIGKILL");
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const queue = [...purchases];
    const shopper = async () => {
      for (let purchase = queue.shift(); purchase; purchase = queue.shift()) {
        purchase.checkout = await post(
          `${first.api}${purchase.card ? CARD : CASH}`,
          checkoutBody,
          purchase.customer.token,
        );
        if (purchase.card && purchase.checkout?.status === 201) {
          purchase.payment = await post(
            `${first.checkout}/pay/${purchase.checkout.body.sessionID}`,
            CARD_THAT_PAYS,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, shopper));
    shopping = false;
    await killer;
    // Normally dead already; if the thresholds were never reached, the assertions below say so.
    first.process.kill("SIGKILL");
    await first.exited;

    // Every answer that arrived is an order (or a payment) done; the crash cut the others off.
    const checkouts = purchases.filter((p) => p.checkout !== null);
    expect(checkouts.map((p) => p.checkout!.status)).toEqual(checkouts.map(() => 201));
    const payments = purchases.filter((p) => p.payment);
    expect(payments.map((p) => p.payment!.status)).toEqual(payments.map(() => 200));
    // The kill did land mid-flight (else this test would prove nothing about a crash).
    expect(purchases.filter((p) => p.checkout === null).length).toBeGreaterThan(0);

    // Right after the crash, before anything ran again.
    let orders = await expectConsistent(start);
    const statusOf = (id: string) => orders.find((o) => o.id === id)?.status;
    for (const purchase of payments) expect(statusOf(purchase.checkout!.body.order._id)).toBe("paid");

    // Started again, the server takes every cut-off request once more.
    server = await startServer(database.url!);
    servers.push(server);
    for (const purchase of purchases) {
      if (purchase.checkout === null) {
        const retried = await post(
          `${server.api}${purchase.card ? CARD : CASH}`,
          checkoutBody,
          purchase.customer.token,
        );
        // Either the checkout never happened and the cart is as it was, so it goes through now, or
        // it did happen and only its answer was lost, so the cart is empty.
        if (retried?.status !== 201) {
          expect(retried).toEqual({
            status: 400,
            body: { status: "fail", message: "Your shopping cart is empty." },
          });
          continue;
        }
        purchase.checkout = retried;
        purchase.payment = undefined;
      }
      if (purchase.card && purchase.payment?.status !== 200) {
        const paid = await post(`${server.checkout}/pay/${purchase.checkout.body.sessionID}`, CARD_THAT_PAYS);
        expect(paid?.status).toBe(200);
        purchase.payment = paid;
      }
    }
    orders = await expectConsistent(start);
    // Each customer has exactly one order: none lost with its cart, none placed twice.
    const customerIds = purchases.map((p) => p.customer.id).sort();
    const byCustomer = await shop.rows<{ customer_id: string; n: number }>(
      sql`SELECT customer_id, count(*)::int AS n FROM orders GROUP BY customer_id`,
    );
    expect(byCustomer.sort((a, b) => a.customer_id.localeCompare(b.customer_id))).toEqual(
      customerIds.map((id) => ({ customer_id: id, n: 1 })),
    );
    for (const purchase of purchases.filter((p) => p.payment)) {
      expect(statusOf(purchase.checkout!.body.order._id)).toBe("paid");
    }

    // A card order cut off between its transaction and opening its payment page has no page to be
    // paid on: once its payment window has passed, it is cancelled and its stock comes back.
    later = (PAYMENT_WINDOW_MINUTES + 1) * MINUTE;
    await expireUnpaidOrders(shop.ctx);
    orders = await expectConsistent(start);
    expect(orders.filter((o) => o.status === "pending_payment")).toEqual([]);

    server.process.kill("SIGTERM");
    await server.exited;
  });
});
