import { sql } from "drizzle-orm";
import type { ParsedCatalogue } from "#contract/catalogue-file.ts";
import type { Executor } from "#db/client.ts";
import { DomainError } from "../errors.ts";
import { catalogueIds } from "./catalogue-ids.ts";
import { validateCatalogue } from "./catalogue-validation.ts";
import { BATCH, columnsOf, upsert } from "./column-upsert.ts";
import { type Names, writeProducts } from "./import-products.ts";
import { deferSearchCounts, recountSearchCounts } from "./search-postings.ts";

export interface ImportProgress {
  stage: "categories" | "brands" | "products";
  done: number;
  total: number;
}

export interface ImportResult {
  categories: number;
  subcategories: number;
  underSubcategories: number;
  brands: number;
  products: number;
  sizes: number;
}

/**
 * Imports (or re-imports) a catalogue in one transaction: either all of it lands or none of it.
 * Throws a DomainError of kind `invalid` listing every problem, each naming its record and field.
 */
export async function importCatalogue(
  db: Executor,
  input: unknown,
  options: { onProgress?: (p: ImportProgress) => void; now?: Date } = {},
): Promise<ImportResult> {
  const checked = validateCatalogue(input);
  if (!checked.ok) {
    throw new DomainError(
      "invalid",
      `The catalogue has ${checked.errors.length} problem(s):\n${checked.errors.join("\n")}`,
      checked.errors.map((message) => ({ field: message.split(":")[0] ?? "file", message })),
    );
  }
  const cat = checked.catalogue;
  const now = options.now ?? new Date();
  const progress = options.onProgress ?? (() => {});

  return db.transaction(async (tx) => {
    const result: ImportResult = {
      categories: cat.categories.length,
      subcategories: 0,
      underSubcategories: 0,
      brands: cat.brands.length,
      products: cat.products.length,
      sizes: 0,
    };
    progress({ stage: "categories", done: 0, total: cat.categories.length });
    const { names, subcategories, underSubcategories } = await writeTaxonomy(tx, cat, now, progress);
    result.subcategories = subcategories;
    result.underSubcategories = underSubcategories;
    await writeGroups(tx, cat);

    const terms = new Set<string>();
    const analysed = { at: 0 };
    // One batch keeps the counts per word as it goes; more count them once at the end.
    const deferred = cat.products.length > BATCH;
    if (deferred) await deferSearchCounts(tx);
    for (let start = 0; start < cat.products.length; start += BATCH) {
      const batch = cat.products.slice(start, start + BATCH);
      await writeProducts(tx, batch, names, terms, now);
      await analyseGrowth(tx, start + batch.length, analysed);
      result.sizes += batch.reduce((n, p) => n + p.sizes.length, 0);
      progress({
        stage: "products",
        done: Math.min(start + BATCH, cat.products.length),
        total: cat.products.length,
      });
    }
    if (deferred) await recountSearchCounts(tx);
    await writeTerms(tx, terms);
    // Fresh statistics for the tables an import reshapes, so that the first searches and lists after
    // it are planned on what the tables now hold rather than on what autovacuum last saw.
    await tx.execute(sql`ANALYZE products, product_sizes, search_postings, search_terms, search_counts`);
    return result;
  });
}

/**
 * Imports a catalogue whose products come in batches, in one transaction, holding one batch at a
 * time: the demo seed of a million products (demo/seed.ts), which as one file would not fit in
 * memory (docs/decisions/056-scale-queries-and-page-render.md). Each batch is checked with the
 * taxonomy and brands as a file of its own; a slug used in two batches is not caught (the second
 * updates the first), nor a colour group split over two batches (the group is named after the
 * first product of the later batch): callers end batches between groups and never repeat a slug,
 * as the generator does. Files from people go through `importCatalogue`.
 */
export async function importCatalogueBatches(
  db: Executor,
  head: { categories: unknown; brands: unknown },
  batches: Iterable<unknown[]>,
  options: { onProgress?: (p: ImportProgress) => void; now?: Date; total?: number } = {},
): Promise<ImportResult> {
  const now = options.now ?? new Date();
  const progress = options.onProgress ?? (() => {});
  const checked = (products: unknown[]) => {
    const result = validateCatalogue({ ...head, products });
    if (!result.ok) {
      throw new DomainError(
        "invalid",
        `The catalogue has ${result.errors.length} problem(s):\n${result.errors.join("\n")}`,
        result.errors.map((message) => ({ field: message.split(":")[0] ?? "file", message })),
      );
    }
    return result.catalogue;
  };
  const taxonomy = checked([]);

  return db.transaction(async (tx) => {
    progress({ stage: "categories", done: 0, total: taxonomy.categories.length });
    const { names, subcategories, underSubcategories } = await writeTaxonomy(tx, taxonomy, now, progress);
    const result: ImportResult = {
      categories: taxonomy.categories.length,
      subcategories,
      underSubcategories,
      brands: taxonomy.brands.length,
      products: 0,
      sizes: 0,
    };
    const terms = new Set<string>();
    const analysed = { at: 0 };
    await deferSearchCounts(tx);
    for (const batch of batches) {
      const cat = checked(batch);
      await writeGroups(tx, cat);
      for (let start = 0; start < cat.products.length; start += BATCH) {
        const slice = cat.products.slice(start, start + BATCH);
        await writeProducts(tx, slice, names, terms, now);
        result.sizes += slice.reduce((n, p) => n + p.sizes.length, 0);
      }
      result.products += cat.products.length;
      await analyseGrowth(tx, result.products, analysed);
      progress({ stage: "products", done: result.products, total: options.total ?? result.products });
    }
    await recountSearchCounts(tx);
    await writeTerms(tx, terms);
    await tx.execute(sql`ANALYZE products, product_sizes, search_postings, search_terms, search_counts`);
    return result;
  });
}

/**
 * Statistics refreshed each time the products written so far double (from BATCH × 8 on), inside the
 * import's transaction (ANALYZE counts its own rows): without them the planner plans every batch's
 * statements on the tables as they were before the import — empty, for a seed — and read a growing
 * table whole for each batch where the primary key finds 2,000 rows (a partial index over every
 * listed product for `id = ANY(…)`, a sequential scan of the search postings), which made a million-
 * product seed quadratic (docs/decisions/061-search-counts-and-related-walk.md). About ten ANALYZEs of
 * a 30,000-row sample each for a million products.
 */
async function analyseGrowth(tx: Executor, written: number, analysed: { at: number }): Promise<void> {
  if (written < BATCH * 8 || written < analysed.at * 2) return;
  analysed.at = written;
  await tx.execute(sql`ANALYZE products, product_sizes, search_postings`);
}

/** The lexicon of spelling corrections gains the words of the products just written. */
async function writeTerms(tx: Executor, terms: Set<string>): Promise<void> {
  const termList = [...terms];
  for (let start = 0; start < termList.length; start += 5000) {
    await tx.execute(sql`INSERT INTO search_terms (term)
      SELECT unnest(${sql.param(termList.slice(start, start + 5000))}::text[]) ON CONFLICT DO NOTHING`);
  }
}

/** A row of a taxonomy table (categories, subcategories, under-subcategories, brands). */
interface TaxonomyEntry {
  id: string;
  name: string;
  slug: string;
  image: string;
  parentId?: string;
}

/** Upserts taxonomy rows; `parent` names the column that links each to its parent, if any. */
async function upsertTaxonomy(
  tx: Executor,
  table: string,
  entries: TaxonomyEntry[],
  parent: string | undefined,
  now: Date,
): Promise<void> {
  // created_at follows the file's order, so "sorted by createdAt" shows the catalogue as written.
  const order = (i: number) => new Date(now.getTime() - 1_000_000 + i * 1000).toISOString();
  await upsert(
    tx,
    table,
    ["id"],
    columnsOf(entries, {
      id: ["text", (e) => e.id],
      name: ["text", (e) => e.name],
      slug: ["text", (e) => e.slug],
      image: ["text", (e) => e.image],
      ...(parent ? { [parent]: ["text", (e: TaxonomyEntry) => e.parentId] as const } : {}),
      created_at: ["timestamptz", (_, i) => order(i), "insertOnly"],
    }),
  );
}

/**
 * Categories, their subcategories and under-subcategories, and brands; returns their names by slug
 * path and how many subcategories and under-subcategories there were.
 */
async function writeTaxonomy(
  tx: Executor,
  cat: ParsedCatalogue,
  now: Date,
  progress: (p: ImportProgress) => void,
): Promise<{ names: Names; subcategories: number; underSubcategories: number }> {
  const entry = (id: string, e: { name: string; slug: string; image: string }, parentId?: string) => ({
    id,
    name: e.name,
    slug: e.slug,
    image: e.image,
    parentId,
  });
  const categories = cat.categories.map((c) => entry(catalogueIds.category(c.slug), c));
  await upsertTaxonomy(tx, "categories", categories, undefined, now);
  const subs = cat.categories.flatMap((c) => c.subcategories.map((s) => ({ c, s })));
  const subEntries = subs.map(({ c, s }) =>
    entry(catalogueIds.subcategory(c.slug, s.slug), s, catalogueIds.category(c.slug)),
  );
  await upsertTaxonomy(tx, "subcategories", subEntries, "category_id", now);
  const unders = subs.flatMap(({ c, s }) => s.underSubcategories.map((u) => ({ c, s, u })));
  const underEntries = unders.map(({ c, s, u }) =>
    entry(catalogueIds.underSubcategory(c.slug, s.slug, u.slug), u, catalogueIds.subcategory(c.slug, s.slug)),
  );
  await upsertTaxonomy(tx, "under_subcategories", underEntries, "subcategory_id", now);
  progress({ stage: "brands", done: 0, total: cat.brands.length });
  const brands = cat.brands.map((b) => entry(catalogueIds.brand(b.slug), b));
  await upsertTaxonomy(tx, "brands", brands, undefined, now);
  const names = {
    category: new Map(cat.categories.map((c) => [c.slug, c.name])),
    sub: new Map(subs.map(({ c, s }) => [`${c.slug}/${s.slug}`, s.name])),
    under: new Map(unders.map(({ c, s, u }) => [`${c.slug}/${s.slug}/${u.slug}`, u.name])),
    brand: new Map(cat.brands.map((b) => [b.slug, b.name])),
  };
  return { names, subcategories: subs.length, underSubcategories: unders.length };
}

/** The product groups (colour variants), named after the first product of each. */
async function writeGroups(tx: Executor, cat: ParsedCatalogue): Promise<void> {
  const groups = [...new Set(cat.products.flatMap((p) => (p.group ? [p.group] : [])))];
  const groupNames = new Map<string, string>();
  for (const p of cat.products) if (p.group && !groupNames.has(p.group)) groupNames.set(p.group, p.title);
  await upsert(
    tx,
    "product_groups",
    ["id"],
    columnsOf(groups, {
      id: ["text", (g) => catalogueIds.group(g)],
      name: ["text", (g) => groupNames.get(g) ?? g],
      slug: ["text", (g) => g],
    }),
    false,
  );
}
