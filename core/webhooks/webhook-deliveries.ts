import { sql } from "drizzle-orm";
import { ALL_WEBHOOK_EVENTS, PING_EVENT, type WebhookDelivery } from "#contract/webhooks.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { newId } from "#db/ids.ts";
import { ts } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";
import { centsToAmount } from "../money.ts";
import type { OrderEvent } from "../shared/order-event.ts";

// The outbox of webhooks (docs/decisions/047-job-queue.md, docs/integrations/webhooks.md): one row
// of webhook_deliveries per event and endpoint, written in the transaction of the change and handed
// to the job queue with it; webhook-sender.ts delivers it.

export interface DeliveryRow {
  id: string;
  event: string;
  order_id: string | null;
  status: WebhookDelivery["status"];
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Date | string | null;
  created_at: Date | string;
}

export const DELIVERY_COLUMNS = sql`id, event, order_id, status, attempts, last_status_code, last_error, delivered_at, created_at`;

const iso = (value: Date | string) => new Date(value).toISOString();

export function deliveryView(row: DeliveryRow): WebhookDelivery {
  return {
    _id: row.id,
    event: row.event,
    orderId: row.order_id,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    deliveredAt: row.delivered_at ? iso(row.delivered_at) : null,
    createdAt: iso(row.created_at),
  };
}

/**
 * Writes one delivery with its fixed body and queues its job, in the caller's transaction; a
 * delivery whose `dedupeKey` exists already adds nothing. Its id is the payload's `id` and the
 * `x-shop-delivery` header, which receivers keep to drop a repeat.
 */
async function queueDelivery(
  db: Executor,
  ctx: CoreContext,
  delivery: { endpointId: string; event: string; orderId: string | null; data: unknown; dedupeKey: string },
): Promise<DeliveryRow | undefined> {
  const id = newId();
  const createdAt = ctx.now();
  const payload = { id, type: delivery.event, createdAt: createdAt.toISOString(), data: delivery.data };
  const [row] = await queryRows<DeliveryRow>(
    db,
    sql`INSERT INTO webhook_deliveries (id, endpoint_id, event, order_id, payload, dedupe_key, created_at)
        VALUES (${id}, ${delivery.endpointId}, ${delivery.event}, ${delivery.orderId}, ${JSON.stringify(payload)}::jsonb,
          ${delivery.dedupeKey}, ${ts(createdAt)})
        ON CONFLICT (dedupe_key) DO NOTHING RETURNING ${DELIVERY_COLUMNS}`,
  );
  if (row) await ctx.jobs.enqueue(db, "webhook", { id: row.id });
  return row;
}

/**
 * What an order event tells an integrator (docs/integrations/webhooks.md#payload): the order as its
 * customer reads it after the change, who the customer is (the shipping address has no name), and
 * for a refund, which one and how much.
 */
function eventData(event: OrderEvent) {
  return {
    order: event.order,
    customer: { _id: event.customer.id, name: event.customer.name, email: event.customer.email },
    ...(event.refund
      ? { refund: { _id: event.refund.id, amount: centsToAmount(event.refund.amountCents) } }
      : {}),
  };
}

/**
 * Queues the event for every enabled endpoint subscribed to it (or to all, `*`), in the caller's
 * transaction. The payload is fixed now, so a retry sends the same body; the key of the event
 * (order, type, refund) makes announcing it twice queue nothing more.
 */
export async function queueWebhookDeliveries(
  db: Executor,
  ctx: CoreContext,
  event: OrderEvent,
): Promise<void> {
  const endpoints = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM webhook_endpoints
        WHERE disabled_at IS NULL AND (${event.type} = ANY(events) OR ${ALL_WEBHOOK_EVENTS} = ANY(events))
        ORDER BY id`,
  );
  const eventKey = `${event.order._id}:${event.type}${event.refund ? `:${event.refund.id}` : ""}`;
  for (const endpoint of endpoints) {
    await queueDelivery(db, ctx, {
      endpointId: endpoint.id,
      event: event.type,
      orderId: event.order._id,
      data: eventData(event),
      dedupeKey: `${endpoint.id}:${eventKey}`,
    });
  }
}

/** A `ping` for one endpoint (the back office's "Send test event"), whatever it subscribes to. */
export async function queueTestDelivery(
  db: Executor,
  ctx: CoreContext,
  endpoint: { id: string; url: string },
): Promise<DeliveryRow> {
  const key = newId();
  const row = await queueDelivery(db, ctx, {
    endpointId: endpoint.id,
    event: PING_EVENT,
    orderId: null,
    data: { endpoint: { _id: endpoint.id, url: endpoint.url } },
    dedupeKey: `${endpoint.id}:${PING_EVENT}:${key}`,
  });
  return row!;
}
