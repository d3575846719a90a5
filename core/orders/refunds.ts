import { sql } from "drizzle-orm";
import { formatPrice } from "#contract/money-format.ts";
import type { RefundLine, RefundSheet } from "#contract/refunds.ts";
import type { Order } from "#contract/shopping.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { ID_PATTERN, newId } from "#db/ids.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { CoreContext } from "../context.ts";
import { conflict, DomainError, invalidField, notFound } from "../errors.ts";
import { centsToAmount } from "../money.ts";
import type { PaymentProviderName } from "../ports/payments.ts";
import { requireRole, type Staff } from "../shared/staff-roles.ts";
import { iso } from "../shared/timestamps.ts";
import { lockOrder } from "./cancellation.ts";
import { ORDER_COLUMNS, type OrderRow, toOrders } from "./order-records.ts";
import {
  announceRefund,
  findRefunds,
  insertRefund,
  type RefundRecord,
  settleRefund,
} from "./refund-records.ts";

// Staff giving money back on a paid order (docs/back-office/refunds.md, docs/decisions/048-refunds.md),
// as a list of steps: reserve the amount under the order's lock (a pending refund, counted in
// orders.refunded_cents) and commit; ask the payment provider, with the refund's id as its
// idempotency key; record its answer. A cash order's refund is paid out by hand: it succeeds at once.
// The same idempotency key again is the same refund; two refunds at once never give back more than
// was paid (the order's row lock, and the table's CHECK behind it).

export interface RefundRequest {
  /** Cents to give back; or `lines`, never both (contract/refunds.ts: refundBody). */
  amountCents?: number;
  lines?: RefundLine[];
  reason: string;
  /** The client's key (the API's Idempotency-Key, the refund page's hidden field); none: a new refund. */
  idempotencyKey?: string;
}

export interface RefundResult {
  refund: { id: string; amountCents: number; status: RefundRecord["status"]; method: RefundRecord["method"] };
  /** The order as its customer reads it, with its refunds. */
  order: Order;
  /** True when the key named an earlier refund: nothing new was given back. */
  replayed: boolean;
}

const PROVIDER_LABELS: Record<PaymentProviderName, string> = {
  builtin: "the built-in test checkout",
  stripe: "Stripe",
};

const noOrder = (orderId: string) => notFound(`No order for this ID: ${orderId.slice(0, 100)}.`);
const money = (cents: number) => formatPrice(centsToAmount(cents));

interface LineRow {
  position: number;
  title: string;
  size: string | null;
  color: string;
  quantity: number;
  unit_price_cents: number;
}

async function orderLines(db: Executor, orderId: string): Promise<LineRow[]> {
  return queryRows<LineRow>(
    db,
    sql`SELECT position, title, size, color, quantity, unit_price_cents FROM order_items
        WHERE order_id = ${orderId} ORDER BY position`,
  );
}

/** Units of each line (by position) given back by line refunds that have not failed. */
function refundedUnits(refunds: RefundRecord[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const refund of refunds) {
    if (refund.status === "failed") continue;
    for (const line of refund.lines ?? [])
      units.set(line.position, (units.get(line.position) ?? 0) + line.quantity);
  }
  return units;
}

/**
 * What refunding these units gives back: their price less the order's coupon percent, rounded down
 * to the cent, so line refunds never add up to more than was paid for the goods. Tax and shipping
 * are given back by amount (docs/decisions/048-refunds.md).
 */
export function lineRefundCents(
  unitPriceCents: number,
  quantity: number,
  couponPercent: number | null,
): number {
  const cents = unitPriceCents * quantity;
  return Math.floor((cents * (100 - (couponPercent ?? 0))) / 100);
}

const lineLabel = (line: LineRow) => `${line.title}${line.size ? ` (size ${line.size})` : ""}`;

/** The cents a by-lines request gives back, each line checked against what is left of it. */
function linesAmount(
  order: OrderRow,
  lines: LineRow[],
  refunds: RefundRecord[],
  wanted: RefundLine[],
): number {
  const done = refundedUnits(refunds);
  let cents = 0;
  for (const want of wanted) {
    const line = lines.find((l) => l.position === want.position);
    if (!line) {
      throw invalidField(
        "lines",
        `Order #${order.number} has no line at position ${want.position}: its positions are 0 to ${lines.length - 1}.`,
      );
    }
    if (want.quantity > line.quantity) {
      throw invalidField(
        "lines",
        `${lineLabel(line)}: ${line.quantity} ordered, so at most ${line.quantity} can be refunded.`,
      );
    }
    const left = line.quantity - (done.get(line.position) ?? 0);
    if (want.quantity > left) {
      throw conflict(
        left === 0
          ? `${lineLabel(line)} has been refunded in full already.`
          : `${lineLabel(line)}: ${line.quantity - left} of ${line.quantity} refunded already, so at most ${left} more can be.`,
        "lines",
      );
    }
    cents += lineRefundCents(line.unit_price_cents, want.quantity, order.coupon_percent);
  }
  return cents;
}

/** Why nothing can be refunded on this order now, or null. */
function refusalOf(ctx: CoreContext, order: OrderRow): string | null {
  if (order.paid_at === null) {
    return order.payment_method === "cash_on_delivery"
      ? `Order #${order.number} is paid on delivery and has not been collected: there is nothing to refund.`
      : `Order #${order.number} has not been paid: there is nothing to refund.`;
  }
  if (order.refunded_cents >= order.total_after_discount_cents)
    return `Order #${order.number} has been refunded in full (${money(order.total_after_discount_cents)}).`;
  if (order.payment_method === "credit_card" && order.payment_provider !== ctx.payments.name) {
    const through = PROVIDER_LABELS[order.payment_provider as PaymentProviderName] ?? order.payment_provider;
    return `Order #${order.number} was paid through ${through}, which this shop no longer takes payments with: refund it there.`;
  }
  return null;
}

/**
 * Refunds part or all of a paid order (admins only: money leaves the shop, decision 048). By
 * amount or by lines; never more than was paid less what is refunded or under way. A card order's
 * refund goes through its payment provider; a cash order's is recorded as paid out by hand.
 * Refused: not paid (409), more than is left (409, naming `amount` or `lines`), a line's units
 * refunded already (409), a line or quantity the order does not have (400), the provider's refusal
 * (409, and the refund is kept as failed); the provider not answering is a 503 that leaves the
 * refund pending, and the same request (same key) again finishes it without paying twice.
 */
export async function refundOrder(
  ctx: CoreContext,
  staff: Staff,
  orderId: string,
  request: RefundRequest,
): Promise<RefundResult> {
  requireRole(staff, "admin");
  if (!ID_PATTERN.test(orderId)) throw noOrder(orderId);
  const byAmount = request.amountCents !== undefined;
  if (byAmount === (request.lines !== undefined))
    throw invalidField("amount", "Give an amount or the lines to refund.");
  if (byAmount && !(Number.isInteger(request.amountCents) && request.amountCents! > 0))
    throw invalidField("amount", "Amount must be above 0.");
  const reason = request.reason.trim();
  if (!reason) throw invalidField("reason", "Reason is required.");

  const refundId = newId();
  // The key is the order's: the same key on another order is another refund.
  const key = request.idempotencyKey ? `${orderId}:${request.idempotencyKey}` : refundId;
  const now = ctx.now();
  const reserved = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, { id: orderId });
    if (!order) throw noOrder(orderId);
    const [earlier] = await findRefunds(tx, sql`idempotency_key = ${key}`);
    if (earlier) return { refund: earlier, order, replayed: true };

    const refusal = refusalOf(ctx, order);
    if (refusal) throw conflict(refusal);
    const refunds = await findRefunds(tx, sql`order_id = ${order.id}`);
    const amountCents = byAmount
      ? request.amountCents!
      : linesAmount(order, await orderLines(tx, order.id), refunds, request.lines!);
    const field = byAmount ? "amount" : "lines";
    if (amountCents <= 0)
      throw invalidField(field, "These lines give back nothing: their price is covered by the coupon.");
    const left = order.total_after_discount_cents - order.refunded_cents;
    if (amountCents > left) {
      throw conflict(
        `At most ${money(left)} of order #${order.number} can be refunded: ${money(order.total_after_discount_cents)} was paid and ${money(order.refunded_cents)} is refunded or under way. This refund would be ${money(amountCents)}.`,
        field,
      );
    }

    const cash = order.payment_method === "cash_on_delivery";
    const refund = await insertRefund(
      tx,
      {
        id: refundId,
        order_id: order.id,
        amount_cents: amountCents,
        lines: byAmount ? null : request.lines!,
        reason,
        method: cash ? "cash" : "provider",
        // Cash is paid out by hand: done once recorded. A card refund waits for its provider.
        status: cash ? "succeeded" : "pending",
        provider: cash ? null : order.payment_provider,
        provider_refund_id: null,
        idempotency_key: key,
        failure_reason: null,
        actor_id: staff.id,
      },
      now,
    );
    await recordAudit(tx, staff, {
      action: "order.refund",
      entity: "order",
      entityId: order.id,
      before: { refundedCents: order.refunded_cents },
      after: {
        refundId: refund.id,
        amountCents,
        lines: refund.lines,
        reason,
        method: refund.method,
        refundedCents: order.refunded_cents + amountCents,
      },
      at: now,
    });
    if (cash) await announceRefund(tx, ctx, refund);
    return { refund, order, replayed: false };
  });

  let { refund } = reserved;
  if (refund.method === "provider" && refund.status === "pending" && refund.provider_refund_id === null) {
    refund = await askProvider(ctx, reserved.order, refund, reserved.replayed);
  }
  if (refund.status === "failed") {
    throw conflict(
      `The refund of ${money(refund.amount_cents)} failed: ${refund.failure_reason ?? "no reason given"}`,
    );
  }
  return {
    refund: { id: refund.id, amountCents: refund.amount_cents, status: refund.status, method: refund.method },
    order: await orderById(ctx.db, orderId),
    replayed: reserved.replayed,
  };
}

/**
 * The provider's step, after the reservation committed (no lock is held over the network). Its
 * answer is recorded under the order's lock through settleRefund, the path its webhooks take too,
 * so whichever comes first decides and the other changes nothing. No answer: the refund stays
 * pending, its amount reserved, and the caller hears it may send the same request again.
 */
async function askProvider(
  ctx: CoreContext,
  order: OrderRow,
  refund: RefundRecord,
  retry: boolean,
): Promise<RefundRecord> {
  if (refund.provider !== ctx.payments.name || !order.payment_session_id) {
    throw conflict(
      `This refund goes through ${PROVIDER_LABELS[refund.provider as PaymentProviderName] ?? refund.provider}, which this shop no longer takes payments with: finish it there.`,
    );
  }
  let outcome: Awaited<ReturnType<typeof ctx.payments.refund>>;
  try {
    outcome = await ctx.payments.refund({
      orderId: order.id,
      sessionId: order.payment_session_id,
      amountCents: refund.amount_cents,
      refundId: refund.id,
      retry,
    });
  } catch {
    // The adapter logged what went wrong; the shop's answer says what it means for the refund.
    throw new DomainError(
      "unavailable",
      `The payment provider did not answer. The refund of ${money(refund.amount_cents)} is pending: send the same request again to finish it; it will not be paid twice.`,
    );
  }
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await lockOrder(tx, { id: order.id });
    const [locked] = await findRefunds(tx, sql`id = ${refund.id}`, true);
    return settleRefund(tx, ctx, locked!, outcome, now);
  });
}

async function orderById(db: Executor, orderId: string): Promise<Order> {
  const rows = await queryRows<OrderRow>(
    db,
    sql`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = ${orderId}`,
  );
  return (await toOrders(db, rows))[0]!;
}

/** What the refund page shows of an order: what was paid, refunded and is left, its lines and refunds. */
export async function refundSheet(ctx: CoreContext, staff: Staff, orderId: string): Promise<RefundSheet> {
  requireRole(staff, "admin");
  if (!ID_PATTERN.test(orderId)) throw noOrder(orderId);
  const [order] = await queryRows<OrderRow>(
    ctx.db,
    sql`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = ${orderId}`,
  );
  if (!order) throw noOrder(orderId);
  const [lines, refunds] = await Promise.all([
    orderLines(ctx.db, orderId),
    findRefunds(ctx.db, sql`order_id = ${orderId}`),
  ]);
  const done = refundedUnits(refunds);
  const paid = order.paid_at === null ? 0 : order.total_after_discount_cents;
  return {
    orderId: order.id,
    number: order.number,
    method: order.payment_method === "cash_on_delivery" ? "cash" : "provider",
    paid: centsToAmount(paid),
    refunded: centsToAmount(order.refunded_cents),
    refundable: centsToAmount(Math.max(0, paid - order.refunded_cents)),
    couponPercent: order.coupon_percent,
    refusal: refusalOf(ctx, order),
    lines: lines.map((line) => ({
      position: line.position,
      title: line.title,
      size: line.size,
      color: line.color,
      quantity: line.quantity,
      refunded: done.get(line.position) ?? 0,
      unitPrice: centsToAmount(line.unit_price_cents),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: centsToAmount(r.amount_cents),
      status: r.status,
      reason: r.reason,
      method: r.method,
      failureReason: r.failure_reason,
      at: iso(r.created_at),
    })),
  };
}
