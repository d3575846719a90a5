import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveOrder } from "#core/orders/order-workflow.ts";
import { type DatabaseHandle, openDatabase, queryRows } from "#db/client.ts";
import { createCustomer, type TestCustomer } from "../support/accounts.ts";
import { createTestShop, TEST_JWT_SECRET } from "../support/app.ts";
import { createTestDatabase, createTestDataDir, type TestDatabase } from "../support/database.ts";
import { placeCashOrder, type StockedItem, stockedItem } from "../support/shopping.ts";

// The shop dies (SIGKILL: no graceful shutdown, no finally blocks) while a manager ships 100 orders
// at once, and is started again on the same database: on PGlite's data directory by default, on
// PostgreSQL with TEST_DATABASE_URL. The operator sends every shipment again, not knowing which went
// through. Every order ends shipped once in its timeline, shipping takes no stock, and every
// customer gets exactly one "shipped" mail (docs/decisions/047-job-queue.md: the outbox rows commit
// with the move, and a delivery cut off by the crash is retried and kept once).

const ORDERS = 100;
/** The shop is killed once this many shipments have answered: the rest are in flight or waiting. */
const KILL_AFTER_ANSWERS = 10;
const SHIPMENT = { to: "shipped", carrier: "DHL" };

interface ServerProcess {
  api: string;
  process: ChildProcess;
  exited: Promise<void>;
}

/**
 * The shop's API in its own process (tests/support/api-server.ts), with the job queue's workers as
 * a real server runs them, on the real clock.
 */
function startServer(db: { url?: string; dataDir: string }): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/api-server.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: db.url ?? "",
      DATABASE_POOL_SIZE: "10",
      SHOP_DATA_DIR: db.dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      JWT_SECRET: TEST_JWT_SECRET,
      RATE_LIMIT_PER_MINUTE: "0",
      PAYMENT_PROVIDER: "builtin",
      SMS_PROVIDER: "builtin",
      NODE_ENV: "test",
      LOG_LEVEL: "error",
      REDIS_URL: "",
      SMTP_URL: "",
      PUBLIC_URL: "",
      TEST_JOB_QUEUE: "fast",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening (\d+)/);
      if (match) resolve({ api: `http://127.0.0.1:${match[1]}/api/v1`, process: child, exited });
    });
    child.once("exit", (code, signal) => reject(new Error(`the server exited early (${code ?? signal})`)));
  });
}

/** A JSON answer, or null when none came (the connection was refused or cut off midway). */
async function send(
  url: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: any } | null> {
  try {
    const res = await fetch(url, {
      method: body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  } catch {
    return null;
  }
}

interface Shipment {
  orderId: string;
  customer: TestCustomer;
  phone: string;
  trackingNumber: string;
  /** The first shipment's answer, null if none arrived. */
  answer: { status: number; body: any } | null;
}

describe("the shop killed while staff ship 100 orders at once", () => {
  let dataDir: string;
  let postgres: TestDatabase | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "shop-order-crash-"));
    if (process.env.TEST_DATABASE_URL) postgres = await createTestDatabase();
    else await createTestDataDir(path.join(dataDir, "pglite"));
  });

  afterAll(async () => {
    for (const server of servers) server.process.kill("SIGKILL");
    await Promise.all(servers.map((s) => s.exited));
    await postgres?.close();
  });

  /** The shop's database in this process: PostgreSQL's own pool, or the data directory while no server has it open. */
  async function withDatabase<T>(use: (db: DatabaseHandle) => Promise<T>): Promise<T> {
    if (postgres) return use(postgres);
    const handle = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      return await use(handle);
    } finally {
      await handle.close();
    }
  }

  /** Stock on hand of the test's items. */
  async function onHand(db: DatabaseHandle, items: StockedItem[]): Promise<number[]> {
    const rows = await queryRows<{ id: string; stock: number }>(
      db.db,
      sql`SELECT id, stock FROM product_sizes WHERE id = ANY(${sql.param(items.map((i) => i.sizeId!))}::text[])`,
    );
    return items.map((i) => rows.find((r) => r.id === i.sizeId)!.stock);
  }

  it("ships every order exactly once, takes no stock, and sends each customer one shipped mail", {
    timeout: 600_000,
  }, async () => {
    // 100 customers, each with a verified phone and a cash order of one unit, moved to processing.
    const setup = await withDatabase(async (database) => {
      const shop = await createTestShop({ database, now: () => new Date() });
      try {
        const items: StockedItem[] = [];
        for (let i = 0; i < 4; i++) items.push(await stockedItem(shop, { stock: 40 }));
        const manager = await createCustomer(shop, { role: "manager" });
        const staff = {
          kind: "staff" as const,
          staff: { id: manager.id, email: manager.email, role: "manager" as const },
        };
        const shipments: Shipment[] = [];
        for (let i = 0; i < ORDERS; i++) {
          const phone = `+2126140${String(i).padStart(5, "0")}`;
          const customer = await createCustomer(shop, { phoneNumbers: [phone] });
          const orderId = await placeCashOrder(shop, customer, [{ item: items[i % 4]!, quantity: 1 }], {
            phone,
          });
          await moveOrder(shop.ctx, staff, orderId, { to: "processing" });
          shipments.push({
            orderId,
            customer,
            phone,
            trackingNumber: `JD${String(i).padStart(10, "0")}`,
            answer: null,
          });
        }
        return { items, token: manager.token, shipments, start: await onHand(database, items) };
      } finally {
        await shop.close();
      }
    });
    const { items, token, shipments, start } = setup;
    expect(start).toEqual([15, 15, 15, 15]);
    const database = { url: postgres?.url, dataDir };

    // Every shipment at once; the shop is killed once a few have answered.
    const first = await startServer(database);
    servers.push(first);
    let answered = 0;
    await Promise.all(
      shipments.map(async (shipment) => {
        shipment.answer = await send(`${first.api}/orders/${shipment.orderId}/transitions`, token, {
          ...SHIPMENT,
          trackingNumber: shipment.trackingNumber,
        });
        if (shipment.answer && ++answered === KILL_AFTER_ANSWERS) first.process.kill("SIGKILL");
      }),
    );
    first.process.kill("SIGKILL");
    await first.exited;
    const answers = shipments.filter((s) => s.answer !== null);
    // Each answer that arrived is a shipment made; the crash cut the others off.
    expect(answers.map((s) => [s.answer!.status, s.answer!.body.changed])).toEqual(
      answers.map(() => [200, true]),
    );
    expect(answers.length).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);
    expect(answers.length).toBeLessThan(ORDERS);

    // Started again, the shop takes every shipment once more, as an operator would send them.
    const second = await startServer(database);
    servers.push(second);
    for (const shipment of shipments) {
      const again = await send(`${second.api}/orders/${shipment.orderId}/transitions`, token, {
        ...SHIPMENT,
        trackingNumber: shipment.trackingNumber,
      });
      expect(again?.status, JSON.stringify(again?.body)).toBe(200);
      expect(again!.body.data.status).toBe("shipped");
      // An order whose first shipment answered is not shipped again.
      if (shipment.answer) expect(again!.body.changed).toBe(false);
    }

    // The workers deliver every message, those the crash cut off included (a job whose worker died
    // is taken up again once it expires).
    // Watched one order at a time, so that the watching does not crowd out the deliveries (on PGlite
    // they share one connection).
    const delivered = async (orderId: string) => {
      const read = await send(`${second.api}/orders/${orderId}`, token);
      const messages: { status: string }[] = read?.body.data?.notifications ?? [];
      return messages.length === 3 && messages.every((m) => m.status === "sent");
    };
    for (const { orderId } of shipments) {
      while (!(await delivered(orderId))) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    second.process.kill("SIGTERM");
    await second.exited;

    await withDatabase(async (db) => {
      const orderIds = shipments.map((s) => s.orderId);
      const histories = await queryRows<{ id: string; status: string; history: string[]; tracking: string }>(
        db.db,
        sql`SELECT o.id, o.status, o.tracking_number AS tracking,
              ARRAY(SELECT h.status FROM order_status_history h WHERE h.order_id = o.id ORDER BY h.id) AS history
            FROM orders o WHERE o.id = ANY(${sql.param(orderIds)}::text[])`,
      );
      expect(histories).toHaveLength(ORDERS);
      expect(
        histories.filter(
          (o) => o.status !== "shipped" || o.history.join(",") !== "placed,processing,shipped",
        ),
      ).toEqual([]);
      expect(
        histories.filter((o) => o.tracking !== shipments.find((s) => s.orderId === o.id)!.trackingNumber),
      ).toEqual([]);

      // Shipping moves no stock: the units left the shelf when the orders were placed.
      expect(await onHand(db, items)).toEqual(start);

      // In the outbox, each customer has the mail of their order and one "shipped" mail, and their
      // phone one "shipped" text: each message is the outbox row it was queued as, kept once.
      const recipients = shipments.flatMap((s) => [s.customer.email, s.phone]);
      const kept = await queryRows<{ recipient: string; kind: string | null }>(
        db.db,
        sql`SELECT m.recipient, n.kind FROM outbox_messages m LEFT JOIN notifications n ON n.id = m.message_id
            WHERE m.recipient = ANY(${sql.param(recipients)}::text[])`,
      );
      const kindsOf = (recipient: string) =>
        kept
          .filter((m) => m.recipient === recipient)
          .map((m) => m.kind)
          .sort();
      expect(
        shipments.filter(
          (s) =>
            kindsOf(s.customer.email).join() !== "order.placed,order.shipped" ||
            kindsOf(s.phone).join() !== "order.shipped",
        ),
      ).toEqual([]);
      const [unsent] = await queryRows<{ n: number }>(
        db.db,
        sql`SELECT count(*)::int AS n FROM notifications
            WHERE order_id = ANY(${sql.param(orderIds)}::text[]) AND status <> 'sent'`,
      );
      expect(unsent!.n).toBe(0);
    });
  });
});
