import { type SQL, sql } from "drizzle-orm";
import {
  ADMIN_PRODUCTS_PER_PAGE,
  type AdminProductListQuery,
  type ProductStatus,
} from "#contract/admin-products.ts";
import { queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { countedPage } from "../shared/pages.ts";
import { iso } from "../shared/timestamps.ts";
import { requireRole, type Staff } from "../staff/roles.ts";

// The back office's product table (docs/back-office/products.md#list): archived products too, with
// the stock on hand of their offered sizes.

export interface StaffProductRow {
  id: string;
  title: string;
  slug: string;
  imageCover: string;
  category: string;
  brand: string | null;
  /** The listing price (cents): the product's, or its listing copy of a size's. */
  priceCents: number;
  /** Stock on hand: the product's, or the sum over its offered sizes. */
  stock: number;
  status: ProductStatus;
  updatedAt: string;
}

export interface StaffProductPage {
  rows: StaffProductRow[];
  total: number;
  page: number;
  numberOfPages: number;
}

/** Stock on hand of `p`: its own, or the sum over its sizes still offered. */
const stockSql = sql`(CASE WHEN p.has_sizes THEN COALESCE((SELECT sum(s.stock) FROM product_sizes s
  WHERE s.product_id = p.id AND s.removed_at IS NULL), 0) ELSE p.stock END)::int`;

const SORTS: Record<string, SQL> = {
  title: sql`p.title`,
  price: sql`p.price_cents`,
  stock: stockSql,
  updatedAt: sql`p.updated_at`,
};

/** A page of products for staff: a title search (words in any case), a category (slug), a status. */
export async function listProductsForStaff(
  ctx: CoreContext,
  actor: Staff,
  query: AdminProductListQuery,
): Promise<StaffProductPage> {
  requireRole(actor, "manager");
  const where: SQL[] = [];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`p.title ILIKE ${pattern}`);
  }
  if (query.category) where.push(sql`c.slug = ${query.category}`);
  if (query.status === "active") where.push(sql`p.archived_at IS NULL`);
  if (query.status === "archived") where.push(sql`p.archived_at IS NOT NULL`);
  const whereSql = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const descending = query.sort.startsWith("-");
  const key = SORTS[query.sort.replace(/^-/, "")] ?? SORTS.updatedAt!;
  const order = sql`${key} ${descending ? sql`DESC NULLS LAST` : sql`ASC`}, p.id`;
  const from = sql`FROM products p JOIN categories c ON c.id = p.category_id LEFT JOIN brands b ON b.id = p.brand_id`;
  const { total, rows } = await countedPage<{
    id: string;
    title: string;
    slug: string;
    image_cover: string;
    category: string;
    brand: string | null;
    price_cents: number;
    stock: number;
    archived_at: Date | string | null;
    updated_at: Date | string;
  }>(
    ctx.db,
    sql`SELECT count(*)::int AS total ${from} ${whereSql}`,
    sql`SELECT p.id, p.title, p.slug, p.image_cover, c.name AS category, b.name AS brand, p.price_cents,
          ${stockSql} AS stock, p.archived_at, p.updated_at
        ${from} ${whereSql} ORDER BY ${order}
        LIMIT ${ADMIN_PRODUCTS_PER_PAGE} OFFSET ${(query.page - 1) * ADMIN_PRODUCTS_PER_PAGE}`,
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      imageCover: r.image_cover,
      category: r.category,
      brand: r.brand,
      priceCents: r.price_cents,
      stock: r.stock,
      status: r.archived_at === null ? "active" : "archived",
      updatedAt: iso(r.updated_at),
    })),
    total,
    page: query.page,
    numberOfPages: Math.ceil(total / ADMIN_PRODUCTS_PER_PAGE),
  };
}

/** What the product form offers: categories with their subcategories and under-subcategories, brands. */
export interface ProductFormChoices {
  categories: {
    slug: string;
    name: string;
    subcategories: { slug: string; name: string; underSubcategories: { slug: string; name: string }[] }[];
  }[];
  brands: { slug: string; name: string }[];
}

export async function productFormChoices(ctx: CoreContext, actor: Staff): Promise<ProductFormChoices> {
  requireRole(actor, "manager");
  const [categories, subs, unders, brands] = await Promise.all([
    queryRows<{ id: string; slug: string; name: string }>(
      ctx.db,
      sql`SELECT id, slug, name FROM categories ORDER BY name, id`,
    ),
    queryRows<{ id: string; category_id: string; slug: string; name: string }>(
      ctx.db,
      sql`SELECT id, category_id, slug, name FROM subcategories ORDER BY name, id`,
    ),
    queryRows<{ subcategory_id: string; slug: string; name: string }>(
      ctx.db,
      sql`SELECT subcategory_id, slug, name FROM under_subcategories ORDER BY name, id`,
    ),
    queryRows<{ slug: string; name: string }>(ctx.db, sql`SELECT slug, name FROM brands ORDER BY name, id`),
  ]);
  return {
    categories: categories.map((c) => ({
      slug: c.slug,
      name: c.name,
      subcategories: subs
        .filter((s) => s.category_id === c.id)
        .map((s) => ({
          slug: s.slug,
          name: s.name,
          underSubcategories: unders
            .filter((u) => u.subcategory_id === s.id)
            .map((u) => ({ slug: u.slug, name: u.name })),
        })),
    })),
    brands,
  };
}
