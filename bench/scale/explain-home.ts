// The plans behind the home page's sections at one size:
//   node --import tsx bench/scale/explain-home.ts <products> [--try <migration.sql>]
// Runs the page's section reads (app/lib/home-sections.server.ts `homeSections`, as a visitor's
// home page asks them) on shop_bench_scale_<products> (keep it with --keep), captures the statements they issue
// and prints, per section, its time (first and second run) and EXPLAIN (ANALYZE, BUFFERS) of each statement.
// With --try, the plans are taken inside a transaction that first runs that migration's statements
// (new indexes, or dropping one to see the plan without it) and is rolled back: the plans a
// migration would give, on a catalogue left as it was. The times are always the catalogue's own.
import { readFileSync } from "node:fs";
import pg from "pg";
import { homeSections } from "#app/lib/home-sections.server.ts";
import type { CoreContext } from "#core/context.ts";
import { openDatabase } from "#db/client.ts";
import { benchUrls } from "../api/database.ts";
import { databaseName } from "./database.ts";

const products = Number(process.argv[2]);
const tried = process.argv[3] === "--try" ? process.argv[4] : undefined;
if (!Number.isInteger(products) || products < 1 || (process.argv[3] && !tried))
  throw new Error("usage: explain-home.ts <products> [--try <migration.sql>]");
const { benchUrl } = benchUrls(process.env, databaseName(products));

const issued: { sql: string; params: unknown[] }[] = [];
const handle = await openDatabase({
  url: benchUrl,
  poolSize: 4,
  onQuery: (sql, params) => issued.push({ sql, params: [...params] }),
});
// The section reads use the database and the clock only.
const ctx = { db: handle.db, now: () => new Date() } as unknown as CoreContext;
const client = new pg.Client({ connectionString: benchUrl });
await client.connect();
try {
  // Each section's statements and times first, on the pool; then their plans on the client.
  const sections: { name: string; statements: typeof issued; first: number; second: number }[] = [];
  for (const [name, read] of Object.entries(homeSections)) {
    issued.length = 0;
    let started = performance.now();
    await read(ctx, undefined);
    const first = performance.now() - started;
    const statements = [...issued];
    started = performance.now();
    await read(ctx, undefined);
    sections.push({ name, statements, first, second: performance.now() - started });
  }
  if (tried) {
    await client.query("BEGIN");
    for (const statement of readFileSync(tried, "utf8").split("--> statement-breakpoint")) {
      if (statement.trim()) await client.query(statement);
    }
    console.log(`(plans with ${tried} applied in a transaction that is rolled back)`);
  }
  for (const { name, statements, first, second } of sections) {
    console.log(
      `\n######## ${name}: ${statements.length} statement(s); ${first.toFixed(1)} ms, then ${second.toFixed(1)} ms`,
    );
    for (const statement of statements) {
      const explained = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
      console.log(`\n-- ${statement.sql.replace(/\s+/g, " ").slice(0, 300)}`);
      console.log(explained.rows.map((r) => r["QUERY PLAN"]).join("\n"));
    }
  }
} finally {
  if (tried) await client.query("ROLLBACK");
  await client.end();
  await handle.close();
}
