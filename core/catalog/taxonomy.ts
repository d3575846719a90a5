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
import { countedPage, pageOffset, pagination, pickFields } from "../shared/pages.ts";
import { iso } from "../shared/timestamps.ts";

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
  const { total, rows } = await countedPage<TaxonomyRow>(
    ctx.db,
    sql`SELECT count(*)::int AS total FROM ${sql.identifier(table)} t ${where}`,
    sql`SELECT t.id, t.name, t.slug, t.image, t.created_at, t.updated_at ${parentColumn}
        FROM ${sql.identifier(table)} t ${where}
        ORDER BY ${sql.join(keys, sql`, `)}
        LIMIT ${query.limit} OFFSET ${pageOffset(query)}`,
  );
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
    return query.fields?.length ? pickFields(item, query.fields) : item;
  });
  return { results: data.length, paginationResults: pagination(query, total), data };
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
