import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";

/**
 * Available stock = stock on hand − the quantity of holds that have not expired at `now`.
 * Expiry is a comparison, not a job: a lapsed hold stops counting the moment it lapses.
 * Never below zero (an order can take stock a hold was counting on only through core).
 */
export function availableSizeStockSql(sizeAlias: SQL, now: Date): SQL {
  return sql`GREATEST(0, ${sizeAlias}.stock - COALESCE((
    SELECT sum(h.quantity) FROM stock_holds h
    WHERE h.product_size_id = ${sizeAlias}.id AND h.expires_at > ${now.toISOString()}::timestamptz
  ), 0))::int`;
}

export function availableProductStockSql(productAlias: SQL, now: Date): SQL {
  return sql`GREATEST(0, ${productAlias}.stock - COALESCE((
    SELECT sum(h.quantity) FROM stock_holds h
    WHERE h.product_id = ${productAlias}.id AND h.product_size_id IS NULL
      AND h.expires_at > ${now.toISOString()}::timestamptz
  ), 0))::int`;
}

export interface StockItem {
  productId: string;
  /** The size's id for products with sizes; null for products without. */
  productSizeId: string | null;
}

/** Available stock of one item (a size of a product, or a product without sizes). */
export async function availableStock(db: Executor, item: StockItem, now: Date): Promise<number> {
  const rows = item.productSizeId
    ? await queryRows<{ available: number }>(
        db,
        sql`SELECT ${availableSizeStockSql(sql`s`, now)} AS available
            FROM product_sizes s WHERE s.id = ${item.productSizeId} AND s.product_id = ${item.productId}`,
      )
    : await queryRows<{ available: number }>(
        db,
        sql`SELECT ${availableProductStockSql(sql`p`, now)} AS available FROM products p WHERE p.id = ${item.productId}`,
      );
  return rows[0]?.available ?? 0;
}
