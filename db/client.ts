import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDir } from "./pglite-lock.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The one database type core code sees, whether PGlite or a PostgreSQL server is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or an open transaction: core functions that write take either. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute" | "transaction">;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * How a second client reaches the same database: the job queue (server/adapters/job-queue.ts)
   * shares the embedded PGlite, or opens its own pool on the PostgreSQL URL.
   */
  connection: { pglite: PGlite } | { url: string };
  /** Apply pending migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; unset means embedded PGlite. */
  url?: string;
  /** Where PGlite keeps its files; unset means in memory. */
  dataDir?: string;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
  /** Called with every statement and its parameters before it runs (benchmarks capture the SQL this way). */
  onQuery?: (query: string, params: unknown[]) => void;
}

/** A drizzle logger that forwards to `onQuery`; none at all when no hook is given. */
function queryLogger(onQuery: OpenDatabaseOptions["onQuery"]) {
  return onQuery ? { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } : undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on("error", () => {});
    const db = drizzlePg({
      client: pool,
      schema,
      logger: queryLogger(options.onQuery),
    }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      connection: { url: options.url },
      migrate: async () => {
        // Several instances may start at once: an advisory lock lets one migrate while the others
        // wait, then find nothing left to do.
        const lock = await pool.connect();
        try {
          await lock.query("SELECT pg_advisory_lock(7434201)");
          await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await lock.query("SELECT pg_advisory_unlock(7434201)").catch(() => {});
          lock.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (!options.dataDir) return wrapPglite(await PGlite.create({ extensions: { pg_trgm } }), options.onQuery);
  await mkdir(options.dataDir, { recursive: true });
  // One process at a time on a data directory (db/pglite-lock.ts).
  const unlock = lockDataDir(options.dataDir);
  try {
    const client = await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } });
    const handle = wrapPglite(client, options.onQuery);
    return { ...handle, close: () => handle.close().finally(unlock) };
  } catch (error) {
    unlock();
    throw error;
  }
}

export function wrapPglite(client: PGlite, onQuery?: OpenDatabaseOptions["onQuery"]): DatabaseHandle {
  const db = drizzlePglite({ client, schema, logger: queryLogger(onQuery) }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    connection: { pglite: client },
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** drizzle's own parts of a database or transaction object (what its `execute` uses). */
interface DrizzleInternals {
  dialect?: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session?: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(): Promise<unknown> };
  };
}

const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 64;

/**
 * `queryRows` as a named prepared statement, for a hot statement of a fixed shape: PostgreSQL parses
 * and plans it once per connection and then reuses the plan, where an unnamed statement is planned on
 * every call. For the product detail the plan cost 1.0 ms against 0.4 ms of execution
 * (docs/decisions/067-prepared-product-detail.md). The name is the text's hash, so each variant of
 * the text (with or without a viewer) is its own statement; only a few shapes may be named (a
 * statement of many shapes would prepare one per shape on every connection). PGlite runs it as any
 * statement.
 */
export async function queryPreparedRows<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  if (!dialect || !session) return queryRows<T>(db, query);
  const built = dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (!name) {
    // More shapes than any caller has: a statement of varying text, run unnamed rather than
    // prepared anew on every connection.
    if (statementNames.size >= MAX_STATEMENT_NAMES) return queryRows<T>(db, query);
    name = `shop_${createHash("sha256").update(built.sql).digest("base64url").slice(0, 20)}`;
    statementNames.set(built.sql, name);
  }
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}
