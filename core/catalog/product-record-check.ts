import { sql } from "drizzle-orm";
import type { z } from "zod";
import { type CatalogueProduct, catalogueProduct } from "#contract/catalogue-file.ts";
import { findUnstorableText, unstorableMessage } from "#contract/storable-text.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { DomainError, type FieldIssue } from "../errors.ts";
import type { Names } from "./import-products.ts";

// One product record of the catalogue file (contract/catalogue-file.ts), as staff send it to create
// or edit a product (docs/back-office/products.md): the import's schema and messages, field by
// field, then the slugs it names looked up in the catalogue, as the import looks them up in its file.

/** `sizes[0].price`, the way the import names a field of a record (catalogue-validation.ts). */
export function fieldLabel(path: readonly PropertyKey[]): string {
  return (
    path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("") ||
    "product"
  );
}

/** A 400 listing every problem: the message is the first one, as the import writes it (`field: problem`). */
export function recordProblems(issues: FieldIssue[]): DomainError {
  const first = issues[0]!;
  return new DomainError("invalid", `${first.field}: ${first.message}`, issues);
}

/** The record checked by the import's schema; throws a 400 naming each bad field. */
export function parseProductRecord(input: unknown): CatalogueProduct {
  const unstorable = findUnstorableText(input);
  if (unstorable !== null) {
    throw recordProblems([{ field: unstorable, message: unstorableMessage(unstorable) }]);
  }
  const parsed = catalogueProduct.safeParse(input);
  if (parsed.success) return parsed.data;
  throw recordProblems(
    parsed.error.issues
      .slice(0, 50)
      .map((i: z.core.$ZodIssue) => ({ field: fieldLabel(i.path), message: i.message })),
  );
}

/** The catalogue's rows a record names, by the slugs it uses, with their names for its search document. */
export interface ResolvedRecord {
  categoryId: string;
  brandId: string | null;
  subcategoryIds: string[];
  underSubcategoryIds: string[];
  names: Names;
}

/**
 * Looks up the category, subcategories, under-subcategories and brand a record names, by slug;
 * throws a 400 naming each that the catalogue lacks (the import's checks, against the shop's
 * catalogue instead of the file's).
 */
export async function resolveProductRecord(db: Executor, p: CatalogueProduct): Promise<ResolvedRecord> {
  const [category] = await queryRows<{ id: string; name: string }>(
    db,
    sql`SELECT id, name FROM categories WHERE slug = ${p.category}`,
  );
  if (!category) {
    throw recordProblems([{ field: "category", message: `no category '${p.category}' in the catalogue` }]);
  }
  const subSlugs = [...new Set([...p.subcategories, ...p.underSubcategories.map((u) => u.split("/")[0]!)])];
  const [subs, unders, brands] = await Promise.all([
    queryRows<{ id: string; slug: string; name: string }>(
      db,
      sql`SELECT id, slug, name FROM subcategories
          WHERE category_id = ${category.id} AND slug = ANY(${sql.param(subSlugs)}::text[])`,
    ),
    queryRows<{ id: string; path: string; name: string }>(
      db,
      sql`SELECT u.id, s.slug || '/' || u.slug AS path, u.name
          FROM under_subcategories u JOIN subcategories s ON s.id = u.subcategory_id
          WHERE s.category_id = ${category.id}
            AND s.slug || '/' || u.slug = ANY(${sql.param(p.underSubcategories)}::text[])`,
    ),
    p.brand
      ? queryRows<{ id: string; name: string }>(db, sql`SELECT id, name FROM brands WHERE slug = ${p.brand}`)
      : Promise.resolve([]),
  ]);
  const subBySlug = new Map(subs.map((s) => [s.slug, s]));
  const underByPath = new Map(unders.map((u) => [u.path, u]));
  const problems: FieldIssue[] = [];
  p.subcategories.forEach((s, i) => {
    if (!subBySlug.has(s))
      problems.push({
        field: `subcategories[${i}]`,
        message: `no subcategory '${s}' in category '${p.category}'`,
      });
  });
  p.underSubcategories.forEach((path, i) => {
    if (!underByPath.has(path))
      problems.push({
        field: `underSubcategories[${i}]`,
        message: `no '${path}' in category '${p.category}'`,
      });
  });
  if (p.brand && !brands[0])
    problems.push({ field: "brand", message: `no brand '${p.brand}' in the catalogue` });
  if (problems.length > 0) throw recordProblems(problems);
  return {
    categoryId: category.id,
    brandId: brands[0]?.id ?? null,
    subcategoryIds: p.subcategories.map((s) => subBySlug.get(s)!.id),
    underSubcategoryIds: p.underSubcategories.map((u) => underByPath.get(u)!.id),
    names: {
      category: new Map([[p.category, category.name]]),
      sub: new Map(subs.map((s) => [`${p.category}/${s.slug}`, s.name])),
      under: new Map(unders.map((u) => [`${p.category}/${u.path}`, u.name])),
      brand: new Map(brands.map((b) => [p.brand!, b.name])),
    },
  };
}
