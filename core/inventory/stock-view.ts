import { sql } from "drizzle-orm";
import type { LedgerPage, ProductStock } from "#contract/admin-stock.ts";
import { type Executor, queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { countedPage, type PageQuery, pageOffset, pagination } from "../shared/pages.ts";
import { requireRole, type Staff } from "../staff/roles.ts";
import { productHoldsSql, sizeHoldsSql } from "../stock/availability.ts";
import type { LedgerReason } from "../stock/ledger.ts";
import { lowStockThreshold } from "./low-stock.ts";

// What the back office's stock page of a product shows (docs/back-office/stock.md): each size's
// on-hand, held and available stock, and the product's stock ledger, newest first.

async function productRow(db: Executor, productId: string) {
  const [row] = await queryRows<{ title: string; has_sizes: boolean; archived: boolean }>(
    db,
    sql`SELECT title, has_sizes, archived_at IS NOT NULL AS archived FROM products WHERE id = ${productId}`,
  );
  if (!row) throw notFound(`No product for this ID: ${productId.slice(0, 100)}.`);
  return row;
}

async function ledgerPage(db: Executor, productId: string, page: PageQuery): Promise<LedgerPage> {
  const { total, rows } = await countedPage<{
    id: number;
    at: string | Date;
    size: string | null;
    reason: LedgerReason;
    delta: number;
    stock_after: number;
    note: string | null;
    actor: string | null;
  }>(
    db,
    sql`SELECT count(*)::int AS total FROM stock_ledger WHERE product_id = ${productId}`,
    sql`SELECT l.id, l.created_at AS at, l.size, l.reason, l.delta, l.stock_after, l.note, c.email AS actor
        FROM stock_ledger l LEFT JOIN customers c ON c.id = l.actor_id
        WHERE l.product_id = ${productId}
        ORDER BY l.created_at DESC, l.id DESC
        LIMIT ${page.limit} OFFSET ${pageOffset(page)}`,
  );
  return {
    results: rows.length,
    total,
    paginationResults: pagination(page, total),
    data: rows.map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      size: r.size,
      reason: r.reason,
      delta: r.delta,
      stockAfter: r.stock_after,
      note: r.note,
      actor: r.actor,
    })),
  };
}

/** A page of a product's stock ledger, newest first. */
export async function stockLedgerOf(
  ctx: CoreContext,
  actor: Staff,
  productId: string,
  page: PageQuery,
): Promise<LedgerPage> {
  requireRole(actor, "manager");
  await productRow(ctx.db, productId);
  return ledgerPage(ctx.db, productId, page);
}

/** A product's stock by size (its sizes in their order; removed ones left out) and a page of its ledger. */
export async function productStockOf(
  ctx: CoreContext,
  actor: Staff,
  productId: string,
  page: PageQuery,
): Promise<ProductStock> {
  requireRole(actor, "manager");
  const now = ctx.now();
  const product = await productRow(ctx.db, productId);
  const figures = product.has_sizes
    ? await queryRows<{ size: string | null; on_hand: number; held: number }>(
        ctx.db,
        sql`SELECT s.size, s.stock AS on_hand, ${sizeHoldsSql(sql`s.id`, now)}::int AS held
            FROM product_sizes s WHERE s.product_id = ${productId} AND s.removed_at IS NULL
            ORDER BY s.position, s.size`,
      )
    : await queryRows<{ size: string | null; on_hand: number; held: number }>(
        ctx.db,
        sql`SELECT NULL AS size, p.stock AS on_hand, ${productHoldsSql(sql`p.id`, now)}::int AS held
            FROM products p WHERE p.id = ${productId}`,
      );
  return {
    productId,
    title: product.title,
    archived: product.archived,
    lowStockThreshold: await lowStockThreshold(ctx.db),
    sizes: figures.map((f) => ({
      size: f.size,
      onHand: f.on_hand,
      held: f.held,
      available: Math.max(0, f.on_hand - f.held),
    })),
    ledger: await ledgerPage(ctx.db, productId, page),
  };
}
