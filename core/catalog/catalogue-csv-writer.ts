import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { invalid } from "../errors.ts";
import { csvCell, csvLine } from "../shared/csv.ts";
import { CSV_COLUMNS } from "./catalogue-csv.ts";
import {
  EXPORT_PAGE_SIZE,
  type ExportedProduct,
  type ExportTaxonomy,
  exportProductPages,
  readExportTaxonomy,
} from "./catalogue-export.ts";

// The CSV export: the inverse of parseCatalogueCsv (catalogue-csv.ts). One product per row, each
// row naming its category, subcategory, under-subcategory and brand with their names and images,
// so that importing the file rebuilds the taxonomy the products use (docs/catalogue-import.md#export).

export { csvCell, csvLine };

interface Named {
  name: string;
  image: string;
}

/** The taxonomy by slug path, for the name and image columns of each row. */
export function taxonomyLookup(taxonomy: ExportTaxonomy) {
  const named = new Map<string, Named>();
  for (const c of taxonomy.categories) {
    named.set(`c:${c.slug}`, c);
    for (const s of c.subcategories ?? []) {
      named.set(`s:${c.slug}/${s.slug}`, s);
      for (const u of s.underSubcategories ?? []) named.set(`u:${c.slug}/${s.slug}/${u.slug}`, u);
    }
  }
  for (const b of taxonomy.brands) named.set(`b:${b.slug}`, b);
  return (key: string) => named.get(key);
}

/** A product as a CSV row, its cells in CSV_COLUMNS order. */
export function productCsvRow(p: ExportedProduct, lookup: (key: string) => Named | undefined): string {
  const sub = p.subcategories?.[0];
  const under = p.underSubcategories?.[0]?.split("/")[1];
  const category = lookup(`c:${p.category}`);
  const subNamed = sub ? lookup(`s:${p.category}/${sub}`) : undefined;
  const underNamed = sub && under ? lookup(`u:${p.category}/${sub}/${under}`) : undefined;
  const brand = p.brand ? lookup(`b:${p.brand}`) : undefined;
  const cells: Record<(typeof CSV_COLUMNS)[number], string | number | undefined> = {
    slug: p.slug,
    title: p.title,
    description: p.description,
    color: p.color,
    colorName: p.colorName,
    group: p.group,
    category: p.category,
    categoryName: category?.name,
    categoryImage: category?.image,
    subcategory: sub,
    subcategoryName: subNamed?.name,
    subcategoryImage: subNamed?.image,
    underSubcategory: under,
    underSubcategoryName: underNamed?.name,
    underSubcategoryImage: underNamed?.image,
    brand: p.brand,
    brandName: brand?.name,
    brandImage: brand?.image,
    images: p.images.join("|"),
    price: p.price,
    priceBeforeDiscount: p.priceBeforeDiscount,
    stock: p.stock,
    sizes: (p.sizes ?? [])
      .map((s) =>
        [
          s.size,
          s.stock,
          s.price,
          ...(s.priceBeforeDiscount === undefined ? [] : [s.priceBeforeDiscount]),
        ].join(":"),
      )
      .join("|"),
    sold: p.sold,
    ratingsAverage: p.ratingsAverage,
    ratingsQuantity: p.ratingsQuantity,
    createdAt: p.createdAt,
  };
  return csvLine(CSV_COLUMNS.map((column) => cells[column]));
}

/**
 * The live products a CSV row cannot hold, by slug (at most five): a row names one subcategory and
 * one under-subcategory of it, separates images with `|` and writes sizes as `SIZE:STOCK:PRICE`.
 * The JSON export holds them all.
 */
export async function productsCsvCannotHold(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`SELECT p.slug FROM products p
        WHERE p.archived_at IS NULL AND (
          (SELECT count(*) FROM product_subcategories ps WHERE ps.product_id = p.id) > 1
          OR (SELECT count(*) FROM product_under_subcategories pu WHERE pu.product_id = p.id) > 1
          OR EXISTS (SELECT 1 FROM product_under_subcategories pu
                JOIN under_subcategories u ON u.id = pu.under_subcategory_id
                WHERE pu.product_id = p.id AND NOT EXISTS (SELECT 1 FROM product_subcategories ps
                  WHERE ps.product_id = p.id AND ps.subcategory_id = u.subcategory_id))
          OR EXISTS (SELECT 1 FROM product_sizes s WHERE s.product_id = p.id AND s.removed_at IS NULL
                AND (strpos(s.size, ':') > 0 OR strpos(s.size, '|') > 0))
          OR strpos(p.images::text, '|') > 0)
        ORDER BY p.slug LIMIT 5`,
  );
  return rows.map((r) => r.slug);
}

/** Refuses a CSV export of a catalogue the CSV form cannot hold, naming the products. */
export async function assertCsvCanHoldCatalogue(db: Executor): Promise<void> {
  const slugs = await productsCsvCannotHold(db);
  if (slugs.length > 0) {
    throw invalid(
      `A CSV row holds one subcategory and one under-subcategory of it, and sizes and images without ':' or '|'; ` +
        `these products do not fit: ${slugs.join(", ")}. Export JSON instead.`,
      [{ field: "format", message: "This catalogue needs the JSON export." }],
    );
  }
}

/** The catalogue as the CSV import file, in chunks: a byte-order mark and the header, then a row per product. */
export async function* catalogueCsvChunks(db: Executor, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<string> {
  const lookup = taxonomyLookup(await readExportTaxonomy(db));
  // The byte-order mark tells a spreadsheet the file is UTF-8; the import skips it.
  yield `\ufeff${csvLine([...CSV_COLUMNS])}`;
  for await (const products of exportProductPages(db, pageSize)) {
    yield products.map((p) => productCsvRow(p, lookup)).join("");
  }
}
