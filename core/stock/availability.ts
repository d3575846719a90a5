import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { ts } from "#db/sql.ts";

/**
 * Units of a size (an SQL expression for its id) that holds active at `now` take, leaving out one
 * customer's own when `exceptCustomerId` is given (what that customer may still hold or buy).
 * Expiry is a comparison, not a job: a lapsed hold stops counting the moment it lapses.
 */
export function sizeHoldsSql(sizeId: SQL, now: Date, exceptCustomerId?: string): SQL {
  return sql`COALESCE((SELECT sum(h.quantity) FROM stock_holds h
    WHERE h.product_size_id = ${sizeId} AND h.expires_at > ${ts(now)}
      ${exceptCustomerId === undefined ? sql`` : sql`AND h.customer_id <> ${exceptCustomerId}`}), 0)`;
}

/** The same for a product without sizes (an SQL expression for its id). */
export function productHoldsSql(productId: SQL, now: Date, exceptCustomerId?: string): SQL {
  return sql`COALESCE((SELECT sum(h.quantity) FROM stock_holds h
    WHERE h.product_id = ${productId} AND h.product_size_id IS NULL AND h.expires_at > ${ts(now)}
      ${exceptCustomerId === undefined ? sql`` : sql`AND h.customer_id <> ${exceptCustomerId}`}), 0)`;
}

/**
 * Available stock = stock on hand − the quantity of holds that have not expired at `now`.
 * Never below zero (an order can take stock a hold was counting on only through core).
 */
export function availableSizeStockSql(sizeAlias: SQL, now: Date): SQL {
  return sql`GREATEST(0, ${sizeAlias}.stock - ${sizeHoldsSql(sql`${sizeAlias}.id`, now)})::int`;
}

export function availableProductStockSql(productAlias: SQL, now: Date): SQL {
  return sql`GREATEST(0, ${productAlias}.stock - ${productHoldsSql(sql`${productAlias}.id`, now)})::int`;
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
