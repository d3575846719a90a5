import { sql } from "drizzle-orm";
import { queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { requireRole, type Staff } from "./roles.ts";

export interface BackOfficeSummary {
  products: number;
  archivedProducts: number;
  /** Sizes (or products without sizes) whose stock on hand is at or below the low-stock threshold. */
  lowStock: number;
  lowStockThreshold: number;
  activeCoupons: number;
  customers: number;
  staff: number;
}

/** The dashboard's figures: what the catalogue holds and what needs attention. */
export async function backOfficeSummary(ctx: CoreContext, actor: Staff): Promise<BackOfficeSummary> {
  requireRole(actor, "manager");
  const now = ctx.now().toISOString();
  const [row] = await queryRows<{
    products: number;
    archived_products: number;
    low_stock: number;
    low_stock_threshold: number;
    active_coupons: number;
    customers: number;
    staff: number;
  }>(
    ctx.db,
    sql`WITH settings AS (SELECT low_stock_threshold FROM shop_settings WHERE id = 1)
        SELECT
          (SELECT count(*)::int FROM products WHERE archived_at IS NULL) AS products,
          (SELECT count(*)::int FROM products WHERE archived_at IS NOT NULL) AS archived_products,
          -- The low-stock list's rule (core/inventory/low-stock.ts): sizes on sale, products without sizes.
          (SELECT count(*)::int FROM product_sizes s JOIN products p ON p.id = s.product_id
            WHERE p.has_sizes AND p.archived_at IS NULL AND s.removed_at IS NULL
              AND s.stock <= coalesce((SELECT low_stock_threshold FROM settings), 5))
          + (SELECT count(*)::int FROM products p
              WHERE NOT p.has_sizes AND p.archived_at IS NULL
                AND p.stock <= coalesce((SELECT low_stock_threshold FROM settings), 5)) AS low_stock,
          coalesce((SELECT low_stock_threshold FROM settings), 5) AS low_stock_threshold,
          (SELECT count(*)::int FROM coupons
            WHERE disabled_at IS NULL AND expires_at > ${now}::timestamptz
              AND (starts_at IS NULL OR starts_at <= ${now}::timestamptz)) AS active_coupons,
          (SELECT count(*)::int FROM customers WHERE role = 'customer') AS customers,
          (SELECT count(*)::int FROM customers WHERE role <> 'customer') AS staff`,
  );
  return {
    products: row?.products ?? 0,
    archivedProducts: row?.archived_products ?? 0,
    lowStock: row?.low_stock ?? 0,
    lowStockThreshold: row?.low_stock_threshold ?? 5,
    activeCoupons: row?.active_coupons ?? 0,
    customers: row?.customers ?? 0,
    staff: row?.staff ?? 0,
  };
}
