import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { queueOrderMessages } from "../notifications/order-messages.ts";
import type { OrderEvent, OrderEventType } from "../shared/order-event.ts";
import { queueWebhookDeliveries } from "../webhooks/webhook-deliveries.ts";
import { ORDER_COLUMNS, type OrderRow, toOrders } from "./order-records.ts";

/**
 * Announces an order's change (mail, text, staff alert, webhooks) inside the transaction that made
 * it, with the order as it now reads: the messages commit with the change or not at all (a
 * transactional outbox, docs/decisions/047-job-queue.md). Each message and delivery has a key of its
 * event (order and type, or refund), so announcing the same event twice sends nothing more.
 */
export async function announceOrder(
  db: Executor,
  ctx: CoreContext,
  orderId: string,
  type: OrderEventType,
  refund?: { id: string; amountCents: number },
): Promise<void> {
  const [row] = await queryRows<OrderRow>(
    db,
    sql`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = ${orderId}`,
  );
  if (!row) return;
  const [order] = await toOrders(db, [row]);
  const [customer] = await queryRows<{
    first_name: string;
    last_name: string;
    email: string;
    phone: string | null;
  }>(
    db,
    // The order's own number when they verified it, else their latest verified one.
    sql`SELECT c.first_name, c.last_name, c.email,
          (SELECT p.phone_number FROM customer_phone_numbers p WHERE p.customer_id = c.id
            ORDER BY (p.phone_number = ${row.phone}) DESC, p.verified_at DESC LIMIT 1) AS phone
        FROM customers c WHERE c.id = ${row.customer_id}`,
  );
  if (!customer || !order) return;
  const event: OrderEvent = {
    type,
    order,
    customer: {
      id: row.customer_id,
      name: `${customer.first_name} ${customer.last_name}`.trim(),
      email: customer.email,
      verifiedPhone: customer.phone,
    },
    refund,
    at: ctx.now(),
  };
  await queueOrderMessages(db, ctx, event);
  await queueWebhookDeliveries(db, ctx, event);
}
