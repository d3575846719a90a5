import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";

// How an import writes rows: column by column through `unnest`, a batch at a time.

/** Rows per statement. */
export const BATCH = 2000;

/** `insertOnly` columns are written when a row is created and left alone when it is updated. */
export type Column = { name: string; type: string; values: unknown[]; insertOnly?: boolean };

/** How a column's value is read from a row (`insertOnly`: see Column). */
export type ColumnSpec<R> = [
  type: string,
  value: (row: R, index: number) => unknown,
  insertOnly?: "insertOnly",
];

/** The columns of `rows`, one per entry of `spec` in its order (the first is the key upsert returns). */
export function columnsOf<R>(rows: readonly R[], spec: Record<string, ColumnSpec<R>>): Column[] {
  return Object.entries(spec).map(([name, [type, value, insertOnly]]) => ({
    name,
    type,
    values: rows.map(value),
    insertOnly: insertOnly === "insertOnly",
  }));
}

/**
 * Upserts rows column-wise through `unnest`, touching a row only when a value differs, so
 * re-importing the same file changes nothing (not even `updated_at`). Returns the first key column
 * of the rows it inserted or changed.
 */
export async function upsert(
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
