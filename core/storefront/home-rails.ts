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
 * per colour group (its first colour in stock), and groups sold out in every colour only after the
 * others. The public listing (`listProducts`) keeps showing every colour in its own order.
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
  const ids = rows.map((r) => r.id);
  const items = await listItemsForRows(ctx, rows, favoriteIds(ctx, options.viewerId, ids));
  const groups = new Map(rows.map((row) => [row.id, row.group_id ?? row.id]));
  return railOrder(items, (item) => groups.get(item._id)!, query.limit).map((item) =>
    pickFields(item, query.fields),
  );
}

/**
 * One card per group, `limit` at most: the groups' first in-stock products in the listing's order,
 * then, if the rail is not full, the first products of the groups that are sold out in every colour.
 */
export function railOrder<T extends { quantity: number }>(
  items: readonly T[],
  groupOf: (item: T) => string,
  limit: number,
): T[] {
  const shown = new Set<string>();
  const chosen: T[] = [];
  const take = (inStock: boolean) => {
    for (const item of items) {
      const group = groupOf(item);
      if (chosen.length >= limit || shown.has(group) || item.quantity > 0 !== inStock) continue;
      shown.add(group);
      chosen.push(item);
    }
  };
  take(true);
  take(false);
  return chosen;
}
