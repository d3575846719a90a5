import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { refreshSearchPostings } from "./search-postings.ts";

/**
 * Products with sizes carry a listing copy of one size's price (the cheapest offered size with stock
 * on hand, else the cheapest offered; a size staff removed is not offered) so that price filters and sorts run on an indexed column of `products`.
 * Call this in the same transaction as any write to sizes' prices or stock. The search postings carry
 * the listing price too and are refreshed here; returns the products whose listing price changed.
 */
export async function refreshListingPrices(db: Executor, productIds: readonly string[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  const changed = await queryRows<{ id: string }>(
    db,
    sql`
    UPDATE products p SET
      price_cents = s.price_cents,
      price_before_discount_cents = s.price_before_discount_cents,
      discount_percent = s.discount_percent,
      has_sizes = true,
      updated_at = now()
    FROM (
      SELECT DISTINCT ON (product_id) product_id, price_cents, price_before_discount_cents, discount_percent
      FROM product_sizes
      WHERE product_id = ANY(${sql.param([...productIds])}::text[]) AND removed_at IS NULL
      ORDER BY product_id, (stock > 0) DESC, price_cents ASC, position ASC
    ) s
    WHERE p.id = s.product_id
      AND (p.price_cents, p.price_before_discount_cents, p.discount_percent, p.has_sizes)
        IS DISTINCT FROM (s.price_cents, s.price_before_discount_cents, s.discount_percent, true)
    RETURNING p.id`,
  );
  const ids = changed.map((r) => r.id);
  await refreshSearchPostings(db, ids);
  return ids;
}
