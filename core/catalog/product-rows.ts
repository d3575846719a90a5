import { type SQL, sql } from "drizzle-orm";
import type { ProductDetail, ProductListItem } from "#contract/catalog.ts";
import { queryRows } from "#db/client.ts";
import { anyOf } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";
import { centsToAmount } from "../money.ts";
import { iso } from "../shared/timestamps.ts";
import { availableProductStockSql, availableSizeStockSql } from "../stock/availability.ts";

// Product rows as the API shows them: the columns read, the sizes' stock, and the mapping of rows
// to list items and to a product's detail.

export interface ProductRow {
  id: string;
  title: string;
  slug: string;
  color: string;
  image_cover: string;
  price_cents: number;
  price_before_discount_cents: number;
  discount_percent: number;
  has_sizes: boolean;
  available: number;
  sold: number;
  ratings_average: number;
  ratings_quantity: number;
  category_id: string;
  brand_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface SizeRow {
  id: string;
  product_id: string;
  size: string;
  position: number;
  stock: number;
  available: number;
  price_cents: number;
  price_before_discount_cents: number;
  discount_percent: number;
}

/** A product's row as its detail page reads it: the list columns and the names it links to. */
export interface ProductDetailRow extends ProductRow {
  description: string;
  images: string[];
  color_name: string;
  category_name: string;
  brand_name: string | null;
  group_id: string | null;
  group_name: string | null;
}

/** The sizes' columns of `SizeRow`, from product_sizes aliased `s`, with their stock available at `now`. */
export const sizeColumns = (now: Date) =>
  sql`s.id, s.product_id, s.size, s.position, s.stock, s.price_cents, s.price_before_discount_cents,
    s.discount_percent, ${availableSizeStockSql(sql`s`, now)} AS available`;

/** The product row columns of `ProductRow`, from the products table aliased `t`. */
export function productColumns(t: SQL): SQL {
  return sql`${t}.id, ${t}.title, ${t}.slug, ${t}.color, ${t}.image_cover, ${t}.price_cents,
    ${t}.price_before_discount_cents, ${t}.discount_percent, ${t}.has_sizes, ${t}.stock, ${t}.sold,
    ${t}.ratings_average::float8 AS ratings_average, ${t}.ratings_quantity, ${t}.category_id, ${t}.brand_id,
    ${t}.created_at, ${t}.updated_at`;
}

/** The size whose price a listing shows: the cheapest with available stock, else the cheapest. */
export function displaySize<S extends { available: number; price_cents: number; position: number }>(
  sizes: readonly S[],
): S | undefined {
  const byPrice = [...sizes].sort((a, b) => a.price_cents - b.price_cents || a.position - b.position);
  return byPrice.find((s) => s.available > 0) ?? byPrice[0];
}

export function toListItem(row: ProductRow, sizes: SizeRow[], isFavorite: boolean): ProductListItem {
  const shown = row.has_sizes ? displaySize(sizes) : undefined;
  const quantity = row.has_sizes ? sizes.reduce((sum, s) => sum + s.available, 0) : row.available;
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    price: centsToAmount(shown?.price_cents ?? row.price_cents),
    priceBeforeDiscount: centsToAmount(shown?.price_before_discount_cents ?? row.price_before_discount_cents),
    discountPercent: shown?.discount_percent ?? row.discount_percent,
    imageCover: row.image_cover,
    size: shown?.size ?? null,
    quantity,
    sold: row.sold,
    ratingsAverage: Number(row.ratings_average),
    ratingsQuantity: row.ratings_quantity,
    color: row.color,
    category: row.category_id,
    brand: row.brand_id,
    isFavorite,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Which of these products the viewer has saved. */
export async function favoriteIds(ctx: CoreContext, viewerId: string | undefined, productIds: string[]) {
  if (!viewerId || productIds.length === 0) return new Set<string>();
  const rows = await queryRows<{ product_id: string }>(
    ctx.db,
    sql`SELECT product_id FROM favorites WHERE customer_id = ${viewerId} AND product_id = ${anyOf(productIds)}`,
  );
  return new Set(rows.map((r) => r.product_id));
}

/**
 * List items for product rows already chosen (a page of a listing, a page of favorites): their
 * available stock (on hand − active holds), computed only for these rows, and `isFavorite`: whether
 * `favorites` (the ids the viewer saved among them, or the query reading them, run alongside the
 * stock's) has the row.
 */
export async function listItemsForRows(
  ctx: CoreContext,
  rows: ProductRow[],
  favorites: Set<string> | Promise<Set<string>>,
): Promise<ProductListItem[]> {
  const now = ctx.now();
  const sized = rows.filter((r) => r.has_sizes).map((r) => r.id);
  const unsized = rows.filter((r) => !r.has_sizes).map((r) => r.id);
  const [sizes, unsizedStock, saved] = await Promise.all([
    sized.length === 0
      ? Promise.resolve([] as SizeRow[])
      : queryRows<SizeRow>(
          ctx.db,
          sql`SELECT ${sizeColumns(now)} FROM product_sizes s
              WHERE s.product_id = ${anyOf(sized)} AND s.removed_at IS NULL`,
        ),
    unsized.length === 0
      ? Promise.resolve([] as { id: string; available: number }[])
      : queryRows<{ id: string; available: number }>(
          ctx.db,
          sql`SELECT p.id, ${availableProductStockSql(sql`p`, now)} AS available
              FROM products p WHERE p.id = ${anyOf(unsized)}`,
        ),
    favorites,
  ]);
  const available = new Map(unsizedStock.map((r) => [r.id, r.available]));
  for (const row of rows) if (!row.has_sizes) row.available = available.get(row.id) ?? 0;
  return rows.map((row) =>
    toListItem(
      row,
      sizes.filter((s) => s.product_id === row.id),
      saved.has(row.id),
    ),
  );
}

/** A product's detail from its row, its sizes and the names and variants it links to. */
export function toProductDetail(
  row: ProductDetailRow,
  links: {
    sizes: SizeRow[];
    subCategories: { id: string; name: string }[];
    underSubCategories: { id: string; name: string }[];
    variants: { id: string; image_cover: string; color: string; color_name: string }[];
    isFavorite: boolean;
  },
): ProductDetail {
  const { sizes, subCategories, underSubCategories, variants } = links;
  const item = toListItem(row, sizes, links.isFavorite);
  const { category: _category, brand: _brand, ...rest } = item;
  return {
    ...rest,
    description: row.description,
    images: row.images,
    colorName: row.color_name,
    category: { _id: row.category_id, name: row.category_name },
    subCategories: subCategories.map((s) => ({ _id: s.id, name: s.name })),
    underSubCategories: underSubCategories.map((u) => ({ _id: u.id, name: u.name })),
    brand: row.brand_id && row.brand_name ? { _id: row.brand_id, name: row.brand_name } : null,
    sizes: sizes.map((s) => ({
      _id: s.id,
      size: s.size,
      quantity: s.available,
      price: centsToAmount(s.price_cents),
      priceBeforeDiscount: centsToAmount(s.price_before_discount_cents),
      discountPercent: s.discount_percent,
    })),
    group:
      row.group_id && row.group_name
        ? {
            _id: row.group_id,
            name: row.group_name,
            productsIDs: variants.map((v) => ({
              _id: v.id,
              imageCover: v.image_cover,
              color: v.color,
              colorName: v.color_name,
            })),
          }
        : null,
  };
}
