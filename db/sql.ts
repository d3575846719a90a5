import { sql } from "drizzle-orm";

// SQL fragments that queries across core spell the same way.

/** The operand of `= ANY(…)` for a list of ids: one text[] parameter, however many ids there are. */
export const anyOf = (ids: readonly string[]) => sql`ANY(${sql.param([...ids])}::text[])`;

/** A moment as a timestamptz parameter: its ISO 8601 text, cast. */
export const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;
