import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withPostingIndexesBuiltLast } from "#core/catalog/search-postings.ts";
import { type Database, queryRows, wrapPglite } from "#db/client.ts";
import { seedDemoShop } from "#demo/seed.ts";
import { TEST_NOW } from "../support/constants.ts";

// A seed into an empty shop builds the search postings' indexes once after its import
// (docs/decisions/064-seed-builds-posting-indexes-last.md): they must come back exactly as the
// migrations define them, and be left in place when the load fails or the shop already has postings.

interface Index {
  name: string;
  definition: string;
  oid: number;
}

const postingIndexes = (db: Database) =>
  queryRows<Index>(
    db,
    sql`SELECT i.indexname AS name, i.indexdef AS definition, c.oid::int AS oid
      FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname
      WHERE i.tablename = 'search_postings' ORDER BY i.indexname`,
  );
const definitions = (indexes: Index[]) => indexes.map(({ name, definition }) => ({ name, definition }));

async function withFreshDatabase(run: (db: Database) => Promise<void>) {
  const database = wrapPglite(await PGlite.create({ extensions: { pg_trgm } }));
  try {
    await database.migrate();
    await run(database.db);
  } finally {
    await database.close();
  }
}

describe("the seed's search posting indexes", () => {
  it("are built again after a first seed exactly as the migrations define them, and kept by a second", async () => {
    await withFreshDatabase(async (db) => {
      const migrated = await postingIndexes(db);
      expect(migrated.map((i) => i.name)).toEqual([
        "search_postings_lexeme_idx",
        "search_postings_lexeme_sold_idx",
        "search_postings_product_idx",
      ]);

      await seedDemoShop(db, { products: 40, seed: 3, now: TEST_NOW });
      const seeded = await postingIndexes(db);
      expect(definitions(seeded)).toEqual(definitions(migrated));
      // The two search indexes are new ones; the product index, which the writes read by, is the same.
      const oid = (indexes: Index[], name: string) => indexes.find((i) => i.name === name)?.oid;
      expect(oid(seeded, "search_postings_lexeme_idx")).not.toBe(oid(migrated, "search_postings_lexeme_idx"));
      expect(oid(seeded, "search_postings_product_idx")).toBe(oid(migrated, "search_postings_product_idx"));
      const [{ postings } = { postings: 0 }] = await queryRows<{ postings: number }>(
        db,
        sql`SELECT count(*)::int AS postings FROM search_postings`,
      );
      expect(postings).toBeGreaterThan(40);

      // A shop that already has postings is being searched: its indexes are not touched.
      await seedDemoShop(db, { products: 40, seed: 3, now: TEST_NOW });
      expect(await postingIndexes(db)).toEqual(seeded);
    });
  }, 120_000);

  it("are back as they were when the load fails", async () => {
    await withFreshDatabase(async (db) => {
      const before = await postingIndexes(db);
      await expect(
        withPostingIndexesBuiltLast(db, async (tx) => {
          expect(await postingIndexes(tx as Database)).toHaveLength(1);
          throw new Error("the import failed");
        }),
      ).rejects.toThrow("the import failed");
      expect(await postingIndexes(db)).toEqual(before);
    });
  }, 60_000);
});
