import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type CatalogueProduct, catalogueFile, type ParsedCatalogue } from "#contract/catalogue-file.ts";
import { type Database, type Executor, queryRows } from "#db/client.ts";
import { stableId } from "#db/ids.ts";
import { DomainError } from "../errors.ts";
import { amountToCents } from "../money.ts";
import { refreshListingPrices } from "./listing.ts";
import { lexiconTerms, searchDocument } from "./search.ts";
import { refreshSearchPostings } from "./search-postings.ts";

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

const BATCH = 2000;

export const catalogueIds = {
  category: (c: string) => stableId("category", c),
  subcategory: (c: string, s: string) => stableId("subcategory", c, s),
  underSubcategory: (c: string, s: string, u: string) => stableId("under-subcategory", c, s, u),
  brand: (b: string) => stableId("brand", b),
  group: (g: string) => stableId("group", g),
  product: (p: string) => stableId("product", p),
  size: (p: string, size: string) => stableId("size", p, size.toUpperCase()),
};

function label(data: unknown, path: PropertyKey[]): string {
  const [collection, index, ...rest] = path;
  if (typeof collection !== "string" || typeof index !== "number")
    return path.map(String).join(".") || "file";
  const record = (data as Record<string, { slug?: unknown }[]>)[collection]?.[index];
  const slug = typeof record?.slug === "string" ? ` (${record.slug})` : "";
  const field = rest.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
  return `${collection}[${index}]${slug}${field ? ` ${field.replace(/^\./, "")}` : ""}`;
}

/** Every problem with a catalogue, each naming its record and field; empty when it can be imported. */
export function validateCatalogue(
  input: unknown,
): { ok: true; catalogue: ParsedCatalogue } | { ok: false; errors: string[] } {
  const parsed = catalogueFile.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues
        .slice(0, 50)
        .map((i: z.core.$ZodIssue) => `${label(input, i.path)}: ${i.message}`),
    };
  }
  const cat = parsed.data;
  const errors: string[] = [];
  const duplicates = (kind: string, slugs: string[]) => {
    const seen = new Set<string>();
    slugs.forEach((s, i) => {
      if (seen.has(s)) errors.push(`${kind}[${i}] (${s}) slug: is used twice`);
      seen.add(s);
    });
  };
  duplicates(
    "categories",
    cat.categories.map((c) => c.slug),
  );
  duplicates(
    "brands",
    cat.brands.map((b) => b.slug),
  );
  duplicates(
    "products",
    cat.products.map((p) => p.slug),
  );
  const taxonomy = new Map(
    cat.categories.map((c) => [
      c.slug,
      new Map(c.subcategories.map((s) => [s.slug, new Set(s.underSubcategories.map((u) => u.slug))])),
    ]),
  );
  const brandSlugs = new Set(cat.brands.map((b) => b.slug));
  cat.products.forEach((p, i) => {
    const at = `products[${i}] (${p.slug})`;
    const subs = taxonomy.get(p.category);
    if (!subs) {
      errors.push(`${at} category: no category '${p.category}' in the file`);
      return;
    }
    for (const s of p.subcategories) {
      if (!subs.has(s)) errors.push(`${at} subcategories: no subcategory '${s}' in category '${p.category}'`);
    }
    for (const path of p.underSubcategories) {
      const [s, u] = path.split("/") as [string, string];
      if (!subs.get(s)?.has(u))
        errors.push(`${at} underSubcategories: no '${path}' in category '${p.category}'`);
    }
    if (p.brand && !brandSlugs.has(p.brand)) errors.push(`${at} brand: no brand '${p.brand}' in the file`);
  });
  return errors.length > 0 ? { ok: false, errors: errors.slice(0, 50) } : { ok: true, catalogue: cat };
}

/** `insertOnly` columns are written when a row is created and left alone when it is updated. */
type Column = { name: string; type: string; values: unknown[]; insertOnly?: boolean };

/**
 * Upserts rows column-wise through `unnest`, touching a row only when a value differs, so
 * re-importing the same file changes nothing (not even `updated_at`). Returns the first key column
 * of the rows it inserted or changed.
 */
async function upsert(
  db: Executor,
  table: string,
  key: string[],
  columns: Column[],
  touch = true,
): Promise<string[]> {
  const written: string[] = [];
  const rows = columns[0]?.values.length ?? 0;
  for (let start = 0; start < rows; start += BATCH) {
    const names = columns.map((c) => sql.identifier(c.name));
    const arrays = columns.map(
      (c) => sql`${sql.param(c.values.slice(start, start + BATCH))}::${sql.raw(c.type)}[]`,
    );
    const updatable = columns.filter((c) => !key.includes(c.name) && !c.insertOnly);
    const set = updatable.map((c) => sql`${sql.identifier(c.name)} = excluded.${sql.identifier(c.name)}`);
    if (touch) set.push(sql`updated_at = now()`);
    const differs = sql.join(
      updatable.map(
        (c) => sql`t.${sql.identifier(c.name)} IS DISTINCT FROM excluded.${sql.identifier(c.name)}`,
      ),
      sql` OR `,
    );
    const conflict: SQL =
      updatable.length === 0
        ? sql`DO NOTHING`
        : sql`DO UPDATE SET ${sql.join(set, sql`, `)} WHERE ${differs}`;
    const result = await queryRows<{ key: string }>(
      db,
      sql`
      INSERT INTO ${sql.identifier(table)} AS t (${sql.join(names, sql`, `)})
      SELECT * FROM unnest(${sql.join(arrays, sql`, `)})
      ON CONFLICT (${sql.join(
        key.map((k) => sql.identifier(k)),
        sql`, `,
      )}) ${conflict}
      RETURNING t.${sql.identifier(key[0]!)} AS key`,
    );
    for (const r of result) written.push(r.key);
  }
  return written;
}

function col(name: string, type: string, values: unknown[], insertOnly = false): Column {
  return { name, type, values, insertOnly };
}

function discount(price: number, before: number): number {
  if (before <= 0 || before <= price) return 0;
  return Math.round(((before - price) / before) * 100);
}

/**
 * Imports (or re-imports) a catalogue in one transaction: either all of it lands or none of it.
 * Throws a DomainError of kind `invalid` listing every problem, each naming its record and field.
 */
export async function importCatalogue(
  db: Database,
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
    // created_at follows the file's order, so "sorted by createdAt" shows the catalogue as written.
    const order = (i: number) => new Date(now.getTime() - 1_000_000 + i * 1000).toISOString();
    await upsert(
      tx,
      "categories",
      ["id"],
      [
        col(
          "id",
          "text",
          cat.categories.map((c) => catalogueIds.category(c.slug)),
        ),
        col(
          "name",
          "text",
          cat.categories.map((c) => c.name),
        ),
        col(
          "slug",
          "text",
          cat.categories.map((c) => c.slug),
        ),
        col(
          "image",
          "text",
          cat.categories.map((c) => c.image),
        ),
        col(
          "created_at",
          "timestamptz",
          cat.categories.map((_, i) => order(i)),
          true,
        ),
      ],
    );

    const subs = cat.categories.flatMap((c) => c.subcategories.map((s) => ({ c, s })));
    result.subcategories = subs.length;
    await upsert(
      tx,
      "subcategories",
      ["id"],
      [
        col(
          "id",
          "text",
          subs.map(({ c, s }) => catalogueIds.subcategory(c.slug, s.slug)),
        ),
        col(
          "name",
          "text",
          subs.map(({ s }) => s.name),
        ),
        col(
          "slug",
          "text",
          subs.map(({ s }) => s.slug),
        ),
        col(
          "image",
          "text",
          subs.map(({ s }) => s.image),
        ),
        col(
          "category_id",
          "text",
          subs.map(({ c }) => catalogueIds.category(c.slug)),
        ),
        col(
          "created_at",
          "timestamptz",
          subs.map((_, i) => order(i)),
          true,
        ),
      ],
    );
    const unders = subs.flatMap(({ c, s }) => s.underSubcategories.map((u) => ({ c, s, u })));
    result.underSubcategories = unders.length;
    await upsert(
      tx,
      "under_subcategories",
      ["id"],
      [
        col(
          "id",
          "text",
          unders.map(({ c, s, u }) => catalogueIds.underSubcategory(c.slug, s.slug, u.slug)),
        ),
        col(
          "name",
          "text",
          unders.map(({ u }) => u.name),
        ),
        col(
          "slug",
          "text",
          unders.map(({ u }) => u.slug),
        ),
        col(
          "image",
          "text",
          unders.map(({ u }) => u.image),
        ),
        col(
          "subcategory_id",
          "text",
          unders.map(({ c, s }) => catalogueIds.subcategory(c.slug, s.slug)),
        ),
        col(
          "created_at",
          "timestamptz",
          unders.map((_, i) => order(i)),
          true,
        ),
      ],
    );
    progress({ stage: "brands", done: 0, total: cat.brands.length });
    await upsert(
      tx,
      "brands",
      ["id"],
      [
        col(
          "id",
          "text",
          cat.brands.map((b) => catalogueIds.brand(b.slug)),
        ),
        col(
          "name",
          "text",
          cat.brands.map((b) => b.name),
        ),
        col(
          "slug",
          "text",
          cat.brands.map((b) => b.slug),
        ),
        col(
          "image",
          "text",
          cat.brands.map((b) => b.image),
        ),
        col(
          "created_at",
          "timestamptz",
          cat.brands.map((_, i) => order(i)),
          true,
        ),
      ],
    );

    const names = {
      category: new Map(cat.categories.map((c) => [c.slug, c.name])),
      sub: new Map(subs.map(({ c, s }) => [`${c.slug}/${s.slug}`, s.name])),
      under: new Map(unders.map(({ c, s, u }) => [`${c.slug}/${s.slug}/${u.slug}`, u.name])),
      brand: new Map(cat.brands.map((b) => [b.slug, b.name])),
    };
    const groups = [...new Set(cat.products.flatMap((p) => (p.group ? [p.group] : [])))];
    const groupNames = new Map<string, string>();
    for (const p of cat.products) if (p.group && !groupNames.has(p.group)) groupNames.set(p.group, p.title);
    await upsert(
      tx,
      "product_groups",
      ["id"],
      [
        col(
          "id",
          "text",
          groups.map((g) => catalogueIds.group(g)),
        ),
        col(
          "name",
          "text",
          groups.map((g) => groupNames.get(g) ?? g),
        ),
      ],
      false,
    );

    const terms = new Set<string>();
    for (let start = 0; start < cat.products.length; start += BATCH) {
      const batch = cat.products.slice(start, start + BATCH);
      await writeProducts(tx, batch, names, terms, now);
      result.sizes += batch.reduce((n, p) => n + p.sizes.length, 0);
      progress({
        stage: "products",
        done: Math.min(start + BATCH, cat.products.length),
        total: cat.products.length,
      });
    }
    const termList = [...terms];
    for (let start = 0; start < termList.length; start += 5000) {
      await tx.execute(sql`INSERT INTO search_terms (term)
        SELECT unnest(${sql.param(termList.slice(start, start + 5000))}::text[]) ON CONFLICT DO NOTHING`);
    }
    // Fresh statistics for the tables an import reshapes, so that the first searches and lists after
    // it are planned on what the tables now hold rather than on what autovacuum last saw.
    await tx.execute(sql`ANALYZE products, product_sizes, search_postings, search_terms`);
    return result;
  });
}

interface Names {
  category: Map<string, string>;
  sub: Map<string, string>;
  under: Map<string, string>;
  brand: Map<string, string>;
}

async function writeProducts(
  tx: Executor,
  batch: CatalogueProduct[],
  names: Names,
  terms: Set<string>,
  now: Date,
): Promise<void> {
  const ids = batch.map((p) => catalogueIds.product(p.slug));
  const documents = batch.map((p) => {
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
  });
  const price = (p: CatalogueProduct) => amountToCents(p.price ?? p.sizes[0]?.price ?? 0);
  const before = (p: CatalogueProduct) =>
    amountToCents(
      p.priceBeforeDiscount ?? p.price ?? p.sizes[0]?.priceBeforeDiscount ?? p.sizes[0]?.price ?? 0,
    );
  const written = await upsert(
    tx,
    "products",
    ["id"],
    [
      col("id", "text", ids),
      col(
        "title",
        "text",
        batch.map((p) => p.title),
      ),
      col(
        "slug",
        "text",
        batch.map((p) => p.slug),
      ),
      col(
        "description",
        "text",
        batch.map((p) => p.description),
      ),
      col(
        "color",
        "text",
        batch.map((p) => p.color),
      ),
      col(
        "color_name",
        "text",
        batch.map((p) => p.colorName),
      ),
      col(
        "image_cover",
        "text",
        batch.map((p) => p.images[0]),
      ),
      col(
        "images",
        "jsonb",
        batch.map((p) => JSON.stringify(p.images)),
      ),
      col("price_cents", "int", batch.map(price)),
      col("price_before_discount_cents", "int", batch.map(before)),
      col(
        "discount_percent",
        "smallint",
        batch.map((p) => discount(price(p), before(p))),
      ),
      col(
        "stock",
        "int",
        batch.map((p) => p.stock ?? 0),
      ),
      col(
        "has_sizes",
        "boolean",
        batch.map((p) => p.sizes.length > 0),
      ),
      col(
        "sold",
        "int",
        batch.map((p) => p.sold),
      ),
      col(
        "ratings_average",
        "numeric",
        batch.map((p) => Math.round(p.ratingsAverage * 10) / 10),
      ),
      col(
        "ratings_quantity",
        "int",
        batch.map((p) => p.ratingsQuantity),
      ),
      col(
        "category_id",
        "text",
        batch.map((p) => catalogueIds.category(p.category)),
      ),
      col(
        "brand_id",
        "text",
        batch.map((p) => (p.brand ? catalogueIds.brand(p.brand) : null)),
      ),
      col(
        "group_id",
        "text",
        batch.map((p) => (p.group ? catalogueIds.group(p.group) : null)),
      ),
      col("search_document", "text", documents),
      col(
        "created_at",
        "timestamptz",
        batch.map((p) => p.createdAt ?? now.toISOString()),
        true,
      ),
    ],
  );

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
    [
      col(
        "id",
        "text",
        sizes.map((s) => s.id),
      ),
      col(
        "product_id",
        "text",
        sizes.map((s) => s.productId),
      ),
      col(
        "size",
        "text",
        sizes.map((s) => s.size),
      ),
      col(
        "position",
        "smallint",
        sizes.map((s) => s.position),
      ),
      col(
        "stock",
        "int",
        sizes.map((s) => s.stock),
      ),
      col(
        "price_cents",
        "int",
        sizes.map((s) => s.priceCents),
      ),
      col(
        "price_before_discount_cents",
        "int",
        sizes.map((s) => s.beforeCents),
      ),
      col(
        "discount_percent",
        "smallint",
        sizes.map((s) => s.discount),
      ),
    ],
    false,
  );

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
      [
        col(
          "product_id",
          "text",
          pairs.map((p) => p.productId),
        ),
        col(
          column,
          "text",
          pairs.map((p) => p.refId),
        ),
      ],
      false,
    );
  }
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
