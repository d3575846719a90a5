import { sql } from "drizzle-orm";
import type { CatalogueProduct } from "#contract/catalogue-file.ts";
import { sizeKey } from "#contract/sizes.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { ts } from "#db/sql.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { CoreContext } from "../context.ts";
import { conflict } from "../errors.ts";
import { amountToCents } from "../money.ts";
import { requireRole, type Staff } from "../staff/roles.ts";
import { lockStockRows } from "../stock/locks.ts";
import { catalogueIds } from "./catalogue-ids.ts";
import { discount, productSearchDocument } from "./import-products.ts";
import { refreshListingPrices } from "./listing.ts";
import {
  parseProductRecord,
  type ResolvedRecord,
  recordProblems,
  resolveProductRecord,
} from "./product-record-check.ts";
import { readStoredProduct, type StoredProduct } from "./product-records.ts";
import { refreshSearchPostings } from "./search-postings.ts";

// Staff create, edit, archive and restore products (docs/back-office/products.md,
// docs/decisions/041-product-edits.md). A product is sent as one record of the catalogue file and
// checked as the import checks it; each write is one transaction that also brings the listing
// price, the search postings and the lexicon up to date and records the audit entry, so the
// storefront shows the change on its next request.

/** Creates a product from a record of the catalogue file; returns its id (derived from the slug, as the import's). */
export async function createProduct(ctx: CoreContext, actor: Staff, input: unknown): Promise<string> {
  requireRole(actor, "manager");
  const p = parseProductRecord(input);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const refs = await resolveProductRecord(tx, p);
    const id = catalogueIds.product(p.slug);
    // Any unique key taken (the id, the slug) means the product exists: a concurrent create of the
    // same slug waits for the first and then inserts nothing.
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO products (id, slug, title, description, color, color_name, image_cover, images,
            price_cents, price_before_discount_cents, category_id, created_at, updated_at)
          VALUES (${id}, ${p.slug}, '', '', '', '', '', '[]'::jsonb, 0, 0, ${refs.categoryId}, ${ts(now)}, ${ts(now)})
          ON CONFLICT DO NOTHING RETURNING id`,
    );
    if (inserted.length === 0) {
      throw conflict(`slug: a product with the slug '${p.slug}' already exists`, "slug");
    }
    await writeProduct(tx, id, p, refs, { sizes: [], wasSized: null }, actor, now);
    const after = await readStoredProduct(tx, id);
    await recordAudit(tx, actor, {
      action: "product.create",
      entity: "product",
      entityId: id,
      before: null,
      after: after.record,
      at: now,
    });
    return id;
  });
}

/**
 * Replaces a product's record. The slug cannot change (the catalogue file names the product by it).
 * Stock on hand of the sizes the product already has is kept whatever the record says: stock moves
 * through the stock page's adjustments, with a reason in the ledger; a new size (or a product that
 * had no sizes before, or the product itself when it had sizes before) takes the record's stock.
 * A size the record no longer lists is removed (`removed_at`), never deleted: orders and holds
 * name it, and a cart holding it sees the line lapse with a notice (core/cart/loaded-cart.ts).
 */
export async function updateProduct(
  ctx: CoreContext,
  actor: Staff,
  id: string,
  input: unknown,
): Promise<StoredProduct> {
  requireRole(actor, "manager");
  const p = parseProductRecord(input);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockProduct(tx, id);
    if (p.slug !== before.record.slug) {
      throw recordProblems([
        {
          field: "slug",
          message: `cannot change (it is '${before.record.slug}'): the catalogue file names the product by it`,
        },
      ]);
    }
    const refs = await resolveProductRecord(tx, p);
    const wasSized = before.record.price === undefined; // the record has a price only without sizes
    await writeProduct(tx, id, p, refs, { sizes: before.sizes, wasSized }, actor, now);
    const after = await readStoredProduct(tx, id);
    await recordAudit(tx, actor, {
      action: "product.update",
      entity: "product",
      entityId: id,
      before: before.record,
      after: after.record,
      at: now,
    });
    return after;
  });
}

/** Takes a product off the storefront (lists, search, its page, carts); orders keep naming it. */
export function archiveProduct(ctx: CoreContext, actor: Staff, id: string) {
  return setArchived(ctx, actor, id, true);
}

/** Puts an archived product back on the storefront. */
export function restoreProduct(ctx: CoreContext, actor: Staff, id: string) {
  return setArchived(ctx, actor, id, false);
}

async function setArchived(
  ctx: CoreContext,
  actor: Staff,
  id: string,
  archived: boolean,
): Promise<{ id: string; archivedAt: string | null }> {
  requireRole(actor, "manager");
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockProduct(tx, id);
    // Archiving twice (a double click) changes nothing and records nothing.
    if ((before.archivedAt !== null) === archived) return { id, archivedAt: before.archivedAt };
    await tx.execute(sql`UPDATE products SET archived_at = ${archived ? ts(now) : null}, updated_at = ${ts(now)}
      WHERE id = ${id}`);
    // An archived product has no search postings; restoring it writes them again.
    await refreshSearchPostings(tx, [id]);
    const archivedAt = archived ? now.toISOString() : null;
    await recordAudit(tx, actor, {
      action: archived ? "product.archive" : "product.restore",
      entity: "product",
      entityId: id,
      before: { archivedAt: before.archivedAt },
      after: { archivedAt },
      at: now,
    });
    return { id, archivedAt };
  });
}

/**
 * Locks the product's stock rows — its sizes by id, then the product — in the one global order
 * (core/stock/locks.ts), so an edit waits for a checkout selling from it and the other way round,
 * and a cart adding one of its sizes sees the edit or waits for it; then reads it. 404 for no product.
 */
async function lockProduct(tx: Executor, id: string): Promise<StoredProduct> {
  const sizes = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM product_sizes WHERE product_id = ${id}`,
  );
  await lockStockRows(tx, [
    ...sizes.map((s) => ({ productId: id, sizeId: s.id })),
    { productId: id, sizeId: null },
  ]);
  return readStoredProduct(tx, id);
}

interface Current {
  /** Every size row the product has (removed ones too). */
  sizes: StoredProduct["sizes"];
  /** Whether the product had sizes before this write; null for a new product. */
  wasSized: boolean | null;
}

/** The product's row, sizes, links, group, lexicon, listing price and search postings, from the record. */
async function writeProduct(
  tx: Executor,
  id: string,
  p: CatalogueProduct,
  refs: ResolvedRecord,
  current: Current,
  actor: Staff,
  now: Date,
): Promise<void> {
  const terms = new Set<string>();
  const document = productSearchDocument(p, refs.names, terms);
  const groupId = p.group ? catalogueIds.group(p.group) : null;
  if (groupId) {
    // A new group is named after its first product, as the import names it.
    await tx.execute(
      sql`INSERT INTO product_groups (id, name, slug) VALUES (${groupId}, ${p.title}, ${p.group})
          ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug WHERE product_groups.slug IS NULL`,
    );
  }
  const sized = p.sizes.length > 0;
  const priceCents = amountToCents(p.price ?? p.sizes[0]?.price ?? 0);
  const beforeCents = amountToCents(
    p.priceBeforeDiscount ?? p.price ?? p.sizes[0]?.priceBeforeDiscount ?? p.sizes[0]?.price ?? 0,
  );
  // A product without sizes keeps its stock on hand, unless it is new or had sizes until now.
  const setsStock = !sized && current.wasSized !== false;
  await tx.execute(sql`UPDATE products SET title = ${p.title}, description = ${p.description}, color = ${p.color},
      color_name = ${p.colorName}, image_cover = ${p.images[0]!}, images = ${JSON.stringify(p.images)}::jsonb,
      price_cents = ${priceCents}, price_before_discount_cents = ${beforeCents},
      discount_percent = ${discount(priceCents, beforeCents)}, has_sizes = ${sized},
      ${setsStock ? sql`stock = ${p.stock ?? 0},` : sized ? sql`stock = 0,` : sql``}
      category_id = ${refs.categoryId}, brand_id = ${refs.brandId}, group_id = ${groupId},
      search_document = ${document}, updated_at = ${ts(now)}
    WHERE id = ${id}`);
  if (setsStock && (p.stock ?? 0) > 0) await recordInitialStock(tx, id, null, p.stock ?? 0, actor, now);
  await writeSizes(tx, id, p, current.sizes, actor, now);
  await writeLinks(tx, id, refs);
  const termList = [...terms];
  if (termList.length > 0) {
    await tx.execute(
      sql`INSERT INTO search_terms (term) SELECT unnest(${sql.param(termList)}::text[]) ON CONFLICT DO NOTHING`,
    );
  }
  const repriced = sized ? await refreshListingPrices(tx, [id]) : [];
  // The listing price refresh rebuilt the postings if it repriced the product.
  if (repriced.length === 0) await refreshSearchPostings(tx, [id]);
}

/**
 * The record's sizes: those the product has (matched ignoring case) take the record's label,
 * position and prices and keep their stock; new ones are added with the record's stock; those the
 * record no longer lists are removed. A removed size listed again comes back (same row).
 */
async function writeSizes(
  tx: Executor,
  productId: string,
  p: CatalogueProduct,
  existing: StoredProduct["sizes"],
  actor: Staff,
  now: Date,
): Promise<void> {
  const byKey = new Map(existing.map((s) => [sizeKey(s.size), s]));
  const listed = new Set<string>();
  for (const [position, s] of p.sizes.entries()) {
    const priceCents = amountToCents(s.price);
    const beforeCents = amountToCents(s.priceBeforeDiscount ?? s.price);
    const found = byKey.get(sizeKey(s.size));
    if (found) {
      listed.add(found.id);
      await tx.execute(sql`UPDATE product_sizes SET size = ${s.size}, position = ${position},
          price_cents = ${priceCents}, price_before_discount_cents = ${beforeCents},
          discount_percent = ${discount(priceCents, beforeCents)}, removed_at = NULL
        WHERE id = ${found.id}`);
      continue;
    }
    const sizeId = catalogueIds.size(p.slug, s.size);
    await tx.execute(sql`INSERT INTO product_sizes
        (id, product_id, size, position, stock, price_cents, price_before_discount_cents, discount_percent)
      VALUES (${sizeId}, ${productId}, ${s.size}, ${position}, ${s.stock}, ${priceCents}, ${beforeCents},
        ${discount(priceCents, beforeCents)})`);
    if (s.stock > 0)
      await recordInitialStock(tx, productId, { id: sizeId, size: s.size }, s.stock, actor, now);
  }
  const removed = existing.filter((s) => s.removedAt === null && !listed.has(s.id)).map((s) => s.id);
  if (removed.length > 0) {
    await tx.execute(
      sql`UPDATE product_sizes SET removed_at = ${ts(now)} WHERE id = ANY(${sql.param(removed)}::text[])`,
    );
  }
}

/** The stock ledger's first entry of a new item (a size, or a product without sizes): where its stock came from. */
async function recordInitialStock(
  tx: Executor,
  productId: string,
  size: { id: string; size: string } | null,
  stock: number,
  actor: Staff,
  now: Date,
): Promise<void> {
  await tx.execute(sql`INSERT INTO stock_ledger (product_id, product_size_id, size, delta, stock_after, reason, actor_id, created_at)
    VALUES (${productId}, ${size?.id ?? null}, ${size?.size ?? null}, ${stock}, ${stock}, 'initial', ${actor.id}, ${ts(now)})`);
}

/** The product's subcategory and under-subcategory links, exactly those of the record. */
async function writeLinks(tx: Executor, productId: string, refs: ResolvedRecord): Promise<void> {
  await tx.execute(sql`DELETE FROM product_subcategories WHERE product_id = ${productId}`);
  await tx.execute(sql`DELETE FROM product_under_subcategories WHERE product_id = ${productId}`);
  if (refs.subcategoryIds.length > 0) {
    await tx.execute(sql`INSERT INTO product_subcategories (product_id, subcategory_id)
      SELECT ${productId}, unnest(${sql.param([...new Set(refs.subcategoryIds)])}::text[])`);
  }
  if (refs.underSubcategoryIds.length > 0) {
    await tx.execute(sql`INSERT INTO product_under_subcategories (product_id, under_subcategory_id)
      SELECT ${productId}, unnest(${sql.param([...new Set(refs.underSubcategoryIds)])}::text[])`);
  }
}
