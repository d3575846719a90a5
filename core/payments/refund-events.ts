import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { newId } from "#db/ids.ts";
import { ts } from "#db/sql.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { CoreContext } from "../context.ts";
import { DomainError } from "../errors.ts";
import { lockOrder } from "../orders/cancellation.ts";
import type { OrderRow } from "../orders/order-records.ts";
import { announceRefund, findRefunds, insertRefund, settleRefund } from "../orders/refund-records.ts";
import type { PaymentProviderName, ProviderRefund } from "../ports/payments.ts";

// A payment provider's word about refunds (Stripe's `charge.refunded`, `refund.created`,
// `refund.updated`, `refund.failed`): the shop's own refunds are settled by it, and a refund made in
// the provider's dashboard becomes a refund of the order's. Exactly once per event (payment_events),
// and the same whatever order the events arrive in (refund-records.ts: settleRefund only moves a
// refund forward), so duplicated, late and reordered deliveries converge on the provider's state
// (docs/back-office/refunds.md#stripe).

/** What a refund made in the provider's dashboard is recorded with. */
export const REFUNDED_AT_PROVIDER: Record<PaymentProviderName, string> = {
  builtin: "Refunded in the built-in test checkout",
  stripe: "Refunded in Stripe",
};

export interface RefundEvent {
  provider: PaymentProviderName;
  /** The provider's event id: the same event delivered twice is handled once. */
  eventId: string;
  type: string;
  /** The payment the refunds give back (Stripe: the payment intent), when the event names it. */
  paymentId: string | null;
  /** The refunds the event carries; null when it names only the payment (they are looked up). */
  refunds: ProviderRefund[] | null;
}

export interface RefundEventOutcome {
  /** False for an event seen before. */
  handled: boolean;
  orderId: string | null;
}

async function seen(ctx: CoreContext, event: RefundEvent): Promise<boolean> {
  const rows = await queryRows(
    ctx.db,
    sql`SELECT 1 FROM payment_events WHERE provider = ${event.provider} AND event_id = ${event.eventId}`,
  );
  return rows.length > 0;
}

/**
 * Reconciles the order's refunds with the provider's. What the event does not say (the refunds of
 * a `charge.refunded`, the order of a refund the shop did not make) is asked of the provider first,
 * outside the transaction; an event seen before asks nothing and changes nothing.
 */
export async function handleRefundEvent(ctx: CoreContext, event: RefundEvent): Promise<RefundEventOutcome> {
  if (await seen(ctx, event)) return { handled: false, orderId: null };
  let refunds = event.refunds;
  // Our refunds carry their order's id; one made in the dashboard is found by its payment's session.
  const orderId = refunds?.find((r) => r.orderId)?.orderId ?? null;
  let sessionId: string | null = null;
  if ((refunds === null || orderId === null) && event.paymentId && ctx.payments.name === event.provider) {
    const payment = await ctx.payments.lookUpPayment(event.paymentId);
    sessionId = payment.sessionId;
    refunds ??= payment.refunds;
  }
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    let order = orderId
      ? await lockOrder(tx, { id: orderId })
      : sessionId
        ? await lockOrder(tx, { provider: event.provider, sessionId })
        : undefined;
    // Only an order paid through this provider is refunded by its word.
    if (order && order.payment_provider !== event.provider) order = undefined;
    const fresh = await queryRows(
      tx,
      sql`INSERT INTO payment_events (provider, event_id, type, order_id, received_at)
          VALUES (${event.provider}, ${event.eventId}, ${event.type}, ${order?.id ?? null}, ${ts(now)})
          ON CONFLICT DO NOTHING RETURNING event_id`,
    );
    if (fresh.length === 0) return { handled: false, orderId: order?.id ?? null };
    if (!order) return { handled: true, orderId: null };
    for (const refund of refunds ?? []) {
      if (refund.orderId && refund.orderId !== order.id) continue;
      await reconcileRefund(tx, ctx, order, event.provider, refund, now);
    }
    return { handled: true, orderId: order.id };
  });
}

/** One provider refund against the order's (whose row the caller locked). */
async function reconcileRefund(
  tx: Executor,
  ctx: CoreContext,
  order: OrderRow,
  provider: PaymentProviderName,
  refund: ProviderRefund,
  now: Date,
): Promise<void> {
  let [ours] = await findRefunds(
    tx,
    sql`provider = ${provider} AND provider_refund_id = ${refund.providerRefundId}`,
    true,
  );
  // The shop's own refund, whose call to the provider has not returned yet (or never did).
  if (!ours && refund.refundId) {
    [ours] = await findRefunds(
      tx,
      sql`id = ${refund.refundId} AND order_id = ${order.id} AND provider_refund_id IS NULL`,
      true,
    );
  }
  if (ours) {
    await settleRefund(tx, ctx, ours, refund, now);
    return;
  }

  // Made in the provider's dashboard: the order's refund from now on.
  if (refund.status !== "failed") {
    const [totals] = await queryRows<{ refunded_cents: number; total_after_discount_cents: number }>(
      tx,
      sql`SELECT refunded_cents, total_after_discount_cents FROM orders WHERE id = ${order.id}`,
    );
    if (totals!.refunded_cents + refund.amountCents > totals!.total_after_discount_cents) {
      // Refunds of the shop's still reserve their amounts; the provider never refunds more than
      // was paid, so one of them is about to fail. A 503 makes the provider deliver this again.
      throw new DomainError(
        "unavailable",
        `Order #${order.number}'s pending refunds reserve what this refund gives back: deliver it again later.`,
      );
    }
  }
  const recorded = await insertRefund(
    tx,
    {
      id: newId(),
      order_id: order.id,
      amount_cents: refund.amountCents,
      lines: null,
      reason: REFUNDED_AT_PROVIDER[provider],
      method: "provider",
      status: refund.status,
      provider,
      provider_refund_id: refund.providerRefundId,
      idempotency_key: `${provider}:${refund.providerRefundId}`,
      failure_reason: refund.status === "failed" ? refund.failureReason : null,
      actor_id: null,
    },
    now,
  );
  // Someone refunded the order outside the shop: the audit log says so, in the provider's name.
  await recordAudit(
    tx,
    { id: null, email: provider },
    {
      action: "order.refund",
      entity: "order",
      entityId: order.id,
      before: null,
      after: {
        refundId: recorded.id,
        amountCents: recorded.amount_cents,
        reason: recorded.reason,
        status: recorded.status,
        providerRefundId: refund.providerRefundId,
      },
      at: now,
    },
  );
  if (recorded.status === "succeeded") await announceRefund(tx, ctx, recorded);
}
