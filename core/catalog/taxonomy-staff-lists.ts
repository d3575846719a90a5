import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { countedPage, pageOffset } from "../shared/pages.ts";
import { requireRole, type Staff } from "../staff/roles.ts";
import { KINDS, recordColumns, type TaxonomyRecord, taxonomyRows } from "./taxonomy-kinds.ts";

// What the back office's category and brand pages list (docs/back-office/taxonomy.md): a page of
// categories or brands with how many products use each, and one category's tree.

export const STAFF_TAXONOMY_SORTS = ["name", "-name", "createdAt", "-createdAt", "updatedAt", "-updatedAt"];

export interface StaffTaxonomyQuery {
  page: number;
  limit: number;
  /** One of STAFF_TAXONOMY_SORTS; anything else is by name. */
  sort: string;
  /** Part of the name or slug, any case. */
  q?: string;
}

export interface StaffTaxonomyRow extends TaxonomyRecord {
  products: number;
  /** Subcategories of a category; 0 for a brand. */
  children: number;
}

const ORDER: Record<string, SQL> = {
  name: sql`t.name ASC, t.id ASC`,
  "-name": sql`t.name DESC, t.id DESC`,
  createdAt: sql`t.created_at ASC, t.id ASC`,
  "-createdAt": sql`t.created_at DESC, t.id DESC`,
  updatedAt: sql`t.updated_at ASC, t.id ASC`,
  "-updatedAt": sql`t.updated_at DESC, t.id DESC`,
};

/** A page of categories or brands with their product counts (counted for the page's rows only). */
export async function listTaxonomyForStaff(
  ctx: Pick<CoreContext, "db">,
  actor: Staff,
  kind: "category" | "brand",
  query: StaffTaxonomyQuery,
): Promise<{ total: number; rows: StaffTaxonomyRow[] }> {
  requireRole(actor, "manager");
  const table = sql.identifier(KINDS[kind].table);
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, "\\$&")}%` : undefined;
  const where = pattern ? sql`WHERE t.name ILIKE ${pattern} OR t.slug ILIKE ${pattern}` : sql``;
  const column = kind === "category" ? sql`category_id` : sql`brand_id`;
  const children =
    kind === "category"
      ? sql`(SELECT count(*)::int FROM subcategories s WHERE s.category_id = t.id)`
      : sql`0`;
  const { total, rows } = await countedPage<TaxonomyRecord & { _products: number; _children: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS total FROM ${table} t ${where}`,
    sql`SELECT t.id AS "_id", t.name, t.slug, t.image, t.created_at AS "createdAt", t.updated_at AS "updatedAt",
          (SELECT count(*)::int FROM products p WHERE p.${column} = t.id) AS "_products",
          ${children} AS "_children"
        FROM ${table} t ${where}
        ORDER BY ${ORDER[query.sort] ?? ORDER.name!}
        LIMIT ${query.limit} OFFSET ${pageOffset(query)}`,
  );
  return {
    total,
    rows: rows.map(({ _products, _children, ...r }) => ({
      ...r,
      createdAt: new Date(r.createdAt).toISOString(),
      updatedAt: new Date(r.updatedAt).toISOString(),
      products: _products,
      children: _children,
    })),
  };
}

export interface SubcategoryBranch extends TaxonomyRecord {
  products: number;
  underSubcategories: (TaxonomyRecord & { products: number })[];
}

/** A category's subcategories (by name) and theirs under-subcategories, each with its product count. */
export async function categoryTree(
  ctx: Pick<CoreContext, "db">,
  actor: Staff,
  categoryId: string,
): Promise<SubcategoryBranch[]> {
  requireRole(actor, "manager");
  const subs = await taxonomyRows(
    ctx.db,
    "subcategory",
    sql`SELECT ${recordColumns("subcategory")} FROM subcategories WHERE category_id = ${categoryId} ORDER BY name, id`,
  );
  const ids = subs.map((s) => s._id);
  const unders = ids.length
    ? await taxonomyRows(
        ctx.db,
        "under-subcategory",
        sql`SELECT ${recordColumns("under-subcategory")} FROM under_subcategories
            WHERE subcategory_id = ANY(${sql.param(ids)}::text[]) ORDER BY name, id`,
      )
    : [];
  const counts = await queryRows<{ id: string; products: number }>(
    ctx.db,
    sql`SELECT subcategory_id AS id, count(*)::int AS products FROM product_subcategories
          WHERE subcategory_id = ANY(${sql.param(ids)}::text[]) GROUP BY subcategory_id
        UNION ALL
        SELECT under_subcategory_id, count(*)::int FROM product_under_subcategories
          WHERE under_subcategory_id = ANY(${sql.param(unders.map((u) => u._id))}::text[])
          GROUP BY under_subcategory_id`,
  );
  const count = new Map(counts.map((c) => [c.id, c.products]));
  return subs.map((s) => ({
    ...s,
    products: count.get(s._id) ?? 0,
    underSubcategories: unders
      .filter((u) => u.subCategory === s._id)
      .map((u) => ({ ...u, products: count.get(u._id) ?? 0 })),
  }));
}
