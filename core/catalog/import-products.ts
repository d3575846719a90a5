import { sql } from "drizzle-orm";
import type { CatalogueProduct } from "#contract/catalogue-file.ts";
import type { Executor } from "#db/client.ts";
import { amountToCents } from "../money.ts";
import { catalogueIds } from "./catalogue-ids.ts";
import { columnsOf, upsert } from "./column-upsert.ts";
import { refreshListingPrices } from "./listing.ts";
import { lexiconTerms, searchDocument } from "./search.ts";
import { refreshSearchPostings } from "./search-postings.ts";

// How an import writes a batch of products: their rows, sizes and taxonomy links, then the listing
// prices and search postings that follow them.

/** The names of a catalogue's taxonomy, by slug path, for the products' search documents. */
export interface Names {
  category: Map<string, string>;
  sub: Map<string, string>;
  under: Map<string, string>;
  brand: Map<string, string>;
}

export function discount(price: number, before: number): number {
  if (before <= 0 || before <= price) return 0;
  return Math.round(((before - price) / before) * 100);
}

/** Writes a batch of products (their sizes and links too); adds their words to `terms`. */
export async function writeProducts(
  tx: Executor,
  batch: CatalogueProduct[],
  names: Names,
  terms: Set<string>,
  now: Date,
): Promise<void> {
  const ids = batch.map((p) => catalogueIds.product(p.slug));
  const documents = batch.map((p) => productSearchDocument(p, names, terms));
  const written = await upsertProductRows(tx, batch, ids, documents, now);
  await writeSizes(tx, batch, ids);
  await writeLinks(tx, batch, ids);
  const repriced = new Set(
    await refreshListingPrices(
      tx,
      batch.flatMap((p, i) => (p.sizes.length > 0 ? [ids[i]!] : [])),
    ),
  );
  // The listing price refresh already rebuilt the postings of the products it repriced.
  await refreshSearchPostings(
    tx,
    written.filter((id) => !repriced.has(id)),
  );
}

/**
 * A product's search document (title, colour, brand and taxonomy names); adds its words and its
 * description's to `terms`, the lexicon of spelling corrections.
 */
export function productSearchDocument(p: CatalogueProduct, names: Names, terms: Set<string>): string {
  const parts = [
    p.title,
    p.colorName,
    p.brand ? names.brand.get(p.brand) : undefined,
    names.category.get(p.category),
    ...p.subcategories.map((s) => names.sub.get(`${p.category}/${s}`)),
    ...p.underSubcategories.map((u) => names.under.get(`${p.category}/${u}`)),
  ];
  for (const part of [...parts, p.description]) for (const t of lexiconTerms(part ?? "")) terms.add(t);
  return searchDocument(parts);
}

/** The products' own rows; returns the ids of those inserted or changed. */
function upsertProductRows(
  tx: Executor,
  batch: CatalogueProduct[],
  ids: string[],
  documents: string[],
  now: Date,
): Promise<string[]> {
  const price = (p: CatalogueProduct) => amountToCents(p.price ?? p.sizes[0]?.price ?? 0);
  const before = (p: CatalogueProduct) =>
    amountToCents(
      p.priceBeforeDiscount ?? p.price ?? p.sizes[0]?.priceBeforeDiscount ?? p.sizes[0]?.price ?? 0,
    );
  return upsert(
    tx,
    "products",
    ["id"],
    columnsOf(batch, {
      id: ["text", (_, i) => ids[i]],
      title: ["text", (p) => p.title],
      slug: ["text", (p) => p.slug],
      description: ["text", (p) => p.description],
      color: ["text", (p) => p.color],
      color_name: ["text", (p) => p.colorName],
      image_cover: ["text", (p) => p.images[0]],
      images: ["jsonb", (p) => JSON.stringify(p.images)],
      price_cents: ["int", price],
      price_before_discount_cents: ["int", before],
      discount_percent: ["smallint", (p) => discount(price(p), before(p))],
      stock: ["int", (p) => p.stock ?? 0],
      has_sizes: ["boolean", (p) => p.sizes.length > 0],
      sold: ["int", (p) => p.sold],
      // A product's figures are its reviews' (core/catalog/ratings.ts): a file's figures start a new
      // product only, and never overwrite those of one the shop has (docs/decisions/057-reviews.md).
      ratings_average: ["numeric", (p) => Math.round(p.ratingsAverage * 10) / 10, "insertOnly"],
      ratings_quantity: ["int", (p) => p.ratingsQuantity, "insertOnly"],
      category_id: ["text", (p) => catalogueIds.category(p.category)],
      brand_id: ["text", (p) => (p.brand ? catalogueIds.brand(p.brand) : null)],
      group_id: ["text", (p) => (p.group ? catalogueIds.group(p.group) : null)],
      search_document: ["text", (_, i) => documents[i]],
      created_at: ["timestamptz", (p) => p.createdAt ?? now.toISOString(), "insertOnly"],
    }),
  );
}

/** The products' sizes: those the file no longer lists are deleted, the others upserted. */
async function writeSizes(tx: Executor, batch: CatalogueProduct[], ids: string[]): Promise<void> {
  const sizes = batch.flatMap((p, i) =>
    p.sizes.map((s, position) => {
      const priceCents = amountToCents(s.price);
      const beforeCents = amountToCents(s.priceBeforeDiscount ?? s.price);
      return {
        id: catalogueIds.size(p.slug, s.size),
        productId: ids[i]!,
        size: s.size,
        position,
        stock: s.stock,
        priceCents,
        beforeCents,
        discount: discount(priceCents, beforeCents),
      };
    }),
  );
  await tx.execute(sql`DELETE FROM product_sizes WHERE product_id = ANY(${sql.param(ids)}::text[])
    AND NOT (id = ANY(${sql.param(sizes.map((s) => s.id))}::text[]))`);
  await upsert(
    tx,
    "product_sizes",
    ["id"],
    columnsOf(sizes, {
      id: ["text", (s) => s.id],
      product_id: ["text", (s) => s.productId],
      size: ["text", (s) => s.size],
      position: ["smallint", (s) => s.position],
      stock: ["int", (s) => s.stock],
      price_cents: ["int", (s) => s.priceCents],
      price_before_discount_cents: ["int", (s) => s.beforeCents],
      discount_percent: ["smallint", (s) => s.discount],
    }),
    false,
  );
}

/** The products' subcategory and under-subcategory links, as the file lists them. */
async function writeLinks(tx: Executor, batch: CatalogueProduct[], ids: string[]): Promise<void> {
  const links = (
    table: string,
    column: string,
    pairs: { productId: string; refId: string }[],
  ): Promise<unknown>[] => [
    tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE product_id = ANY(${sql.param(ids)}::text[])
      AND (product_id, ${sql.identifier(column)}) NOT IN (
        SELECT * FROM unnest(${sql.param(pairs.map((p) => p.productId))}::text[], ${sql.param(pairs.map((p) => p.refId))}::text[]))`),
  ];
  const subPairs = batch.flatMap((p, i) =>
    p.subcategories.map((s) => ({ productId: ids[i]!, refId: catalogueIds.subcategory(p.category, s) })),
  );
  const underPairs = batch.flatMap((p, i) =>
    p.underSubcategories.map((path) => {
      const [s, u] = path.split("/") as [string, string];
      return { productId: ids[i]!, refId: catalogueIds.underSubcategory(p.category, s, u) };
    }),
  );
  for (const [table, column, pairs] of [
    ["product_subcategories", "subcategory_id", subPairs],
    ["product_under_subcategories", "under_subcategory_id", underPairs],
  ] as const) {
    await Promise.all(links(table, column, pairs));
    await upsert(
      tx,
      table,
      ["product_id", column],
      columnsOf(pairs, {
        product_id: ["text", (p) => p.productId],
        [column]: ["text", (p) => p.refId],
      }),
      false,
    );
  }
}
