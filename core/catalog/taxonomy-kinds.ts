import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "#db/client.ts";
import { queryRows } from "#db/client.ts";
import { notFound } from "../errors.ts";
import { iso } from "../shared/timestamps.ts";

// The four taxonomy tables as the back office edits them: what each is called, its parent, and what
// refers to it (docs/back-office/taxonomy.md).

export type TaxonomyKind = "category" | "subcategory" | "under-subcategory" | "brand";

export interface KindSpec {
  table: string;
  /** As messages name it: "category", "under-subcategory". */
  noun: string;
  /** The parent's link column, table and the API's field for it. */
  parent?: { column: string; table: string; field: "category" | "subCategory"; kind: TaxonomyKind };
  /** Records below this one (they must go first). */
  children?: { table: string; column: string; noun: string };
  /** The products that use a record of this kind (`$1` is its id): they name it in their search document. */
  products: (id: string) => SQL;
}

export const KINDS: Record<TaxonomyKind, KindSpec> = {
  category: {
    table: "categories",
    noun: "category",
    children: { table: "subcategories", column: "category_id", noun: "subcategories" },
    products: (id) => sql`SELECT id AS product_id FROM products WHERE category_id = ${id}`,
  },
  subcategory: {
    table: "subcategories",
    noun: "subcategory",
    parent: { column: "category_id", table: "categories", field: "category", kind: "category" },
    children: { table: "under_subcategories", column: "subcategory_id", noun: "under-subcategories" },
    products: (id) => sql`SELECT product_id FROM product_subcategories WHERE subcategory_id = ${id}`,
  },
  "under-subcategory": {
    table: "under_subcategories",
    noun: "under-subcategory",
    parent: { column: "subcategory_id", table: "subcategories", field: "subCategory", kind: "subcategory" },
    products: (id) =>
      sql`SELECT product_id FROM product_under_subcategories WHERE under_subcategory_id = ${id}`,
  },
  brand: {
    table: "brands",
    noun: "brand",
    products: (id) => sql`SELECT id AS product_id FROM products WHERE brand_id = ${id}`,
  },
};

/** A taxonomy record as the back office and its audit entries hold it; `image` as stored. */
export interface TaxonomyRecord {
  _id: string;
  name: string;
  slug: string;
  image: string;
  category?: string;
  subCategory?: string;
  createdAt: string;
  updatedAt: string;
}

interface Row {
  id: string;
  name: string;
  slug: string;
  image: string;
  parent_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export function recordOf(kind: TaxonomyKind, row: Row): TaxonomyRecord {
  const record: TaxonomyRecord = {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    image: row.image,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
  const parent = KINDS[kind].parent;
  if (parent && row.parent_id) record[parent.field] = row.parent_id;
  return record;
}

/** The columns `recordOf` reads, for a SELECT or a RETURNING. */
export function recordColumns(kind: TaxonomyKind): SQL {
  const parent = KINDS[kind].parent;
  return sql`id, name, slug, image, created_at, updated_at, ${parent ? sql.identifier(parent.column) : sql`NULL::text`} AS parent_id`;
}

/** One record, locked as `lock` says (FOR UPDATE before a change), or a 404 naming the kind. */
export async function readTaxonomyRow(
  db: Pick<Executor, "execute">,
  kind: TaxonomyKind,
  id: string,
  lock: SQL = sql``,
): Promise<TaxonomyRecord> {
  const [row] = await queryRows<Row>(
    db,
    sql`SELECT ${recordColumns(kind)} FROM ${sql.identifier(KINDS[kind].table)} WHERE id = ${id} ${lock}`,
  );
  if (!row) throw notFound(`No ${KINDS[kind].noun} for this ID: ${id}.`);
  return recordOf(kind, row);
}

/** Rows of a RETURNING or SELECT of `recordColumns`, as records. */
export async function taxonomyRows(
  db: Pick<Executor, "execute">,
  kind: TaxonomyKind,
  query: SQL,
): Promise<TaxonomyRecord[]> {
  return (await queryRows<Row>(db, query)).map((row) => recordOf(kind, row));
}
