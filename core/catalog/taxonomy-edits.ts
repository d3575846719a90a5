import { sql } from "drizzle-orm";
import {
  type SubcategoryCreateBody,
  slugFromName,
  type TaxonomyUpdateBody,
  taxonomyCreateBody,
  type UnderSubcategoryCreateBody,
} from "#contract/admin-taxonomy.ts";
import { type Database, type Executor, queryRows } from "#db/client.ts";
import { isUniqueViolation, sqlState } from "#db/errors.ts";
import { newId } from "#db/ids.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { CoreContext } from "../context.ts";
import { conflict, DomainError, invalidField } from "../errors.ts";
import { requireRole, type Staff } from "../staff/roles.ts";
import { catalogueIds } from "./catalogue-ids.ts";
import { refreshSearchDocuments } from "./search-documents.ts";
import {
  KINDS,
  readTaxonomyRow,
  recordColumns,
  type TaxonomyKind,
  type TaxonomyRecord,
  taxonomyRows,
} from "./taxonomy-kinds.ts";

// Categories, subcategories, under-subcategories and brands, created, changed and deleted by staff
// (docs/back-office/taxonomy.md). Every write checks the role, runs in one transaction with its
// audit entry, and a new name reaches the search documents and postings of the products that carry
// it in that same transaction, so the storefront finds them by it at once.

export type { TaxonomyKind, TaxonomyRecord } from "./taxonomy-kinds.ts";

const SLUG_SCHEMA = taxonomyCreateBody.shape.slug.unwrap();

/** The slug given, or the one made from the name, checked by the import's slug rule. */
function slugFor(body: { name: string; slug?: string }): string {
  if (body.slug !== undefined) return body.slug;
  const derived = slugFromName(body.name);
  const checked = SLUG_SCHEMA.safeParse(derived);
  if (!checked.success) throw invalidField("slug", checked.error.issues[0]!.message);
  return derived;
}

/**
 * The generated logo of a brand slug, as server/images.ts serves it (demo/images/render.ts
 * `brandImageUrl`): only for slugs of 40 characters or fewer; a slug ending in a served width
 * spells the default width out.
 */
export function generatedBrandImage(slug: string): string | undefined {
  if (slug.length > 40) return undefined;
  return /-(200|400)$/.test(slug) ? `/images/brands/${slug}-400.webp` : `/images/brands/${slug}.webp`;
}

const slugTaken = (kind: TaxonomyKind, slug: string) =>
  conflict(
    KINDS[kind].parent
      ? `Another ${KINDS[kind].noun} of this ${KINDS[KINDS[kind].parent!.kind].noun} has the slug '${slug}'.`
      : `Another ${KINDS[kind].noun} has the slug '${slug}'.`,
    "slug",
  );

/** Runs a write; a unique index that refuses the slug (two staff at once) is the slug's 409. */
async function withSlugGuard<T>(kind: TaxonomyKind, slug: () => string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(kind, slug());
    throw error;
  }
}

async function assertSlugFree(
  tx: Executor,
  kind: TaxonomyKind,
  slug: string,
  parentId: string | undefined,
  exceptId = "",
) {
  const parent = KINDS[kind].parent;
  const rows = await queryRows(
    tx,
    sql`SELECT 1 FROM ${sql.identifier(KINDS[kind].table)}
        WHERE slug = ${slug} AND id <> ${exceptId}
        ${parent ? sql`AND ${sql.identifier(parent.column)} = ${parentId ?? ""}` : sql``}`,
  );
  if (rows.length > 0) throw slugTaken(kind, slug);
}

/** The parent a new record goes under, locked against its deletion; a 400 naming the field when absent. */
async function lockParent(tx: Executor, kind: TaxonomyKind, parentId: string): Promise<TaxonomyRecord> {
  const parent = KINDS[kind].parent!;
  try {
    return await readTaxonomyRow(tx, parent.kind, parentId, sql`FOR KEY SHARE`);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found")
      throw invalidField(parent.field, error.message);
    throw error;
  }
}

/** The import's id for the record (so a catalogue file naming it updates it), unless a renamed record holds it. */
async function idFor(tx: Executor, kind: TaxonomyKind, derived: string): Promise<string> {
  const rows = await queryRows(
    tx,
    sql`SELECT 1 FROM ${sql.identifier(KINDS[kind].table)} WHERE id = ${derived}`,
  );
  return rows.length === 0 ? derived : newId();
}

interface NewRecord {
  name: string;
  slug?: string;
  image?: string;
}

async function createTaxonomy(
  ctx: Pick<CoreContext, "db" | "now">,
  actor: Staff,
  kind: TaxonomyKind,
  body: NewRecord,
  parentId?: string,
): Promise<TaxonomyRecord> {
  requireRole(actor, "manager");
  const slug = slugFor(body);
  const image = body.image ?? (kind === "brand" ? generatedBrandImage(slug) : undefined);
  if (image === undefined) throw invalidField("image", "is required");
  const spec = KINDS[kind];
  const now = ctx.now();
  return withSlugGuard(
    kind,
    () => slug,
    () =>
      ctx.db.transaction(async (tx) => {
        const path: string[] = [];
        if (spec.parent) {
          const parent = await lockParent(tx, kind, parentId!);
          if (spec.parent.kind === "subcategory") {
            const category = await readTaxonomyRow(tx, "category", parent.category!);
            path.push(category.slug);
          }
          path.push(parent.slug);
        }
        await assertSlugFree(tx, kind, slug, parentId);
        const derived = {
          category: () => catalogueIds.category(slug),
          subcategory: () => catalogueIds.subcategory(path[0]!, slug),
          "under-subcategory": () => catalogueIds.underSubcategory(path[0]!, path[1]!, slug),
          brand: () => catalogueIds.brand(slug),
        }[kind]();
        const id = await idFor(tx, kind, derived);
        const at = now.toISOString();
        const columns = spec.parent ? sql`, ${sql.identifier(spec.parent.column)}` : sql``;
        const values = spec.parent ? sql`, ${parentId}` : sql``;
        const [record] = await taxonomyRows(
          tx,
          kind,
          sql`INSERT INTO ${sql.identifier(spec.table)} (id, name, slug, image, created_at, updated_at ${columns})
              VALUES (${id}, ${body.name}, ${slug}, ${image}, ${at}::timestamptz, ${at}::timestamptz ${values})
              RETURNING ${recordColumns(kind)}`,
        );
        await recordAudit(tx, actor, {
          action: `${kind}.create`,
          entity: kind,
          entityId: id,
          before: null,
          after: record,
          at: now,
        });
        return record!;
      }),
  );
}

export const createCategory = (ctx: Pick<CoreContext, "db" | "now">, actor: Staff, body: NewRecord) =>
  createTaxonomy(ctx, actor, "category", body);

export const createBrand = (ctx: Pick<CoreContext, "db" | "now">, actor: Staff, body: NewRecord) =>
  createTaxonomy(ctx, actor, "brand", body);

export const createSubcategory = (
  ctx: Pick<CoreContext, "db" | "now">,
  actor: Staff,
  body: SubcategoryCreateBody,
) => createTaxonomy(ctx, actor, "subcategory", body, body.category);

export const createUnderSubcategory = (
  ctx: Pick<CoreContext, "db" | "now">,
  actor: Staff,
  body: UnderSubcategoryCreateBody,
) => createTaxonomy(ctx, actor, "under-subcategory", body, body.subCategory);

/**
 * Changes a record's name, slug or image. A new name is written into the search documents (and
 * postings) of every product that carries it, in the same transaction. A brand whose image was the
 * generated logo of its old slug gets the logo of the new one (the old slug's logo is no longer served).
 */
export async function updateTaxonomy(
  ctx: Pick<CoreContext, "db" | "now">,
  actor: Staff,
  kind: TaxonomyKind,
  id: string,
  body: TaxonomyUpdateBody,
): Promise<TaxonomyRecord> {
  requireRole(actor, "manager");
  const spec = KINDS[kind];
  const now = ctx.now();
  return withSlugGuard(
    kind,
    () => body.slug ?? "",
    () =>
      ctx.db.transaction(async (tx) => {
        const before = await readTaxonomyRow(tx, kind, id, sql`FOR UPDATE`);
        const slug = body.slug ?? before.slug;
        const parentId = spec.parent ? before[spec.parent.field] : undefined;
        if (slug !== before.slug) await assertSlugFree(tx, kind, slug, parentId, id);
        let image = body.image ?? before.image;
        if (kind === "brand" && body.image === undefined && image === generatedBrandImage(before.slug))
          image = generatedBrandImage(slug) ?? image;
        const name = body.name ?? before.name;
        if (name === before.name && slug === before.slug && image === before.image) return before;
        const [after] = await taxonomyRows(
          tx,
          kind,
          sql`UPDATE ${sql.identifier(spec.table)}
              SET name = ${name}, slug = ${slug}, image = ${image}, updated_at = ${now.toISOString()}::timestamptz
              WHERE id = ${id}
              RETURNING ${recordColumns(kind)}`,
        );
        if (name !== before.name) await refreshSearchDocuments(tx, spec.products(id), [name]);
        await recordAudit(tx, actor, {
          action: `${kind}.update`,
          entity: kind,
          entityId: id,
          before,
          after,
          at: now,
        });
        return after!;
      }),
  );
}

/** How many products and child records use a record: it may be deleted only when both are 0. */
export async function taxonomyUsage(
  db: Pick<Executor, "execute">,
  kind: TaxonomyKind,
  id: string,
): Promise<{ products: number; children: number }> {
  const spec = KINDS[kind];
  const [row] = await queryRows<{ products: number; children: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM (${spec.products(id)}) AS p) AS products,
        ${
          spec.children
            ? sql`(SELECT count(*)::int FROM ${sql.identifier(spec.children.table)} WHERE ${sql.identifier(spec.children.column)} = ${id})`
            : sql`0`
        } AS children`,
  );
  return row ?? { products: 0, children: 0 };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Deletes a record nothing uses. One with products (archived ones too: orders keep pointing at
 * them) or with records below it is a 409 saying how many; the tables' `restrict` keys back this.
 */
export async function deleteTaxonomy(
  ctx: Pick<CoreContext, "db" | "now">,
  actor: Staff,
  kind: TaxonomyKind,
  id: string,
): Promise<TaxonomyRecord> {
  requireRole(actor, "manager");
  const spec = KINDS[kind];
  const now = ctx.now();
  try {
    return await (ctx.db as Database).transaction(async (tx) => {
      // FOR UPDATE waits for, and then blocks, a product or child being linked to it meanwhile
      // (their foreign key checks take a KEY SHARE lock on this row).
      const before = await readTaxonomyRow(tx, kind, id, sql`FOR UPDATE`);
      const usage = await taxonomyUsage(tx, kind, id);
      const what = `The ${spec.noun} '${before.name}'`;
      if (usage.products > 0)
        throw conflict(
          `${what} has ${plural(usage.products, "product", "products")}: only an unused ${spec.noun} can be deleted.`,
        );
      if (usage.children > 0 && spec.children)
        throw conflict(
          `${what} has ${plural(usage.children, spec.children.noun.replace(/ies$/, "y"), spec.children.noun)}: delete them first.`,
        );
      await tx.execute(sql`DELETE FROM ${sql.identifier(spec.table)} WHERE id = ${id}`);
      await recordAudit(tx, actor, {
        action: `${kind}.delete`,
        entity: kind,
        entityId: id,
        before,
        after: null,
        at: now,
      });
      return before;
    });
  } catch (error) {
    // 23503: a reference the counts above did not see (none should get past the row lock).
    if (sqlState(error) === "23503") throw conflict(`This ${spec.noun} is still in use.`);
    throw error;
  }
}

/** One record for the back office, its image as stored. */
export const getTaxonomyRecord = (ctx: Pick<CoreContext, "db">, kind: TaxonomyKind, id: string) =>
  readTaxonomyRow(ctx.db, kind, id);
