import { sql } from "drizzle-orm";
import type { LowStockList, LowStockQuery, LowStockSort } from "#contract/admin-stock.ts";
import { type Executor, queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { countedPage, pageOffset, pagination } from "../shared/pages.ts";
import { requireRole, type Staff } from "../staff/roles.ts";
import { productHoldsSql, sizeHoldsSql } from "../stock/availability.ts";

/** The shop's low-stock threshold (shop_settings; 5 until the settings row says otherwise). */
export async function lowStockThreshold(db: Executor): Promise<number> {
  const [row] = await queryRows<{ threshold: number }>(
    db,
    sql`SELECT coalesce((SELECT low_stock_threshold FROM shop_settings WHERE id = 1), 5) AS threshold`,
  );
  return row?.threshold ?? 5;
}

const ORDER: Record<LowStockSort, ReturnType<typeof sql>> = {
  onHand: sql`on_hand ASC`,
  "-onHand": sql`on_hand DESC`,
  available: sql`available ASC`,
  "-available": sql`available DESC`,
  title: sql`title ASC`,
  "-title": sql`title DESC`,
};

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Sizes of products on sale (not archived, the size not removed), and products without sizes, whose
 * on-hand stock is at or below the low-stock threshold, with what carts hold and what is left to
 * sell; `q` filters by title. Ties fall back to the product and the size's position, so pages are
 * stable.
 */
export async function listLowStock(
  ctx: CoreContext,
  actor: Staff,
  query: LowStockQuery,
): Promise<LowStockList> {
  requireRole(actor, "manager");
  const now = ctx.now();
  const threshold = await lowStockThreshold(ctx.db);
  const titleFilter = query.q ? sql`AND p.title ILIKE ${likePattern(query.q)}` : sql``;
  const items = sql`
    SELECT p.id AS product_id, p.title, s.size, s.position, s.stock AS on_hand,
           ${sizeHoldsSql(sql`s.id`, now)}::int AS held
    FROM product_sizes s JOIN products p ON p.id = s.product_id
    WHERE p.has_sizes AND p.archived_at IS NULL AND s.removed_at IS NULL AND s.stock <= ${threshold} ${titleFilter}
    UNION ALL
    SELECT p.id, p.title, NULL, 0, p.stock, ${productHoldsSql(sql`p.id`, now)}::int
    FROM products p
    WHERE NOT p.has_sizes AND p.archived_at IS NULL AND p.stock <= ${threshold} ${titleFilter}`;
  const { total, rows } = await countedPage<{
    product_id: string;
    title: string;
    size: string | null;
    on_hand: number;
    held: number;
    available: number;
  }>(
    ctx.db,
    sql`SELECT count(*)::int AS total FROM (${items}) i`,
    sql`SELECT *, GREATEST(0, on_hand - held)::int AS available FROM (${items}) i
        ORDER BY ${ORDER[query.sort]}, product_id, position, size
        LIMIT ${query.limit} OFFSET ${pageOffset(query)}`,
  );
  return {
    results: rows.length,
    total,
    threshold,
    paginationResults: pagination(query, total),
    data: rows.map((r) => ({
      productId: r.product_id,
      title: r.title,
      size: r.size,
      onHand: r.on_hand,
      held: r.held,
      available: r.available,
    })),
  };
}
