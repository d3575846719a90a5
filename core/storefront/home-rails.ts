import { sql } from "drizzle-orm";
import type { ProductListField, ProductListItem, ProductListQuery } from "#contract/catalog.ts";
import { queryRows } from "#db/client.ts";
import { buildFilters, orderBy } from "../catalog/product-query.ts";
import { favoriteIds, listItemsForRows, type ProductRow, productColumns } from "../catalog/product-rows.ts";
import type { CoreContext } from "../context.ts";
import { pickFields } from "../shared/pages.ts";

/**
 * How many products of the plain listing a rail looks at per card it shows: enough that a rail of
 * colour variants (one sandal in five colours) still fills with other products, while the read
 * stays one index-ordered scan of a bounded number of rows (docs/decisions/034-home-pictures-and-rails.md).
 */
const CANDIDATES_PER_CARD = 4;

/** A home rail: the listing's filters and sort, how many cards, and which fields each card needs. */
export type HomeRailQuery = Pick<
  ProductListQuery,
  "sort" | "price[lte]" | "discountPercent[lte]" | "category" | "brand"
> & { limit: number; fields: readonly ProductListField[] };

/**
 * The cards of one home section (docs/storefront/home.md#rails): the listing's order, but one product
 * per colour group (its first in that order), and the groups whose product is in stock before the
 * sold-out ones. The public listing (`listProducts`) keeps showing every colour in its own order.
 */
export async function listHomeRail(
  ctx: CoreContext,
  query: HomeRailQuery,
  options: { viewerId?: string } = {},
): Promise<Partial<ProductListItem>[]> {
  const where = buildFilters({ ...query, page: 1, limit: query.limit } as ProductListQuery, "products");
  const whereSql = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const rows = await queryRows<ProductRow & { group_id: string | null }>(
    ctx.db,
    sql`SELECT ${productColumns(sql`p`)}, p.group_id FROM products p ${whereSql}
        ORDER BY ${orderBy(query.sort, undefined)} LIMIT ${query.limit * CANDIDATES_PER_CARD}`,
  );
  const firstOfGroup = new Set<string>();
  const chosen = rows.filter((row) => {
    const group = row.group_id ?? row.id;
    if (firstOfGroup.has(group)) return false;
    firstOfGroup.add(group);
    return true;
  });
  const items = await listItemsForRows(
    ctx,
    chosen,
    favoriteIds(
      ctx,
      options.viewerId,
      chosen.map((r) => r.id),
    ),
  );
  return railOrder(items, query.limit).map((item) => pickFields(item, [...query.fields]));
}

/** In stock first, each half in the listing's order, cut to `limit` cards. */
export function railOrder<T extends { quantity: number }>(items: readonly T[], limit: number): T[] {
  const inStock = items.filter((item) => item.quantity > 0);
  const soldOut = items.filter((item) => item.quantity <= 0);
  return [...inStock, ...soldOut].slice(0, limit);
}
