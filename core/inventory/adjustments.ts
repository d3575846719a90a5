import { sql } from "drizzle-orm";
import { MAX_STOCK, type StockAdjustmentBody, type StockAdjustmentResult } from "#contract/admin-stock.ts";
import { sizeKey } from "#contract/sizes.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { refreshListingPrices } from "../catalog/listing.ts";
import type { CoreContext } from "../context.ts";
import { conflict, invalidField, notFound } from "../errors.ts";
import { requireRole, type Staff } from "../staff/roles.ts";
import { productHoldsSql, sizeHoldsSql } from "../stock/availability.ts";
import { appendStockLedger } from "../stock/ledger.ts";
import { lockStockRows, type StockRef } from "../stock/locks.ts";

// Staff changing a product's on-hand stock (docs/back-office/stock.md,
// docs/decisions/044-stock-adjustments.md). On-hand is what sales have not taken: a sale moves its
// units off the shelf when it is placed, so nothing an order took is on hand to be adjusted, and
// CHECK (stock >= 0) is the last word. Units held in shoppers' carts are on hand but promised: an
// adjustment may not take on-hand below them (decision 044), and says how many are held.

interface Target extends StockRef {
  title: string;
  /** The size's label as stored; null for a product without sizes. */
  size: string | null;
}

/** The product and, for a product with sizes, the size the input names (ignoring case; not a removed one). */
async function findTarget(db: Executor, productId: string, size: string | undefined): Promise<Target> {
  const [product] = await queryRows<{ title: string; has_sizes: boolean }>(
    db,
    sql`SELECT title, has_sizes FROM products WHERE id = ${productId}`,
  );
  if (!product) throw notFound(`No product for this ID: ${productId.slice(0, 100)}.`);
  if (!product.has_sizes) {
    if (size !== undefined) throw invalidField("size", `${product.title} has no sizes; leave size out.`);
    return { productId, sizeId: null, title: product.title, size: null };
  }
  const sizes = await queryRows<{ id: string; size: string }>(
    db,
    sql`SELECT id, size FROM product_sizes WHERE product_id = ${productId} AND removed_at IS NULL ORDER BY position, size`,
  );
  const names = sizes.map((s) => s.size).join(", ");
  if (size === undefined) throw invalidField("size", `size is required: ${product.title} comes in ${names}.`);
  const match = sizes.find((s) => sizeKey(s.size) === sizeKey(size));
  if (!match)
    throw invalidField("size", `${product.title} has no size ${size.slice(0, 20)}; its sizes are ${names}.`);
  return { productId, sizeId: match.id, title: product.title, size: match.size };
}

/** On hand and held now, counted after the row lock in a statement of its own (see core/stock/locks.ts: lockStock). */
async function countStock(
  db: Executor,
  target: Target,
  now: Date,
): Promise<{ onHand: number; held: number }> {
  const [row] = target.sizeId
    ? await queryRows<{ on_hand: number; held: number }>(
        db,
        sql`SELECT s.stock AS on_hand, ${sizeHoldsSql(sql`s.id`, now)}::int AS held
            FROM product_sizes s WHERE s.id = ${target.sizeId}`,
      )
    : await queryRows<{ on_hand: number; held: number }>(
        db,
        sql`SELECT p.stock AS on_hand, ${productHoldsSql(sql`p.id`, now)}::int AS held
            FROM products p WHERE p.id = ${target.productId}`,
      );
  return { onHand: row!.on_hand, held: row!.held };
}

const labelOf = (t: Target) => (t.size === null ? t.title : `Size ${t.size} of ${t.title}`);

/** The on-hand stock the adjustment leaves, or the refusal naming the field to fix. */
function stockAfter(target: Target, input: StockAdjustmentBody, onHand: number, held: number): number {
  const label = labelOf(target);
  if (input.reason === "restock") {
    const after = onHand + input.quantity!;
    if (after > MAX_STOCK) throw invalidField("quantity", `${label} would hold more than ${MAX_STOCK}.`);
    return after;
  }
  const after = input.reason === "count" ? input.setTo! : onHand - input.quantity!;
  // A count may confirm or raise a figure below the holds; only a decrease must respect them.
  if (after >= held || after >= onHand) return after;
  const wait = "until those shoppers check out or their holds lapse";
  if (input.reason === "count")
    throw conflict(
      `${label} has ${held} held in shoppers' carts: a count cannot set it below ${held} ${wait}.`,
      "setTo",
    );
  const most = Math.max(0, onHand - held);
  throw conflict(
    held > 0
      ? `${label} has ${onHand} on hand, ${held} of them held in shoppers' carts: damage can remove at most ${most} ${wait}.`
      : `${label} has only ${onHand} on hand: damage can remove at most ${onHand}.`,
    "quantity",
  );
}

/**
 * Restocks, counts or writes off one size of a product (or a product without sizes), in one
 * transaction: the stock row is locked in the global order (sizes, then products: the same locks
 * checkout and holds take, core/stock/locks.ts), the holds are counted under the lock, the stock
 * changes, the ledger and the audit log get their lines, and the listing copy of the product's
 * price follows when the size ran out or came back.
 */
export async function adjustStock(
  ctx: CoreContext,
  actor: Staff,
  productId: string,
  input: StockAdjustmentBody,
): Promise<StockAdjustmentResult> {
  requireRole(actor, "manager");
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const target = await findTarget(tx, productId, input.size);
    await lockStockRows(tx, [target]);
    const { onHand, held } = await countStock(tx, target, now);
    const after = stockAfter(target, input, onHand, held);
    if (target.sizeId) {
      await tx.execute(sql`UPDATE product_sizes SET stock = ${after} WHERE id = ${target.sizeId}`);
      // The listing shows the cheapest size with stock: a size that ran out or came back may change it.
      if (onHand > 0 !== after > 0) await refreshListingPrices(tx, [productId]);
    } else {
      await tx.execute(sql`UPDATE products SET stock = ${after}, updated_at = ${now.toISOString()}::timestamptz
        WHERE id = ${productId}`);
    }
    const note = input.note ?? null;
    const line = { ...target, delta: after - onHand, stockAfter: after, reason: input.reason, note };
    const id = await appendStockLedger(tx, { ...line, actorId: actor.id, at: now });
    await recordAudit(tx, actor, {
      action: "stock.adjust",
      entity: "product",
      entityId: productId,
      before: { size: target.size, stock: onHand },
      after: { size: target.size, stock: after, reason: input.reason, delta: line.delta, note },
      at: now,
    });
    return {
      size: target.size,
      onHand: after,
      held,
      available: Math.max(0, after - held),
      entry: {
        id,
        at: now.toISOString(),
        size: target.size,
        reason: input.reason,
        delta: line.delta,
        stockAfter: after,
        note,
        actor: actor.email,
      },
    };
  });
}
