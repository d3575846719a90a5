import { sql } from "drizzle-orm";
import type { Order, OrderListResponse } from "#contract/shopping.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { ID_PATTERN } from "#db/ids.ts";
import type { CoreContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { countedPage, pageOffset, pagination } from "../shared/pages.ts";
import { expireUnpaidOrders } from "./cancellation.ts";
import { ORDER_COLUMNS, type OrderRow, toOrders } from "./order-records.ts";

// What a customer reads of their orders. A card order past its payment window is cancelled first,
// so no one ever sees it still waiting (docs/decisions/014-orders-and-payments.md).

/** A page of the customer's orders, newest first. */
export async function listOrders(
  ctx: CoreContext,
  customerId: string,
  query: { page: number; limit: number },
): Promise<OrderListResponse> {
  await expireUnpaidOrders(ctx, { customerId });
  const { total, rows } = await countedPage<OrderRow>(
    ctx.db,
    sql`SELECT count(*)::int AS total FROM orders WHERE customer_id = ${customerId}`,
    sql`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.customer_id = ${customerId}
        ORDER BY o.created_at DESC, o.number DESC LIMIT ${query.limit} OFFSET ${pageOffset(query)}`,
  );
  const data = await toOrders(ctx.db, rows);
  return { results: data.length, paginationResults: pagination(query, total), data };
}

const noOrder = (orderId: string) => notFound(`No order for this ID: ${orderId.slice(0, 100)}.`);

/** One of the customer's orders; another customer's order answers like a missing one. */
export async function getOrder(ctx: CoreContext, customerId: string, orderId: string): Promise<Order> {
  if (!ID_PATTERN.test(orderId)) throw noOrder(orderId);
  await expireUnpaidOrders(ctx, { customerId });
  return readOrder(ctx.db, customerId, orderId);
}

/**
 * One of the customer's orders as it stands, without expiring overdue ones first (getOrder does):
 * for a caller that has just written the order, such as checkout.
 */
export async function readOrder(db: Executor, customerId: string, orderId: string): Promise<Order> {
  const rows = await queryRows<OrderRow>(
    db,
    sql`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = ${orderId} AND o.customer_id = ${customerId}`,
  );
  if (rows.length === 0) throw noOrder(orderId);
  return (await toOrders(db, rows))[0]!;
}
