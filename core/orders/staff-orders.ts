import { type SQL, sql } from "drizzle-orm";
import type { PaginationResults } from "#contract/catalog.ts";
import { ORDER_STATUS_LABELS } from "#contract/shopping.ts";
import type {
  BulkMoveResult,
  StaffOrder,
  StaffOrderListItem,
  StaffOrderListQuery,
} from "#contract/staff-orders.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { ID_PATTERN } from "#db/ids.ts";
import { anyOf } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";
import { DomainError, notFound } from "../errors.ts";
import { centsToAmount } from "../money.ts";
import { orderNotifications } from "../notifications/notification-list.ts";
import { countedPage, pageOffset, pagination } from "../shared/pages.ts";
import { requireRole, type Staff } from "../shared/staff-roles.ts";
import { iso } from "../shared/timestamps.ts";
import { expireUnpaidOrders } from "./cancellation.ts";
import { ORDER_COLUMNS, type OrderRow, orderHistory, orderRefunds, toOrders } from "./order-records.ts";
import { moveLabel, moveOrder, type OrderMove, staffMoves } from "./order-workflow.ts";

// Every customer's orders as the back office reads and moves them (docs/back-office/orders.md):
// the list with its filters (GET /orders, /admin/orders), one order with its timeline, refunds,
// messages and next moves (GET /orders/{id}, /admin/orders/:orderId), and a move made through the
// one workflow (core/orders/order-workflow.ts), one order or a selection of them.

interface StaffOrderRow extends OrderRow {
  customer_first_name: string;
  customer_last_name: string;
  customer_email: string;
}

const STAFF_ORDER_COLUMNS = sql`${ORDER_COLUMNS}, c.first_name AS customer_first_name,
  c.last_name AS customer_last_name, c.email AS customer_email`;

const noOrder = (orderId: string) => notFound(`No order for this ID: ${orderId.slice(0, 100)}.`);

/** `%`, `_` and `\` typed in a search mean themselves in LIKE. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Six digits or more (a `+` allowed first): fewer are taken for an order number, not a phone's part. */
const PHONE_TEXT = /^\+?\d{6,}$/;

/**
 * The digits of a phone number as typed (`+212 612-345 678`, `0612345678`), without the leading
 * `+`, `00` or trunk `0`, so that part of the stored international number (`+212612345678`) matches;
 * null when the text is not (part of) a phone number.
 */
function phoneDigits(q: string): string | null {
  const compact = q.replace(/[\s().-]/g, "");
  if (!PHONE_TEXT.test(compact)) return null;
  return compact.replace(/^\+/, "").replace(/^00/, "").replace(/^0/, "");
}

/** `q`: an order number (`1042`, `#1042`), part of the customer's email, or part of the order's phone. */
function searchOf(q: string): SQL {
  const matches: SQL[] = [
    sql`EXISTS (SELECT 1 FROM customers sc WHERE sc.id = o.customer_id
      AND sc.email ILIKE ${`%${likeEscaped(q)}%`})`,
  ];
  const number = q.match(/^#?(\d{1,9})$/);
  if (number) matches.push(sql`o.number = ${Number(number[1])}`);
  const digits = phoneDigits(q);
  if (digits) matches.push(sql`o.phone LIKE ${`%${digits}%`}`);
  return sql`(${sql.join(matches, sql` OR `)})`;
}

/**
 * The list's filters as SQL over `orders o`. Newest first, a status filter reads
 * orders_status_created_idx, the rest orders_created_idx (migration 0008); a customer
 * orders_customer_created_idx.
 */
function filtersOf(query: Omit<StaffOrderListQuery, "page" | "limit">): SQL {
  const where: SQL[] = [sql`true`];
  if (query.status && query.status.length > 0) where.push(sql`o.status = ${anyOf(query.status)}`);
  if (query.paymentMethod) where.push(sql`o.payment_method = ${query.paymentMethod}`);
  // Whole days, UTC, both included.
  if (query.from) where.push(sql`o.created_at >= ${`${query.from}T00:00:00Z`}::timestamptz`);
  if (query.to) where.push(sql`o.created_at < (${`${query.to}T00:00:00Z`}::timestamptz + interval '1 day')`);
  if (query.customer) {
    where.push(
      ID_PATTERN.test(query.customer)
        ? sql`o.customer_id = ${query.customer}`
        : sql`o.customer_id = (SELECT id FROM customers WHERE lower(email) = lower(${query.customer}))`,
    );
  }
  if (query.q) where.push(searchOf(query.q));
  return sql.join(where, sql` AND `);
}

const customerOf = (row: StaffOrderRow) => ({
  _id: row.customer_id,
  name: `${row.customer_first_name} ${row.customer_last_name}`.trim(),
  email: row.customer_email,
});

export interface StaffOrderPage {
  data: StaffOrderListItem[];
  total: number;
  paginationResults: PaginationResults;
}

/** Every customer's orders, newest first, filtered and a page at a time. */
export async function listStaffOrders(
  ctx: CoreContext,
  actor: Staff,
  query: StaffOrderListQuery,
): Promise<StaffOrderPage> {
  requireRole(actor, "manager");
  // Card orders past their payment window are cancelled first, as their customers would see them
  // (the server's sweep does the same every minute; this keeps the list from lagging behind it).
  await expireUnpaidOrders(ctx);
  const where = filtersOf(query);
  const { total, rows } = await countedPage<StaffOrderRow>(
    ctx.db,
    sql`SELECT count(*)::int AS total FROM orders o WHERE ${where}`,
    sql`SELECT ${STAFF_ORDER_COLUMNS} FROM orders o JOIN customers c ON c.id = o.customer_id
        WHERE ${where}
        ORDER BY o.created_at DESC, o.number DESC LIMIT ${query.limit} OFFSET ${pageOffset(query)}`,
  );
  const orders = await toOrders(ctx.db, rows);
  return {
    data: orders.map((order, i) => ({ ...order, customer: customerOf(rows[i]!) })),
    total,
    paginationResults: pagination(query, total),
  };
}

/**
 * These orders as list rows, in the order the ids are given (a bulk move's selection, the bulk
 * ship page); ids no order has are left out.
 */
export async function staffOrdersByIds(
  ctx: CoreContext,
  actor: Staff,
  orderIds: readonly string[],
): Promise<StaffOrderListItem[]> {
  requireRole(actor, "manager");
  const ids = orderIds.filter((id) => ID_PATTERN.test(id));
  if (ids.length === 0) return [];
  const rows = await queryRows<StaffOrderRow>(
    ctx.db,
    sql`SELECT ${STAFF_ORDER_COLUMNS} FROM orders o JOIN customers c ON c.id = o.customer_id
        WHERE o.id = ${anyOf(ids)}`,
  );
  rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  const orders = await toOrders(ctx.db, rows);
  return orders.map((order, i) => ({ ...order, customer: customerOf(rows[i]!) }));
}

/** One order as the back office shows it, as it stands in `db`; undefined when there is none. */
export async function readStaffOrder(db: Executor, orderId: string): Promise<StaffOrder | undefined> {
  const [row] = await queryRows<StaffOrderRow>(
    db,
    sql`SELECT ${STAFF_ORDER_COLUMNS} FROM orders o JOIN customers c ON c.id = o.customer_id
        WHERE o.id = ${orderId}`,
  );
  if (!row) return undefined;
  const [[order], history, refunds, notifications] = await Promise.all([
    toOrders(db, [row]),
    orderHistory(db, [orderId]),
    orderRefunds(db, [orderId]),
    orderNotifications(db, orderId),
  ]);
  const actorIds = [
    ...new Set([...history, ...refunds].map((e) => e.actor_id).filter((id): id is string => id !== null)),
  ];
  const actors = new Map(
    actorIds.length === 0
      ? []
      : (
          await queryRows<{ id: string; email: string }>(
            db,
            sql`SELECT id, email FROM customers WHERE id = ${anyOf(actorIds)}`,
          )
        ).map((a) => [a.id, { _id: a.id, email: a.email }]),
  );
  const actorOf = (id: string | null) => (id ? (actors.get(id) ?? { _id: id, email: "" }) : null);
  return {
    ...order!,
    customer: customerOf(row),
    paymentProvider: row.payment_provider,
    statusHistory: history.map((h) => ({
      status: h.status,
      at: iso(h.created_at),
      note: h.note,
      actor: actorOf(h.actor_id),
    })),
    refunds: refunds.map((r) => ({
      _id: r.id,
      amount: centsToAmount(r.amount_cents),
      status: r.status,
      at: iso(r.created_at),
      reason: r.reason,
      method: r.method,
      failureReason: r.failure_reason,
      actor: actorOf(r.actor_id),
    })),
    notifications,
    nextMoves: staffMoves(row.status).map((to) => ({ to, label: moveLabel(to, row.payment_method) })),
  };
}

/** GET /orders/{id}: one order, whoever's it is. */
export async function staffOrder(ctx: CoreContext, actor: Staff, orderId: string): Promise<StaffOrder> {
  requireRole(actor, "manager");
  if (!ID_PATTERN.test(orderId)) throw noOrder(orderId);
  let found = await readStaffOrder(ctx.db, orderId);
  if (!found) throw noOrder(orderId);
  // A card order past its payment window reads as its customer would see it: cancelled.
  if (
    found.status === "pending_payment" &&
    found.paymentExpiresAt &&
    new Date(found.paymentExpiresAt) <= ctx.now()
  ) {
    await expireUnpaidOrders(ctx, { customerId: found.customer._id });
    found = (await readStaffOrder(ctx.db, orderId)) ?? found;
  }
  return found;
}

/**
 * POST /orders/{id}/transitions: one move through the workflow, then the order as it now stands.
 * `changed` is false when the order already was where the move leads (nothing changed or sent).
 */
export async function moveStaffOrder(
  ctx: CoreContext,
  actor: Staff,
  orderId: string,
  move: OrderMove,
): Promise<{ changed: boolean; data: StaffOrder }> {
  const { changed } = await moveOrder(ctx, { kind: "staff", staff: actor }, orderId, move);
  const data = await readStaffOrder(ctx.db, orderId);
  if (!data) throw noOrder(orderId);
  return { changed, data };
}

const statusWord = (status: keyof typeof ORDER_STATUS_LABELS) => ORDER_STATUS_LABELS[status].toLowerCase();

/**
 * The same move for each of a selection of orders (the list page's bulk actions), one order after
 * the other, each in its own transaction: what each did is reported — moved, already there, or
 * refused with the workflow's reason — and one refusal stops none of the others.
 */
export async function moveOrdersInBulk(
  ctx: CoreContext,
  actor: Staff,
  moves: readonly { orderId: string; move: OrderMove }[],
): Promise<BulkMoveResult[]> {
  requireRole(actor, "manager");
  const ids = moves.map((m) => m.orderId).filter((id) => ID_PATTERN.test(id));
  const numbers = new Map(
    ids.length === 0
      ? []
      : (
          await queryRows<{ id: string; number: number }>(
            ctx.db,
            sql`SELECT id, number FROM orders WHERE id = ${anyOf(ids)}`,
          )
        ).map((r) => [r.id, Number(r.number)]),
  );
  const results: BulkMoveResult[] = [];
  for (const { orderId, move } of moves) {
    const number = numbers.get(orderId) ?? null;
    try {
      const { changed } = await moveOrder(ctx, { kind: "staff", staff: actor }, orderId, move);
      results.push({
        orderId,
        number,
        outcome: changed ? "moved" : "unchanged",
        message: changed
          ? move.to === "cancelled"
            ? "Cancelled."
            : `Marked ${statusWord(move.to)}.`
          : `Already ${statusWord(move.to)}: nothing changed.`,
      });
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind === "forbidden") throw error;
      results.push({ orderId, number, outcome: "refused", message: error.message });
    }
  }
  return results;
}
