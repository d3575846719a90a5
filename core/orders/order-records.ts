import { sql } from "drizzle-orm";
import type { Order, OrderStatus, PaymentMethod } from "#contract/shopping.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { anyOf, ts } from "#db/sql.ts";
import { centsToAmount } from "../money.ts";
import { iso } from "../shared/timestamps.ts";
import type { StockMove } from "../stock/moves.ts";

// Orders as rows: the columns, items, timeline and the API shape they make. What a customer reads
// (with overdue card orders expired first) is in orders.ts.

export interface OrderRow {
  id: string;
  number: number;
  customer_id: string;
  status: OrderStatus;
  payment_method: PaymentMethod;
  phone: string;
  country: string;
  state: string;
  city: string;
  street: string;
  postal_code: string;
  items_cents: number;
  tax_cents: number;
  shipping_cents: number;
  total_cents: number;
  discount_cents: number;
  total_after_discount_cents: number;
  coupon_id: string | null;
  coupon_code: string | null;
  coupon_percent: number | null;
  payment_provider: string | null;
  payment_session_id: string | null;
  payment_expires_at: Date | string | null;
  paid_at: Date | string | null;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  refunded_cents: number;
  created_at: Date | string;
}

interface ItemRow {
  order_id: string;
  product_id: string;
  product_size_id: string | null;
  title: string;
  image_cover: string;
  size: string | null;
  color: string;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
}

export interface HistoryRow {
  order_id: string;
  status: OrderStatus;
  note: string | null;
  actor_id: string | null;
  created_at: Date | string;
}

export interface RefundRow {
  id: string;
  order_id: string;
  amount_cents: number;
  lines: { position: number; quantity: number }[] | null;
  reason: string;
  method: "provider" | "cash";
  status: "pending" | "succeeded" | "failed";
  failure_reason: string | null;
  actor_id: string | null;
  created_at: Date | string;
}

export const ORDER_COLUMNS = sql`o.id, o.number, o.customer_id, o.status, o.payment_method, o.phone, o.country, o.state,
  o.city, o.street, o.postal_code, o.items_cents, o.tax_cents, o.shipping_cents, o.total_cents, o.discount_cents,
  o.total_after_discount_cents, o.coupon_id, o.coupon_code, o.coupon_percent, o.payment_provider,
  o.payment_session_id, o.payment_expires_at, o.paid_at, o.carrier, o.tracking_number, o.tracking_url,
  o.refunded_cents, o.created_at`;

/** The items of these orders, in the order they were in the cart. */
export async function orderItems(db: Executor, orderIds: readonly string[]): Promise<ItemRow[]> {
  if (orderIds.length === 0) return [];
  return queryRows<ItemRow>(
    db,
    sql`SELECT order_id, product_id, product_size_id, title, image_cover, size, color, quantity, unit_price_cents,
          total_cents
        FROM order_items WHERE order_id = ${anyOf(orderIds)} ORDER BY order_id, position`,
  );
}

/** What an order took off the shelf, item by item. */
export async function orderMoves(db: Executor, orderId: string): Promise<StockMove[]> {
  return (await orderItems(db, [orderId])).map((i) => ({
    productId: i.product_id,
    sizeId: i.product_size_id,
    quantity: i.quantity,
  }));
}

/**
 * Records a status in the order's timeline. The row's id is a sequence: entries written at the same
 * instant (one transaction, a fixed clock) read back in the order they were written.
 */
export async function recordStatus(
  db: Executor,
  orderId: string,
  status: OrderStatus,
  at: Date,
  note?: string,
  actorId?: string,
) {
  await db.execute(sql`INSERT INTO order_status_history (order_id, status, note, actor_id, created_at)
    VALUES (${orderId}, ${status}, ${note ?? null}, ${actorId ?? null}, ${ts(at)})`);
}

/** The timelines of these orders, each in the order it was written. */
export async function orderHistory(db: Executor, orderIds: readonly string[]): Promise<HistoryRow[]> {
  if (orderIds.length === 0) return [];
  // The id is a sequence: entries of the same instant keep the order they were written in.
  return queryRows<HistoryRow>(
    db,
    sql`SELECT order_id, status, note, actor_id, created_at FROM order_status_history
        WHERE order_id = ${anyOf(orderIds)} ORDER BY order_id, id`,
  );
}

/** The refunds of these orders, oldest first. */
export async function orderRefunds(db: Executor, orderIds: readonly string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return queryRows<RefundRow>(
    db,
    sql`SELECT id, order_id, amount_cents, lines, reason, method, status, failure_reason, actor_id, created_at
        FROM order_refunds WHERE order_id = ${anyOf(orderIds)} ORDER BY order_id, created_at, id`,
  );
}

function toOrder(row: OrderRow, items: ItemRow[], history: HistoryRow[], refunds: RefundRow[]): Order {
  return {
    _id: row.id,
    number: row.number,
    status: row.status,
    paymentMethod: row.payment_method,
    isPaid: row.paid_at !== null,
    paidAt: row.paid_at ? iso(row.paid_at) : null,
    paymentExpiresAt:
      row.status === "pending_payment" && row.payment_expires_at ? iso(row.payment_expires_at) : null,
    phone: row.phone,
    shippingAddress: {
      country: row.country,
      state: row.state,
      city: row.city,
      street: row.street,
      postalCode: row.postal_code,
    },
    items: items.map((i) => ({
      product: { _id: i.product_id, title: i.title, imageCover: i.image_cover },
      size: i.size,
      color: i.color,
      quantity: i.quantity,
      price: centsToAmount(i.unit_price_cents),
      totalPrice: centsToAmount(i.total_cents),
    })),
    pricing: {
      itemsPrice: centsToAmount(row.items_cents),
      taxPrice: centsToAmount(row.tax_cents),
      shippingPrice: centsToAmount(row.shipping_cents),
      totalPrice: centsToAmount(row.total_cents),
      totalPriceAfterDiscount: centsToAmount(row.total_after_discount_cents),
    },
    coupon:
      row.coupon_code && row.coupon_percent
        ? {
            couponCode: row.coupon_code,
            couponDiscount: row.coupon_percent,
            discountedAmount: centsToAmount(row.discount_cents),
          }
        : null,
    statusHistory: history.map((h) => ({ status: h.status, at: iso(h.created_at), note: h.note })),
    shipment:
      row.carrier && row.tracking_number
        ? { carrier: row.carrier, trackingNumber: row.tracking_number, trackingUrl: row.tracking_url }
        : null,
    refunds: refunds.map((r) => ({
      amount: centsToAmount(r.amount_cents),
      status: r.status,
      at: iso(r.created_at),
    })),
    refundedAmount: centsToAmount(row.refunded_cents),
    createdAt: iso(row.created_at),
  };
}

/** Full orders (items and timelines) for these rows, in the rows' order. */
export async function toOrders(db: Executor, rows: OrderRow[]): Promise<Order[]> {
  const ids = rows.map((r) => r.id);
  const [items, history, refunds] = await Promise.all([
    orderItems(db, ids),
    orderHistory(db, ids),
    orderRefunds(db, ids),
  ]);
  return rows.map((row) =>
    toOrder(
      row,
      items.filter((i) => i.order_id === row.id),
      history.filter((h) => h.order_id === row.id),
      refunds.filter((r) => r.order_id === row.id),
    ),
  );
}
