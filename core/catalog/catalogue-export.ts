import { type SQL, sql } from "drizzle-orm";
import type { CatalogueFile } from "#contract/catalogue-file.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { centsToAmount } from "../money.ts";

// The whole catalogue in the import's own format (docs/catalogue-import.md#export), read a page of
// products at a time so that 100,000 products export in bounded memory: the taxonomy (small) is read
// once, the products by keyset pages on their id (never OFFSET, which rereads every skipped row).
// Importing an export into an empty shop gives the same catalogue, and exporting that again gives
// the same bytes (tests/integration/catalogue-file.test.ts).

/** Products per query; a page is about 1 MB of JSON. */
export const EXPORT_PAGE_SIZE = 1000;

export type CatalogueCategory = NonNullable<CatalogueFile["categories"]>[number];
export type CatalogueBrand = NonNullable<CatalogueFile["brands"]>[number];
export type ExportedProduct = NonNullable<CatalogueFile["products"]>[number];

export interface ExportTaxonomy {
  categories: CatalogueCategory[];
  brands: CatalogueBrand[];
}

interface TaxonomyRow {
  id: string;
  parent_id: string | null;
  slug: string;
  name: string;
  image: string;
}

/**
 * Every category (with its subcategories and under-subcategories) and brand, in the order they were
 * created, which is the order an import creates them from its file: a round trip keeps the order
 * the storefront lists them in. Taxonomy no product uses is exported too (the JSON carries it).
 */
export async function readExportTaxonomy(db: Executor): Promise<ExportTaxonomy> {
  const rows = (table: string, parent: string | null) =>
    queryRows<TaxonomyRow>(
      db,
      sql`SELECT id, ${parent ? sql.identifier(parent) : sql`NULL`} AS parent_id, slug, name, image
          FROM ${sql.identifier(table)} ORDER BY created_at, slug, id`,
    );
  const [categories, subs, unders, brands] = await Promise.all([
    rows("categories", null),
    rows("subcategories", "category_id"),
    rows("under_subcategories", "subcategory_id"),
    rows("brands", null),
  ]);
  const underOf = groupBy(unders);
  const subOf = groupBy(subs);
  return {
    categories: categories.map((c) => ({
      slug: c.slug,
      name: c.name,
      image: c.image,
      subcategories: (subOf.get(c.id) ?? []).map((s) => ({
        slug: s.slug,
        name: s.name,
        image: s.image,
        underSubcategories: (underOf.get(s.id) ?? []).map((u) => ({
          slug: u.slug,
          name: u.name,
          image: u.image,
        })),
      })),
    })),
    brands: brands.map((b) => ({ slug: b.slug, name: b.name, image: b.image })),
  };
}

function groupBy(rows: TaxonomyRow[]): Map<string, TaxonomyRow[]> {
  const byParent = new Map<string, TaxonomyRow[]>();
  for (const row of rows) {
    const list = byParent.get(row.parent_id ?? "") ?? [];
    list.push(row);
    byParent.set(row.parent_id ?? "", list);
  }
  return byParent;
}

interface ProductExportRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  color: string;
  color_name: string;
  group_slug: string | null;
  category: string;
  subcategories: string[];
  under_subcategories: string[];
  brand: string | null;
  image_cover: string;
  images: string[];
  price_cents: number;
  price_before_discount_cents: number;
  stock: number;
  has_sizes: boolean;
  sizes: { size: string; stock: number; price: number; before: number }[];
  sold: number;
  ratings_average: string;
  ratings_quantity: number;
  created_at: string;
}

/**
 * One page of live products (archived ones are not exported: docs/decisions/046-catalogue-file-in-the-back-office.md),
 * after the product id `after`. Sizes a product no longer offers (`removed_at`) are left out.
 * A group is written as the smallest slug among its live products: the file names groups by slug,
 * the database keeps only the id derived from the slug it was imported with.
 */
export async function readExportPage(
  db: Executor,
  after: string | null,
  limit = EXPORT_PAGE_SIZE,
): Promise<{ products: ExportedProduct[]; last: string | null }> {
  const rows = await queryRows<ProductExportRow>(
    db,
    sql`SELECT p.id, p.slug, p.title, p.description, p.color, p.color_name,
          (SELECT min(g.slug) FROM products g WHERE g.group_id = p.group_id AND g.archived_at IS NULL) AS group_slug,
          c.slug AS category, b.slug AS brand, p.image_cover, p.images,
          p.price_cents, p.price_before_discount_cents, p.stock, p.has_sizes, p.sold,
          p.ratings_average::text AS ratings_average, p.ratings_quantity,
          to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
          ${jsonList(sql`json_build_object('size', s.size, 'stock', s.stock, 'price', s.price_cents, 'before', s.price_before_discount_cents)`, sql`s.position, s.size`, sql`product_sizes s WHERE s.product_id = p.id AND s.removed_at IS NULL`)} AS sizes,
          ${jsonList(sql`sc.slug`, sql`sc.slug`, sql`product_subcategories ps JOIN subcategories sc ON sc.id = ps.subcategory_id WHERE ps.product_id = p.id`)} AS subcategories,
          ${jsonList(
            sql`us.slug || '/' || u.slug`,
            sql`us.slug, u.slug`,
            sql`product_under_subcategories pu JOIN under_subcategories u ON u.id = pu.under_subcategory_id
                JOIN subcategories us ON us.id = u.subcategory_id WHERE pu.product_id = p.id`,
          )} AS under_subcategories
        FROM products p
        JOIN categories c ON c.id = p.category_id
        LEFT JOIN brands b ON b.id = p.brand_id
        WHERE p.archived_at IS NULL ${after === null ? sql`` : sql`AND p.id > ${after}`}
        ORDER BY p.id
        LIMIT ${limit}`,
  );
  return { products: rows.map(toFileProduct), last: rows.at(-1)?.id ?? null };
}

/** A JSON array of `value` over `source`, in `order`; `[]` when there is none. */
function jsonList(value: SQL, order: SQL, source: SQL): SQL {
  return sql`(SELECT coalesce(json_agg(${value} ORDER BY ${order}), '[]'::json) FROM ${source})`;
}

/** Dollars, or nothing when the "before" price is the price itself (the import's default). */
const beforeUnlessSame = (price: number, before: number) =>
  before === price ? undefined : centsToAmount(before);

/** A product row as the import file writes it, its keys in the order docs/catalogue-import.md lists them. */
function toFileProduct(row: ProductExportRow): ExportedProduct {
  // The import makes the first image the cover: a cover chosen from further down goes first.
  const images = row.images.includes(row.image_cover)
    ? [row.image_cover, ...row.images.filter((image) => image !== row.image_cover)]
    : [row.image_cover, ...row.images];
  const sized = row.has_sizes && row.sizes.length > 0;
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    color: row.color,
    colorName: row.color_name,
    group: row.group_slug ?? undefined,
    category: row.category,
    subcategories: row.subcategories,
    underSubcategories: row.under_subcategories,
    brand: row.brand ?? undefined,
    images: images.slice(0, 10),
    ...(sized
      ? {
          sizes: row.sizes.map((s) => ({
            size: s.size,
            stock: s.stock,
            price: centsToAmount(s.price),
            priceBeforeDiscount: beforeUnlessSame(s.price, s.before),
          })),
        }
      : {
          price: centsToAmount(row.price_cents),
          priceBeforeDiscount: beforeUnlessSame(row.price_cents, row.price_before_discount_cents),
          // A sized product whose every size was removed is offered as one without sizes, sold out.
          stock: row.has_sizes ? 0 : row.stock,
        }),
    sold: row.sold,
    ratingsAverage: Number(row.ratings_average),
    ratingsQuantity: row.ratings_quantity,
    createdAt: row.created_at,
  };
}

/** Every live product, a page at a time, in id order. */
export async function* exportProductPages(
  db: Executor,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<ExportedProduct[]> {
  let after: string | null = null;
  for (;;) {
    const page: { products: ExportedProduct[]; last: string | null } = await readExportPage(
      db,
      after,
      pageSize,
    );
    if (page.products.length > 0) yield page.products;
    if (page.products.length < pageSize || page.last === null) return;
    after = page.last;
  }
}

/**
 * The catalogue as the JSON import file, in chunks: the taxonomy first, then the products one per
 * line. Keys in a fixed order, so the same catalogue is always the same bytes.
 */
export async function* catalogueJsonChunks(
  db: Executor,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  const taxonomy = await readExportTaxonomy(db);
  const list = (items: unknown[]) => items.map((item) => JSON.stringify(item)).join(",\n");
  yield `{\n"categories": [\n${list(taxonomy.categories)}\n],\n"brands": [\n${list(taxonomy.brands)}\n],\n"products": [\n`;
  let first = true;
  for await (const products of exportProductPages(db, pageSize)) {
    yield `${first ? "" : ",\n"}${list(products)}`;
    first = false;
  }
  yield "\n]\n}\n";
}
