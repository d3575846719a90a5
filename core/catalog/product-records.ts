import { sql } from "drizzle-orm";
import type { CatalogueFile } from "#contract/catalogue-file.ts";
import { type Executor, queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { centsToAmount } from "../money.ts";
import { iso } from "../shared/timestamps.ts";
import { requireRole, type Staff } from "../staff/roles.ts";
import { catalogueIds } from "./catalogue-ids.ts";

// A product as staff see and edit it: the catalogue file's record (contract/catalogue-file.ts), read
// back from its rows, whether archived or not (docs/back-office/products.md).

/** One product in the catalogue file's shape. */
export type ProductRecord = NonNullable<CatalogueFile["products"]>[number];

/** A size as the back office shows it: the record's, and whether it still exists. */
export interface StoredSize {
  id: string;
  size: string;
  position: number;
  stock: number;
  priceCents: number;
  priceBeforeDiscountCents: number;
  removedAt: string | null;
}

export interface StoredProduct {
  id: string;
  /** The product as the catalogue file writes it: only its offered sizes. */
  record: ProductRecord;
  /** Every size row, removed ones too (orders and holds keep naming them). */
  sizes: StoredSize[];
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
  group: { id: string; name: string } | null;
}

interface ProductRecordRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  color: string;
  color_name: string;
  images: string[] | string;
  price_cents: number;
  price_before_discount_cents: number;
  stock: number;
  has_sizes: boolean;
  sold: number;
  ratings_average: number;
  ratings_quantity: number;
  created_at: Date | string;
  updated_at: Date | string;
  archived_at: Date | string | null;
  category: string;
  brand: string | null;
  group_id: string | null;
  group_name: string | null;
  group_slug: string | null;
  subcategories: string[];
  under_subcategories: string[];
  group_slugs: string[];
}

interface SizeRecordRow {
  id: string;
  size: string;
  position: number;
  stock: number;
  price_cents: number;
  price_before_discount_cents: number;
  removed_at: Date | string | null;
}

/**
 * The slug a group was imported under, for a group written before migration 0007 gave
 * `product_groups` a slug column: only the id the import derived from it (catalogueIds.group) is
 * known, so it is found again among its products' slugs and their hyphen-prefixes (`northwind-relaxed-tee-navy` → `northwind-relaxed-tee`, the import's convention).
 */
export function groupSlugOf(groupId: string, productSlugs: readonly string[]): string | undefined {
  for (const slug of productSlugs) {
    const parts = slug.split("-");
    for (let n = parts.length; n > 0; n--) {
      const candidate = parts.slice(0, n).join("-");
      if (catalogueIds.group(candidate) === groupId) return candidate;
    }
  }
  return undefined;
}

/** A price the record writes only when it says something: before-discount prices above the price. */
const before = (price: number, beforeCents: number) =>
  beforeCents > price ? { priceBeforeDiscount: centsToAmount(beforeCents) } : {};

/** A product's record and rows as the back office edits them; 404 when there is no such product. */
export async function readStoredProduct(db: Executor, id: string): Promise<StoredProduct> {
  const [row] = await queryRows<ProductRecordRow>(
    db,
    sql`SELECT p.id, p.slug, p.title, p.description, p.color, p.color_name, p.images, p.price_cents,
          p.price_before_discount_cents, p.stock, p.has_sizes, p.sold, p.ratings_average::float8 AS ratings_average,
          p.ratings_quantity, p.created_at, p.updated_at, p.archived_at, c.slug AS category, b.slug AS brand,
          p.group_id, g.name AS group_name, g.slug AS group_slug,
          ARRAY(SELECT s.slug FROM product_subcategories ps JOIN subcategories s ON s.id = ps.subcategory_id
                WHERE ps.product_id = p.id ORDER BY s.slug) AS subcategories,
          ARRAY(SELECT s.slug || '/' || u.slug FROM product_under_subcategories pu
                JOIN under_subcategories u ON u.id = pu.under_subcategory_id
                JOIN subcategories s ON s.id = u.subcategory_id
                WHERE pu.product_id = p.id ORDER BY 1) AS under_subcategories,
          ARRAY(SELECT m.slug FROM products m WHERE m.group_id = p.group_id ORDER BY m.created_at, m.id LIMIT 50)
            AS group_slugs
        FROM products p JOIN categories c ON c.id = p.category_id
        LEFT JOIN brands b ON b.id = p.brand_id
        LEFT JOIN product_groups g ON g.id = p.group_id
        WHERE p.id = ${id}`,
  );
  if (!row) throw notFound(`No product for this ID: ${id.slice(0, 100)}.`);
  const sizeRows = await queryRows<SizeRecordRow>(
    db,
    sql`SELECT id, size, position, stock, price_cents, price_before_discount_cents, removed_at
        FROM product_sizes WHERE product_id = ${id} ORDER BY position, size`,
  );
  const sizes: StoredSize[] = sizeRows.map((s) => ({
    id: s.id,
    size: s.size,
    position: s.position,
    stock: s.stock,
    priceCents: s.price_cents,
    priceBeforeDiscountCents: s.price_before_discount_cents,
    removedAt: s.removed_at === null ? null : iso(s.removed_at),
  }));
  const offered = row.has_sizes ? sizes.filter((s) => s.removedAt === null) : [];
  const group = row.group_id ? (row.group_slug ?? groupSlugOf(row.group_id, row.group_slugs)) : undefined;
  const record: ProductRecord = {
    slug: row.slug,
    title: row.title,
    description: row.description,
    color: row.color,
    colorName: row.color_name,
    ...(group ? { group } : {}),
    category: row.category,
    subcategories: row.subcategories,
    underSubcategories: row.under_subcategories,
    ...(row.brand ? { brand: row.brand } : {}),
    images: typeof row.images === "string" ? (JSON.parse(row.images) as string[]) : row.images,
    ...(row.has_sizes
      ? {}
      : {
          price: centsToAmount(row.price_cents),
          ...before(row.price_cents, row.price_before_discount_cents),
          stock: row.stock,
        }),
    sizes: offered.map((s) => ({
      size: s.size,
      stock: s.stock,
      price: centsToAmount(s.priceCents),
      ...before(s.priceCents, s.priceBeforeDiscountCents),
    })),
    sold: row.sold,
    ratingsAverage: Number(row.ratings_average),
    ratingsQuantity: row.ratings_quantity,
    createdAt: iso(row.created_at),
  };
  return {
    id: row.id,
    record,
    sizes,
    archivedAt: row.archived_at === null ? null : iso(row.archived_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    group: row.group_id && row.group_name ? { id: row.group_id, name: row.group_name } : null,
  };
}

/** A product as the back office's details page edits it (archived ones too), for staff only. */
export async function readProductForStaff(
  ctx: CoreContext,
  actor: Staff,
  id: string,
): Promise<StoredProduct> {
  requireRole(actor, "manager");
  return readStoredProduct(ctx.db, id);
}
