import { sql } from "drizzle-orm";
import { type ImportProgress, type ImportResult, importCatalogueBatches } from "#core/catalog/import.ts";
import { withPostingIndexesBuiltLast } from "#core/catalog/search-postings.ts";
import { type Database, type Executor, queryRows } from "#db/client.ts";
import { catalogueHead, type GeneratedProduct, generateProducts } from "./generate.ts";
import { type DemoReviewsProgress, seedDemoReviews } from "./reviews.ts";
import { seedShopData } from "./shop-data.ts";

export const DEFAULT_PRODUCTS = 400;
export const DEFAULT_SEED = 1;

export interface SeedOptions {
  products?: number;
  seed?: number;
  now?: Date;
  onProgress?: (p: ImportProgress | DemoReviewsProgress) => void;
}

/** Products per imported batch: the seed holds about this many in memory, whatever the catalogue's size. */
const SEED_BATCH = 2000;

/**
 * Generates the demo catalogue and imports it, then the settings, coupons and demo customer. The
 * products stream from the generator in batches (never the whole catalogue in memory, so a million
 * fit: docs/decisions/056-scale-queries-and-page-render.md); the result is the same as importing
 * `generateCatalogue`'s file.
 */
export async function seedDemoShop(db: Database, options: SeedOptions = {}): Promise<ImportResult> {
  const now = options.now ?? new Date();
  const products = options.products ?? DEFAULT_PRODUCTS;
  const generated = generateProducts({ products, seed: options.seed ?? DEFAULT_SEED, now });
  // Into an empty shop, the search postings' indexes are built once after the import, and again
  // after the reviews, instead of row by row (docs/decisions/064-seed-builds-posting-indexes-last.md).
  const fresh = await isCatalogueEmpty(db);
  const bulk = <T>(load: (tx: Executor) => Promise<T>) =>
    fresh ? withPostingIndexesBuiltLast(db, load) : load(db);
  const result = await bulk((tx) =>
    importCatalogueBatches(tx, catalogueHead(), groupBatches(generated, SEED_BATCH), {
      now,
      total: products,
      onProgress: options.onProgress,
    }),
  );
  await seedShopData(db, now);
  // The ratings: reviews by demo customers, the figures counted from them (docs/storefront/demo-reviews.md).
  await bulk((tx) =>
    seedDemoReviews(tx, { seed: options.seed ?? DEFAULT_SEED, now, onProgress: options.onProgress }),
  );
  return result;
}

/** Batches of at least `size` products (but the last), each ending with a whole colour group. */
function* groupBatches(products: Iterable<GeneratedProduct>, size: number): Generator<GeneratedProduct[]> {
  let batch: GeneratedProduct[] = [];
  for (const product of products) {
    const last = batch[batch.length - 1];
    if (batch.length >= size && last?.group !== product.group) {
      yield batch;
      batch = [];
    }
    batch.push(product);
  }
  if (batch.length > 0) yield batch;
}

export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const rows = await queryRows<{ present: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM products) AS present`,
  );
  return !rows[0]?.present;
}
