import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase, wrapPglite } from "#db/client.ts";
import { seedDemoShop } from "#demo/seed.ts";
import { startJobQueue } from "#server/adapters/job-queue.ts";
import { TEST_NOW, TEST_PRODUCTS, TEST_SEED } from "./constants.ts";
import { POSTGRES, serviceError } from "./services.ts";

let pgliteTemplate: Promise<PGlite> | undefined;

/** One migrated, seeded PGlite per worker; every test file gets a clone (about a second). */
function pgliteSeededTemplate(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const handle = wrapPglite(client);
    await handle.migrate();
    await seedDemoShop(handle.db, { products: TEST_PRODUCTS, seed: TEST_SEED, now: TEST_NOW });
    // The job queue's tables in the template, so each clone's queue starts without creating them.
    await (await startJobQueue(handle, { supervise: false })).stop();
    return client;
  })();
  return pgliteTemplate;
}

export interface TestDatabase extends DatabaseHandle {
  /**
   * The PostgreSQL database's own URL, for what must reach it over its own connections (a second
   * app instance with its own pool, a server in a child process); undefined on PGlite.
   */
  url?: string;
}

/**
 * A fresh database for one test file, migrated by the production migrations and holding the
 * seeded test catalogue: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = await pgliteSeededTemplate();
    return wrapPglite((await template.clone()) as PGlite);
  }
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect().catch((error) => {
    throw serviceError(POSTGRES, url, error);
  });
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("pgTemplate")}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ url: dbUrl.href, poolSize: 5 });
  return {
    ...handle,
    url: dbUrl.href,
    close: async () => {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * A PGlite data directory (empty or not there yet) holding the migrated, seeded test database: for
 * a shop in a process of its own (SHOP_DATA_DIR), which the test may open itself only while that
 * process is not running (db/pglite-lock.ts).
 */
export async function createTestDataDir(dataDir: string): Promise<void> {
  const template = await pgliteSeededTemplate();
  const dump = await template.dumpDataDir("none");
  const client = await PGlite.create({ dataDir, loadDataDir: dump, extensions: { pg_trgm } });
  await client.close();
}

export async function countRows(handle: DatabaseHandle, table: string): Promise<number> {
  const result = (await handle.db.execute(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}
