import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { invalidField, notFound } from "../errors.ts";
import type { StockRef } from "../stock/locks.ts";

// The item a cart request names: a product, and one of its sizes when it has sizes.

/** One item of the catalogue: a product, and its size when it has sizes. */
export interface StockItemRef extends StockRef {
  title: string;
  size: string | null;
}

export const itemLabel = (item: Pick<StockItemRef, "title" | "size">) =>
  item.size ? `${item.title} (size ${item.size.toUpperCase()})` : item.title;

/** A size column matching the size a request spells, ignoring case (contract/sizes.ts says so for code). */
export const sameSizeSql = (column: SQL, size: string | undefined) =>
  sql`upper(${column}) = upper(${size ?? ""})`;

export interface ItemRow {
  title: string;
  has_sizes: boolean;
  size_id: string | null;
  size: string | null;
  /** Staff archived the product, or removed the size (docs/back-office/products.md): no longer sold. */
  archived: boolean;
  size_removed: boolean | null;
}

/** The columns of ItemRow that say whether the item of `p` and `s` is still sold. */
export const withdrawnColumns = sql`p.archived_at IS NOT NULL AS archived, s.removed_at IS NOT NULL AS size_removed`;

/**
 * The item a request names. A product with sizes needs one of its sizes (matched ignoring case);
 * a product without sizes takes none. An archived product or a removed size is no longer sold:
 * refused as unknown, except with `withdrawn: "allow"` (taking such a line out of the cart).
 */
export async function resolveItem(
  db: Executor,
  productId: string,
  size: string | undefined,
  options: { withdrawn?: "allow" } = {},
): Promise<StockItemRef> {
  const [row] = await queryRows<ItemRow>(
    db,
    sql`SELECT p.title, p.has_sizes, s.id AS size_id, s.size, ${withdrawnColumns}
        FROM products p LEFT JOIN product_sizes s ON s.product_id = p.id AND ${sameSizeSql(sql`s.size`, size)}
        WHERE p.id = ${productId}`,
  );
  return toItem(row, productId, size, options);
}

export function toItem(
  row: ItemRow | undefined,
  productId: string,
  size: string | undefined,
  options: { withdrawn?: "allow" } = {},
): StockItemRef {
  const offeredOnly = options.withdrawn !== "allow";
  if (!row || (offeredOnly && row.archived)) throw notFound(`No product for this ID: ${productId}.`);
  if (offeredOnly && row.size_removed) row = { ...row, size_id: null };
  if (row.has_sizes) {
    if (!size) throw invalidField("size", `Please choose a size of ${row.title}.`);
    if (!row.size_id) throw noSuchSize(row.title, size);
    return { productId, sizeId: row.size_id, title: row.title, size: row.size };
  }
  if (size) throw invalidField("size", `${row.title} comes in one size only; leave size out.`);
  return { productId, sizeId: null, title: row.title, size: null };
}

export const noSuchSize = (title: string, size: string) =>
  invalidField("size", `${title} does not come in size ${size.toUpperCase()}.`);

/** What the cart and checkout say of an item of which only `free` is left: none, or how many. */
export const shortageText = (item: Pick<StockItemRef, "title" | "size">, free: number) =>
  free > 0 ? `Only ${free} ${itemLabel(item)} left in stock.` : `Sorry, ${itemLabel(item)} is out of stock.`;

export const notInCart = (item: StockItemRef) => notFound(`${itemLabel(item)} is not in your shopping cart.`);
