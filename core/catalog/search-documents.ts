import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { lexiconTerms, searchDocument } from "./search.ts";
import { refreshSearchPostings } from "./search-postings.ts";

// A product's search document (products.search_document) holds its title and colour and the names
// of its brand, category, subcategories and under-subcategories, in the order the catalogue import
// writes them (core/catalog/import-products.ts). When a name changes, the documents that hold it
// are written again from the rows, with their search postings, in the caller's transaction.

const BATCH = 1000;

interface DocumentRow {
  id: string;
  title: string;
  color_name: string;
  brand: string | null;
  category: string;
  subs: string[];
  unders: string[];
  search_document: string;
}

/**
 * Rewrites the search documents of the products `productIds` selects (an SQL query with a
 * `product_id` column), a batch at a time, and rebuilds the search postings of those that changed.
 * Adds `names`' words to the spelling lexicon (search_terms). Returns how many documents changed.
 */
export async function refreshSearchDocuments(
  tx: Executor,
  productIds: SQL,
  names: readonly string[],
): Promise<number> {
  const terms = [...new Set(names.flatMap((n) => lexiconTerms(n)))];
  if (terms.length > 0) {
    await tx.execute(sql`INSERT INTO search_terms (term)
      SELECT unnest(${sql.param(terms)}::text[]) ON CONFLICT DO NOTHING`);
  }
  let changed = 0;
  let after = "";
  for (;;) {
    const rows = await queryRows<DocumentRow>(
      tx,
      sql`SELECT p.id, p.title, p.color_name, b.name AS brand, c.name AS category, p.search_document,
            ARRAY(SELECT s.name FROM product_subcategories ps JOIN subcategories s ON s.id = ps.subcategory_id
                  WHERE ps.product_id = p.id ORDER BY s.created_at, s.id) AS subs,
            ARRAY(SELECT u.name FROM product_under_subcategories pu
                    JOIN under_subcategories u ON u.id = pu.under_subcategory_id
                  WHERE pu.product_id = p.id ORDER BY u.created_at, u.id) AS unders
          FROM products p
          JOIN categories c ON c.id = p.category_id
          LEFT JOIN brands b ON b.id = p.brand_id
          WHERE p.id IN (SELECT product_id FROM (${productIds}) AS affected) AND p.id > ${after}
          ORDER BY p.id
          LIMIT ${BATCH}
          FOR UPDATE OF p`,
    );
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const updates = rows
      .map((r) => ({
        id: r.id,
        document: searchDocument([r.title, r.color_name, r.brand, r.category, ...r.subs, ...r.unders]),
        before: r.search_document,
      }))
      .filter((u) => u.document !== u.before);
    if (updates.length > 0) {
      await tx.execute(sql`UPDATE products p SET search_document = v.document
        FROM unnest(${sql.param(updates.map((u) => u.id))}::text[], ${sql.param(updates.map((u) => u.document))}::text[])
          AS v(id, document)
        WHERE p.id = v.id`);
      await refreshSearchPostings(
        tx,
        updates.map((u) => u.id),
      );
      changed += updates.length;
    }
    if (rows.length < BATCH) break;
  }
  return changed;
}
