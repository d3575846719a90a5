import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPrice } from "#contract/money-format.ts";
import { moveOrder } from "#core/orders/order-workflow.ts";
import type { Staff } from "#core/shared/staff-roles.ts";
import { createSmtpMailer } from "#server/adapters/smtp-mailer.ts";
import { createCustomer } from "../support/accounts.ts";
import { createTestShop, TEST_PUBLIC_URL, type TestShop } from "../support/app.ts";
import { placeCashOrder, type StockedItem, stockedItem } from "../support/shopping.ts";
import { parseMessage, type ReceivedMail, startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";

// Order mail through the real SMTP adapter to a real SMTP server on loopback
// (docs/back-office/notifications.md): the server goes down in the middle of the deliveries and
// comes back on the same port; every message still arrives, and arrives once. A delivery that can
// never succeed ends `failed` after its last retry.

const FROM = "Atlas Wear <orders@atlas.test>";
const ALERTS = "order-desk@atlas.test";
const ORDERS = 20;

interface NotificationRow {
  id: string;
  order_id: string;
  kind: string;
  channel: "email" | "sms";
  recipient: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  last_error: string | null;
}

const notifications = (shop: TestShop) =>
  shop.rows<NotificationRow>(
    sql`SELECT id, order_id, kind, channel, recipient, status, attempts, last_error FROM notifications ORDER BY id`,
  );

/** The Message-ID a mail server sees for a notification: its row id in the sender's domain. */
const messageIdOf = (id: string) => `<${id}@atlas.test>`;

async function manager(shop: TestShop): Promise<{ kind: "staff"; staff: Staff }> {
  const account = await createCustomer(shop, { role: "manager" });
  return { kind: "staff", staff: { id: account.id, email: account.email, role: "manager" } };
}

let phones = 0;
async function cashOrder(shop: TestShop, email?: string) {
  const phone = `+2126136${String(++phones).padStart(5, "0")}`;
  const customer = await createCustomer(shop, { phoneNumbers: [phone], email });
  const item = await stockedItem(shop, { stock: 5, priceCents: 1999 + phones });
  const orderId = await placeCashOrder(shop, customer, [{ item, quantity: 1 }], { phone });
  return { customer, item, orderId };
}

describe("order mail through an SMTP server that goes down mid-run", () => {
  const received: ReceivedMail[] = [];
  let smtp: TestSmtpServer;
  let mailer: ReturnType<typeof createSmtpMailer>;
  let shop: TestShop;

  beforeAll(async () => {
    smtp = await startSmtpServer(received);
    mailer = createSmtpMailer({ url: smtp.url, from: FROM });
    // Retries every 1–2 s (the test shop's delays), and more of them than the outage lasts.
    shop = await createTestShop({ accounts: { mailer }, workers: { retryLimit: 100 } });
    await shop.rows(sql`UPDATE shop_settings SET store_name = 'Atlas Wear', contact_email = 'help@atlas.test',
      order_alert_email = ${ALERTS} WHERE id = 1`);
  });

  afterAll(async () => {
    await shop?.close();
    await mailer?.close?.();
    await smtp?.close();
  });

  it("delivers every message once the server is back: each exactly once, whole", async () => {
    const staff = await manager(shop);
    const orders: { orderId: string; item: StockedItem; email: string; tracking: string }[] = [];
    const place = async () => {
      const { customer, item, orderId } = await cashOrder(shop);
      orders.push({ orderId, item, email: customer.email, tracking: "" });
    };

    // Half the orders are placed while the server is up; it goes down once deliveries are under way.
    for (let i = 0; i < ORDERS / 2; i++) await place();
    await expect.poll(() => received.length, { timeout: 60_000 }).toBeGreaterThan(0);
    await smtp.close();
    // The other half are placed, and all of them shipped, while it is down.
    for (let i = ORDERS / 2; i < ORDERS; i++) await place();
    for (const [i, order] of orders.entries()) {
      order.tracking = `https://tracking.example/parcel?number=TRK${1000 + i}&lang=en`;
      await moveOrder(shop.ctx, staff, order.orderId, { to: "processing" });
      await moveOrder(shop.ctx, staff, order.orderId, {
        to: "shipped",
        carrier: "DHL",
        trackingNumber: `TRK${1000 + i}`,
        trackingUrl: order.tracking,
      });
    }

    // What cannot go out waits for its next try: pending, with the error and the attempts so far.
    // At least: the second half's confirmations and staff alerts, and every shipping mail.
    const stuck = ORDERS / 2 + ORDERS / 2 + ORDERS;
    await expect
      .poll(
        async () =>
          (await notifications(shop)).filter(
            (n) => n.channel === "email" && n.status === "pending" && n.attempts > 0 && n.last_error,
          ).length,
        { timeout: 120_000, interval: 250 },
      )
      .toBeGreaterThanOrEqual(stuck);
    const waiting = (await notifications(shop)).filter((n) => n.status === "pending" && n.attempts > 0);
    expect(waiting[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect((await notifications(shop)).filter((n) => n.status === "failed")).toEqual([]);

    // Back on the same port: everything goes out.
    smtp = await startSmtpServer(received, { port: smtp.port });
    await expect
      .poll(async () => (await notifications(shop)).filter((n) => n.status !== "sent").length, {
        timeout: 180_000,
        interval: 250,
      })
      .toBe(0);

    const rows = await notifications(shop);
    const mails = rows.filter((n) => n.channel === "email");
    // Every order: its confirmation, the staff's alert and the shipping mail; a text for shipping.
    expect(mails).toHaveLength(ORDERS * 3);
    expect(rows.filter((n) => n.channel === "sms")).toHaveLength(ORDERS);
    expect(mails.filter((n) => n.recipient === ALERTS)).toHaveLength(ORDERS);

    // At the server: each expected message exactly once, by Message-ID, to its recipient; no other.
    const byMessageId = new Map<string, ReceivedMail[]>();
    for (const mail of received) {
      const id = parseMessage(mail.raw).headers.get("message-id") ?? "(none)";
      byMessageId.set(id, [...(byMessageId.get(id) ?? []), mail]);
    }
    const duplicates = [...byMessageId].filter(([, copies]) => copies.length > 1).map(([id]) => id);
    expect(duplicates).toEqual([]);
    expect([...byMessageId.keys()].sort()).toEqual(mails.map((n) => messageIdOf(n.id)).sort());
    for (const mail of mails) {
      expect(byMessageId.get(messageIdOf(mail.id))![0]!.envelope.to).toEqual([mail.recipient]);
    }
    expect(received).toHaveLength(mails.length);

    // What the customers received: the shipping mail in two parts, items, totals, tracking link.
    for (const order of orders) {
      const row = mails.find((n) => n.order_id === order.orderId && n.kind === "order.shipped")!;
      const { headers, parts } = parseMessage(byMessageId.get(messageIdOf(row.id))![0]!.raw);
      expect(headers.get("content-type")).toMatch(/^multipart\/alternative/);
      expect(headers.get("subject")).toMatch(/^Order #\d+ has shipped$/);
      const [totals] = (await shop.rows<{ items: number; total: number }>(
        sql`SELECT items_cents AS items, total_after_discount_cents AS total FROM orders WHERE id = ${order.orderId}`,
      )) as [{ items: number; total: number }];
      const text = parts["text/plain"]!;
      expect(text).toContain(order.item.title);
      expect(text).toContain("Quantity: 1");
      expect(text).toContain(`Items: ${formatPrice(totals.items / 100)}`);
      expect(text).toContain(`Total: ${formatPrice(totals.total / 100)}`);
      expect(text).toContain(`Track your parcel ${order.tracking}`);
      expect(text).toContain(`${TEST_PUBLIC_URL}/customer/orders/${order.orderId}`);
      expect(text).toContain("Questions? Write to help@atlas.test.");
      const html = parts["text/html"]!;
      expect(html).toContain(`href="${order.tracking.replaceAll("&", "&amp;")}"`);
      expect(html).toContain(`href="${TEST_PUBLIC_URL}/customer/orders/${order.orderId}"`);
      expect(html).toContain(formatPrice(totals.total / 100));
      expect(html).toContain("Atlas Wear");
    }
  }, 420_000);
});

describe("a delivery that can never succeed", () => {
  const received: ReceivedMail[] = [];
  let smtp: TestSmtpServer;
  let mailer: ReturnType<typeof createSmtpMailer>;
  let shop: TestShop;

  beforeAll(async () => {
    smtp = await startSmtpServer(received, {
      onRcptTo(address, _session, callback) {
        if (!address.address.endsWith("@gone.test")) return callback();
        callback(Object.assign(new Error("5.1.1 No such mailbox here"), { responseCode: 550 }));
      },
    });
    mailer = createSmtpMailer({ url: smtp.url, from: FROM });
    shop = await createTestShop({ accounts: { mailer }, workers: { retryLimit: 1 } });
    await shop.rows(sql`UPDATE shop_settings SET order_alert_email = ${ALERTS} WHERE id = 1`);
  });

  afterAll(async () => {
    await shop?.close();
    await mailer?.close?.();
    await smtp?.close();
  });

  it("ends failed after its last retry, with the server's answer; the rest is delivered", async () => {
    const { orderId } = await cashOrder(shop, "nobody@gone.test");
    const rowOf = async (kind: string) =>
      (await notifications(shop)).find((n) => n.order_id === orderId && n.kind === kind)!;
    await expect.poll(async () => (await rowOf("order.placed")).status, { timeout: 60_000 }).toBe("failed");
    const failed = await rowOf("order.placed");
    // The first attempt and the one retry allowed.
    expect(failed.attempts).toBe(2);
    expect(failed.last_error).toMatch(/550.*No such mailbox here/);

    await expect.poll(async () => (await rowOf("staff.new_order")).status, { timeout: 60_000 }).toBe("sent");
    expect(received.map((m) => m.envelope.to)).toEqual([[ALERTS]]);
  }, 120_000);
});
