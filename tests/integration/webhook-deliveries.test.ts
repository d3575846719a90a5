import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveryListResponse } from "#contract/webhooks.ts";
import { moveOrder } from "#core/orders/order-workflow.ts";
import type { Staff } from "#core/shared/staff-roles.ts";
import { USER_AGENT } from "#core/webhooks/webhook-sender.ts";
import { call, createCustomer, expectContract, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { TEST_NOW } from "../support/constants.ts";
import { placeCashOrder, stockedItem } from "../support/shopping.ts";
import {
  type ReceivedWebhook,
  startWebhookReceiver,
  verifyShopSignature,
  type WebhookReceiver,
  waitFor,
} from "../support/webhook-receiver.ts";

// Webhooks as an integrator's receiver gets them (docs/integrations/webhooks.md), through the job
// queue's workers (retries after 1–2 s here): an order moved through the workflow arrives event by
// event, each signed; a receiver that fails first gets the same delivery again and accepts each
// event once; a repeated move sends nothing; a subscription gets only its events.

const shop = setUpTestShop({ workers: true });

let admin: TestCustomer;
let staff: { kind: "staff"; staff: Staff };
beforeAll(async () => {
  admin = await createCustomer(shop, { role: "admin" });
  const manager = await createCustomer(shop, { role: "manager" });
  staff = { kind: "staff", staff: { id: manager.id, email: manager.email, role: "manager" } };
});

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  // Endpoints of one test must not receive the next one's orders.
  await shop.rows(sql`DELETE FROM webhook_endpoints RETURNING id`);
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function receiverWithEndpoint(events?: string[]) {
  const receiver = await startWebhookReceiver();
  receivers.push(receiver);
  const res = await call(shop, "POST", "/webhook-endpoints", {
    token: admin.token,
    body: { url: receiver.url, description: "Integration test", events },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { receiver, endpointId: res.body.data._id as string, secret: res.body.secret as string };
}

let phoneCounter = 0;
async function cashOrder() {
  const phone = `+2126126${String(++phoneCounter).padStart(5, "0")}`;
  const customer = await createCustomer(shop, { phoneNumbers: [phone] });
  const item = await stockedItem(shop, { stock: 10, priceCents: 2500 });
  const orderId = await placeCashOrder(shop, customer, [{ item, quantity: 1 }], { phone });
  return { orderId, customer };
}

const SHIPMENT = { carrier: "DHL", trackingNumber: "JD0146000033" };

interface DeliveryState {
  id: string;
  event: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
}

const deliveriesOf = (endpointId: string) =>
  shop.rows<DeliveryState>(
    sql`SELECT id, event, status, attempts, last_status_code, last_error FROM webhook_deliveries
        WHERE endpoint_id = ${endpointId} ORDER BY event, id`,
  );

/** Waits until the endpoint has `count` deliveries and none is left to send. */
const settled = (endpointId: string, count: number) =>
  waitFor(
    () => deliveriesOf(endpointId),
    (rows) => rows.length === count && rows.every((r) => r.status !== "pending"),
  );

const ofOrder = (received: ReceivedWebhook[], orderId: string) =>
  received.filter((r) => r.payload.data?.order?._id === orderId);

describe("webhooks of an order's events", () => {
  it("reach the receiver in the order they happened, each once, signed, with the order as it was", async () => {
    const { receiver, endpointId, secret } = await receiverWithEndpoint();
    const { orderId, customer } = await cashOrder();
    for (const to of ["processing", "shipped", "delivered"] as const) {
      await moveOrder(shop.ctx, staff, orderId, { to, ...SHIPMENT });
    }
    // The same move again changes nothing and sends nothing.
    expect((await moveOrder(shop.ctx, staff, orderId, { to: "delivered" })).changed).toBe(false);

    const rows = await settled(endpointId, 4);
    expect(
      rows.every((r) => r.status === "delivered" && r.attempts === 1 && r.last_status_code === 200),
    ).toBe(true);
    const got = ofOrder(receiver.received, orderId);
    expect(got.map((r) => r.payload.type)).toEqual([
      "order.placed",
      "order.processing",
      "order.shipped",
      "order.delivered",
    ]);
    expect(got.map((r) => r.payload.data.order.status)).toEqual([
      "placed",
      "processing",
      "shipped",
      "delivered",
    ]);
    expect(got[2]!.payload.data.order.shipment).toMatchObject(SHIPMENT);
    expect(got.map((r) => r.payload.data.customer)).toEqual(
      Array(4).fill({
        _id: customer.id,
        name: `${customer.firstName} ${customer.lastName}`,
        email: customer.email,
      }),
    );
    for (const request of got) {
      expect(
        verifyShopSignature(
          secret,
          request.headers["x-shop-signature"] as string,
          request.body,
          TEST_NOW.getTime(),
        ),
      ).toBe(true);
      expect(request.headers).toMatchObject({
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "x-shop-event": request.payload.type,
        "x-shop-delivery": request.payload.id,
      });
      expect(request.payload.createdAt).toBe(TEST_NOW.toISOString());
    }
    expect(new Set(got.map((r) => r.payload.id)).size).toBe(4);
    expect(got.map((r) => r.payload.id).sort()).toEqual(rows.map((r) => r.id).sort());

    // A signature checked with another secret, a changed body or an old timestamp does not hold.
    const [first] = got;
    const header = first!.headers["x-shop-signature"] as string;
    expect(verifyShopSignature(`${secret}x`, header, first!.body, TEST_NOW.getTime())).toBe(false);
    expect(
      verifyShopSignature(secret, header, first!.body.replace("placed", "paid"), TEST_NOW.getTime()),
    ).toBe(false);
    expect(verifyShopSignature(secret, header, first!.body, TEST_NOW.getTime() + 10 * 60_000)).toBe(false);
  });

  it("are sent again, the same, when the receiver fails first, and accepted once per event", async () => {
    const { receiver, endpointId, secret } = await receiverWithEndpoint();
    receiver.answer = (_request, seenBefore) => (seenBefore === 0 ? 500 : 200);
    const { orderId } = await cashOrder();
    await moveOrder(shop.ctx, staff, orderId, { to: "processing" });
    await moveOrder(shop.ctx, staff, orderId, { to: "processing" });

    const rows = await settled(endpointId, 2);
    expect(rows.map((r) => [r.event, r.status, r.attempts, r.last_status_code, r.last_error])).toEqual([
      ["order.placed", "delivered", 2, 200, null],
      ["order.processing", "delivered", 2, 200, null],
    ]);
    const got = ofOrder(receiver.received, orderId);
    expect(got).toHaveLength(4);
    for (const row of rows) {
      const attempts = got.filter((r) => r.payload.id === row.id);
      expect(attempts.map((a) => a.status)).toEqual([500, 200]);
      // The body was fixed when the event was queued; each attempt is signed afresh.
      expect(attempts[1]!.body).toBe(attempts[0]!.body);
      for (const attempt of attempts) {
        expect(
          verifyShopSignature(
            secret,
            attempt.headers["x-shop-signature"] as string,
            attempt.body,
            TEST_NOW.getTime(),
          ),
        ).toBe(true);
      }
    }
    const accepted = got.filter((r) => r.status === 200).map((r) => r.payload.type);
    expect(accepted.sort()).toEqual(["order.placed", "order.processing"]);

    // The back office's list shows the same story.
    const list = await call(shop, "GET", `/webhook-endpoints/${endpointId}/deliveries`, {
      token: admin.token,
    });
    expectContract(webhookDeliveryListResponse, list.body);
    expect(list.body.data.map((d: { status: string; attempts: number }) => [d.status, d.attempts])).toEqual([
      ["delivered", 2],
      ["delivered", 2],
    ]);
  });

  it("come only for the events an endpoint subscribed to", async () => {
    const shipped = await receiverWithEndpoint(["order.shipped", "order.cancelled"]);
    const everything = await receiverWithEndpoint();
    const { orderId } = await cashOrder();
    for (const to of ["processing", "shipped", "delivered"] as const) {
      await moveOrder(shop.ctx, staff, orderId, { to, ...SHIPMENT });
    }
    await settled(everything.endpointId, 4);
    const rows = await settled(shipped.endpointId, 1);
    expect(rows.map((r) => [r.event, r.status])).toEqual([["order.shipped", "delivered"]]);
    expect(ofOrder(shipped.receiver.received, orderId).map((r) => r.payload.type)).toEqual(["order.shipped"]);
  });

  it("stop for a disabled endpoint: nothing new is queued for it", async () => {
    const { endpointId } = await receiverWithEndpoint();
    const off = await call(shop, "PATCH", `/webhook-endpoints/${endpointId}`, {
      token: admin.token,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    await cashOrder();
    expect(await deliveriesOf(endpointId)).toEqual([]);
  });
});

describe("POST /webhook-endpoints/{id}/ping", () => {
  it("delivers a signed test event, whatever the subscription, with the current secret", async () => {
    const { receiver, endpointId, secret } = await receiverWithEndpoint(["order.refunded"]);
    const queued = await call(shop, "POST", `/webhook-endpoints/${endpointId}/ping`, { token: admin.token });
    expect(queued.status).toBe(201);
    expect(queued.body.data).toMatchObject({ event: "ping", status: "pending", attempts: 0, orderId: null });
    await settled(endpointId, 1);
    const [ping] = receiver.received;
    expect(ping!.payload).toEqual({
      id: queued.body.data._id,
      type: "ping",
      createdAt: TEST_NOW.toISOString(),
      data: { endpoint: { _id: endpointId, url: receiver.url } },
    });
    expect(
      verifyShopSignature(
        secret,
        ping!.headers["x-shop-signature"] as string,
        ping!.body,
        TEST_NOW.getTime(),
      ),
    ).toBe(true);

    // After a rotation the old secret no longer verifies; the new one does.
    const rotated = await call(shop, "POST", `/webhook-endpoints/${endpointId}/rotate-secret`, {
      token: admin.token,
    });
    await call(shop, "POST", `/webhook-endpoints/${endpointId}/ping`, { token: admin.token });
    await settled(endpointId, 2);
    const second = receiver.received[1]!;
    const header = second.headers["x-shop-signature"] as string;
    expect(verifyShopSignature(secret, header, second.body, TEST_NOW.getTime())).toBe(false);
    expect(verifyShopSignature(rotated.body.secret, header, second.body, TEST_NOW.getTime())).toBe(true);

    const list = await call(shop, "GET", `/webhook-endpoints/${endpointId}/deliveries?status=delivered`, {
      token: admin.token,
    });
    expect(list.body.total).toBe(2);
    expect(list.body.data[0]).toMatchObject({
      event: "ping",
      status: "delivered",
      attempts: 1,
      lastStatusCode: 200,
    });
  });
});
