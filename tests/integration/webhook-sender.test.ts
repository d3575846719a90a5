import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverWebhook } from "#core/webhooks/webhook-sender.ts";
import { HTTPS_REQUIRED } from "#core/webhooks/webhook-url.ts";
import { call, createCustomer, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";

// One delivery attempt at a time (core/webhooks/webhook-sender.ts), on a shop whose queue has no
// workers, so each attempt is the test's own call: what a failure records, when the last retry gives
// up, a redirect not followed, and deliveries whose endpoint was disabled, deleted or is no longer
// allowed dropped instead of retried.

const shop = setUpTestShop();

let admin: TestCustomer;
let receiver: WebhookReceiver;
let redirector: Server;
let redirectedTo: string[] = [];
beforeAll(async () => {
  admin = await createCustomer(shop, { role: "admin" });
  receiver = await startWebhookReceiver();
  redirector = createServer((req, res) => {
    if (req.url === "/moved") res.writeHead(301, { location: "/elsewhere" }).end();
    else {
      redirectedTo.push(req.url ?? "");
      res.writeHead(200).end();
    }
  });
  await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await receiver.close();
  redirector.closeAllConnections();
  await new Promise((resolve) => redirector.close(resolve));
});

async function endpointWithPing(url = receiver.url) {
  const created = await call(shop, "POST", "/webhook-endpoints", { token: admin.token, body: { url } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data._id as string;
  const ping = await call(shop, "POST", `/webhook-endpoints/${id}/ping`, { token: admin.token });
  expect(ping.status).toBe(201);
  return { endpointId: id, deliveryId: ping.body.data._id as string };
}

const delivery = async (id: string) =>
  (
    await shop.rows<{
      status: string;
      attempts: number;
      last_status_code: number | null;
      last_error: string | null;
    }>(sql`SELECT status, attempts, last_status_code, last_error FROM webhook_deliveries WHERE id = ${id}`)
  )[0];

const receivedFor = (deliveryId: string) => receiver.received.filter((r) => r.payload.id === deliveryId);

describe("delivering a webhook", () => {
  it("records a failure and throws for a retry; the last retry's failure marks it failed", async () => {
    receiver.answer = () => 503;
    const { deliveryId } = await endpointWithPing();
    await expect(deliverWebhook(shop.ctx, deliveryId, { final: false })).rejects.toThrow(
      "The endpoint answered 503. not now",
    );
    expect(await delivery(deliveryId)).toEqual({
      status: "pending",
      attempts: 1,
      last_status_code: 503,
      last_error: "The endpoint answered 503. not now",
    });
    await expect(deliverWebhook(shop.ctx, deliveryId, { final: true })).rejects.toThrow();
    expect(await delivery(deliveryId)).toMatchObject({ status: "failed", attempts: 2 });
    expect(receivedFor(deliveryId)).toHaveLength(2);
    receiver.answer = () => 200;
  });

  it("sends a delivered one no more", async () => {
    const { deliveryId } = await endpointWithPing();
    await deliverWebhook(shop.ctx, deliveryId, { final: false });
    await deliverWebhook(shop.ctx, deliveryId, { final: false });
    expect(receivedFor(deliveryId)).toHaveLength(1);
    expect(await delivery(deliveryId)).toMatchObject({
      status: "delivered",
      attempts: 1,
      last_status_code: 200,
    });
  });

  it("takes a redirect as a failure and does not follow it", async () => {
    redirectedTo = [];
    const port = (redirector.address() as AddressInfo).port;
    const { deliveryId } = await endpointWithPing(`http://127.0.0.1:${port}/moved`);
    await expect(deliverWebhook(shop.ctx, deliveryId, { final: false })).rejects.toThrow(
      "The endpoint answered 301 (redirects are not followed).",
    );
    expect(redirectedTo).toEqual([]);
    expect(await delivery(deliveryId)).toMatchObject({ status: "pending", last_status_code: 301 });
  });

  it("drops, without a retry, what was queued for an endpoint since disabled", async () => {
    const { endpointId, deliveryId } = await endpointWithPing();
    await call(shop, "PATCH", `/webhook-endpoints/${endpointId}`, {
      token: admin.token,
      body: { enabled: false },
    });
    await deliverWebhook(shop.ctx, deliveryId, { final: false });
    expect(await delivery(deliveryId)).toEqual({
      status: "failed",
      attempts: 0,
      last_status_code: null,
      last_error: "Not sent: the endpoint was disabled.",
    });
    expect(receivedFor(deliveryId)).toEqual([]);
    const list = await call(shop, "GET", `/webhook-endpoints/${endpointId}/deliveries`, {
      token: admin.token,
    });
    expect(list.body.data[0]).toMatchObject({
      status: "failed",
      lastError: "Not sent: the endpoint was disabled.",
    });
  });

  it("finds nothing to send for an endpoint since deleted", async () => {
    const { endpointId, deliveryId } = await endpointWithPing();
    await call(shop, "DELETE", `/webhook-endpoints/${endpointId}`, { token: admin.token });
    await deliverWebhook(shop.ctx, deliveryId, { final: false });
    expect(await delivery(deliveryId)).toBeUndefined();
    expect(receivedFor(deliveryId)).toEqual([]);
  });

  it("drops a delivery to a URL the shop no longer allows (moved to production)", async () => {
    const { deliveryId } = await endpointWithPing();
    await deliverWebhook({ ...shop.ctx, localWebhooks: false }, deliveryId, { final: false });
    expect(await delivery(deliveryId)).toMatchObject({
      status: "failed",
      last_error: `Not sent: ${HTTPS_REQUIRED}`,
    });
    expect(receivedFor(deliveryId)).toEqual([]);
  });
});
