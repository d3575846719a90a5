import { sql } from "drizzle-orm";
import { type ImportProgress, type ImportResult, importCatalogue } from "#core/catalog/import.ts";
import { type Database, queryRows } from "#db/client.ts";
import { generateCatalogue } from "./generate.ts";
import { seedShopData } from "./shop-data.ts";

export const DEFAULT_PRODUCTS = 400;
export const DEFAULT_SEED = 1;

export interface SeedOptions {
  products?: number;
  seed?: number;
  now?: Date;
  onProgress?: (p: ImportProgress) => void;
}

/** Generates the demo catalogue and imports it, then the settings, coupons and demo customer. */
export async function seedDemoShop(db: Database, options: SeedOptions = {}): Promise<ImportResult> {
  const now = options.now ?? new Date();
  const catalogue = generateCatalogue({
    products: options.products ?? DEFAULT_PRODUCTS,
    seed: options.seed ?? DEFAULT_SEED,
    now,
  });
  const result = await importCatalogue(db, catalogue, { now, onProgress: options.onProgress });
  await seedShopData(db, now);
  return result;
}

export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const rows = await queryRows<{ present: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM products) AS present`,
  );
  return !rows[0]?.present;
}
