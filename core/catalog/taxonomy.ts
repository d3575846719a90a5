import { type SQL, sql } from "drizzle-orm";
import type {
  SubcategoryListQuery,
  TaxonomyItem,
  TaxonomyListQuery,
  TaxonomySortField,
  UnderSubcategoryListQuery,
} from "#contract/catalog.ts";
import type { SortKey } from "#contract/query.ts";
import { queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { iso, pagination } from "./products.ts";

const SORT_COLUMNS: Record<TaxonomySortField, SQL> = {
  name: sql`t.name`,
  createdAt: sql`t.created_at`,
  updatedAt: sql`t.updated_at`,
};

type Table = "categories" | "brands" | "subcategories" | "under_subcategories";

interface TaxonomyRow {
  id: string;
  name: string;
  slug: string;
  image: string;
  parent_id?: string;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface TaxonomyPage {
  results: number;
  paginationResults: ReturnType<typeof pagination>;
  data: Partial<TaxonomyItem>[];
}

const PARENT: Partial<Record<Table, { column: SQL; field: "category" | "subCategory" }>> = {
  subcategories: { column: sql`t.category_id`, field: "category" },
  under_subcategories: { column: sql`t.subcategory_id`, field: "subCategory" },
};

async function listTaxonomy(
  ctx: CoreContext,
  table: Table,
  query: { page: number; limit: number; sort?: SortKey<TaxonomySortField>[]; fields?: readonly string[] },
  parentIds: string[] | undefined,
): Promise<TaxonomyPage> {
  const parent = PARENT[table];
  const where =
    parent && parentIds?.length ? sql`WHERE ${parent.column} = ANY(${sql.param(parentIds)}::text[])` : sql``;
  const keys = (query.sort ?? [{ field: "name", descending: false }]).map(
    (k: SortKey<TaxonomySortField>) => sql`${SORT_COLUMNS[k.field]} ${k.descending ? sql`DESC` : sql`ASC`}`,
  );
  keys.push(sql`t.id ASC`);
  const parentColumn = parent ? sql`, ${parent.column} AS parent_id` : sql``;
  const [countRows, rows] = await Promise.all([
    queryRows<{ total: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS total FROM ${sql.identifier(table)} t ${where}`,
    ),
    queryRows<TaxonomyRow>(
      ctx.db,
      sql`SELECT t.id, t.name, t.slug, t.image, t.created_at, t.updated_at ${parentColumn}
          FROM ${sql.identifier(table)} t ${where}
          ORDER BY ${sql.join(keys, sql`, `)}
          LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    ),
  ]);
  const data = rows.map((row) => {
    const item: TaxonomyItem = {
      _id: row.id,
      name: row.name,
      slug: row.slug,
      image: row.image,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
    if (parent && row.parent_id) item[parent.field] = row.parent_id;
    if (!query.fields?.length) return item;
    const out: Record<string, unknown> = { _id: item._id };
    for (const f of query.fields) out[f] = item[f as keyof TaxonomyItem];
    return out as Partial<TaxonomyItem>;
  });
  return { results: data.length, paginationResults: pagination(query, countRows[0]?.total ?? 0), data };
}

export const listCategories = (ctx: CoreContext, query: TaxonomyListQuery) =>
  listTaxonomy(ctx, "categories", query, undefined);

export const listBrands = (ctx: CoreContext, query: TaxonomyListQuery) =>
  listTaxonomy(ctx, "brands", query, undefined);

export const listSubcategories = (ctx: CoreContext, query: SubcategoryListQuery) =>
  listTaxonomy(ctx, "subcategories", query, query.category);

export const listUnderSubcategories = (ctx: CoreContext, query: UnderSubcategoryListQuery) =>
  listTaxonomy(ctx, "under_subcategories", query, query.subCategory);

/** Whether the catalogue has a brand with this slug (its generated image may be rendered). */
export async function hasBrand(ctx: Pick<CoreContext, "db">, slug: string): Promise<boolean> {
  const rows = await queryRows(ctx.db, sql`SELECT 1 FROM brands WHERE slug = ${slug} LIMIT 1`);
  return rows.length > 0;
}
