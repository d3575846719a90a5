import { type SQL, sql } from "drizzle-orm";
import type { RefundStatus } from "#contract/refunds.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { ts } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";
import type { ProviderRefundOutcome } from "../ports/payments.ts";
import { announceOrder } from "./order-announcements.ts";

// Refunds as rows (order_refunds, migration 0008) and the one way a refund's status changes,
// shared by the staff's refunds (refunds.ts) and the provider's word about them
// (core/payments/refund-events.ts). What a refund gives back is counted in orders.refunded_cents
// from the moment it is asked for (pending) and released only if it fails; the table's CHECK keeps
// that sum within what was paid (docs/back-office/refunds.md, docs/decisions/048-refunds.md).

export interface RefundRecord {
  id: string;
  order_id: string;
  amount_cents: number;
  lines: { position: number; quantity: number }[] | null;
  reason: string;
  method: "provider" | "cash";
  status: RefundStatus;
  provider: string | null;
  provider_refund_id: string | null;
  idempotency_key: string;
  failure_reason: string | null;
  actor_id: string | null;
  created_at: Date | string;
}

const REFUND_COLUMNS = sql`id, order_id, amount_cents, lines, reason, method, status, provider, provider_refund_id,
  idempotency_key, failure_reason, actor_id, created_at`;

/** The refunds matching `where`, oldest first; `lock` takes their row locks. */
export async function findRefunds(db: Executor, where: SQL, lock = false): Promise<RefundRecord[]> {
  return queryRows<RefundRecord>(
    db,
    sql`SELECT ${REFUND_COLUMNS} FROM order_refunds WHERE ${where}
        ORDER BY created_at, id ${lock ? sql`FOR UPDATE` : sql``}`,
  );
}

/**
 * Writes a new refund and counts it in the order's `refunded_cents` unless it failed already. The
 * caller holds the order's lock and checked the amount fits; the CHECK is the last word.
 */
export async function insertRefund(
  db: Executor,
  refund: Omit<RefundRecord, "created_at">,
  now: Date,
): Promise<RefundRecord> {
  const [row] = await queryRows<RefundRecord>(
    db,
    sql`INSERT INTO order_refunds (id, order_id, amount_cents, lines, reason, method, status, provider,
          provider_refund_id, idempotency_key, failure_reason, actor_id, created_at, updated_at)
        VALUES (${refund.id}, ${refund.order_id}, ${refund.amount_cents},
          ${refund.lines ? JSON.stringify(refund.lines) : null}::jsonb, ${refund.reason}, ${refund.method},
          ${refund.status}, ${refund.provider}, ${refund.provider_refund_id}, ${refund.idempotency_key},
          ${refund.failure_reason}, ${refund.actor_id}, ${ts(now)}, ${ts(now)})
        RETURNING ${REFUND_COLUMNS}`,
  );
  if (refund.status !== "failed") await countRefunded(db, refund.order_id, refund.amount_cents, now);
  return row!;
}

async function countRefunded(db: Executor, orderId: string, deltaCents: number, now: Date) {
  await db.execute(sql`UPDATE orders SET refunded_cents = refunded_cents + ${deltaCents}, updated_at = ${ts(now)}
    WHERE id = ${orderId}`);
}

/**
 * A refund's statuses only move forward: pending → succeeded → failed (a provider may fail a refund
 * it reported as succeeded; a failed or cancelled one is final). Whatever order the provider's word
 * arrives in — our own call's answer, webhooks late, twice or reordered — the refund ends in the
 * furthest status it was told of, and its amount is released once.
 */
const RANK: Record<RefundStatus, number> = { pending: 0, succeeded: 1, failed: 2 };

/**
 * Applies the provider's outcome to a refund whose row (and its order's) the caller locked: records
 * the provider's id, moves the status forward if the outcome is further on, releases the amount of
 * a refund that failed, and announces one that succeeded (its mail is keyed by the refund: once).
 * Returns the refund as it now stands.
 */
export async function settleRefund(
  db: Executor,
  ctx: CoreContext,
  refund: RefundRecord,
  outcome: ProviderRefundOutcome,
  now: Date,
): Promise<RefundRecord> {
  const moves = RANK[outcome.status] > RANK[refund.status];
  const providerRefundId = refund.provider_refund_id ?? outcome.providerRefundId;
  if (!moves && providerRefundId === refund.provider_refund_id) return refund;
  const status = moves ? outcome.status : refund.status;
  const failureReason = moves && status === "failed" ? outcome.failureReason : refund.failure_reason;
  const [row] = await queryRows<RefundRecord>(
    db,
    sql`UPDATE order_refunds SET status = ${status}, provider_refund_id = ${providerRefundId},
          failure_reason = ${failureReason}, updated_at = ${ts(now)}
        WHERE id = ${refund.id} RETURNING ${REFUND_COLUMNS}`,
  );
  if (moves && status === "failed") await countRefunded(db, refund.order_id, -refund.amount_cents, now);
  if (moves && status === "succeeded") await announceRefund(db, ctx, row!);
  return row!;
}

/** The customer's "refunded" mail and the integrators' `order.refunded` webhook, once per refund. */
export async function announceRefund(db: Executor, ctx: CoreContext, refund: RefundRecord): Promise<void> {
  await announceOrder(db, ctx, refund.order_id, "order.refunded", {
    id: refund.id,
    amountCents: refund.amount_cents,
  });
}
