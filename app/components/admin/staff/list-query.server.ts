import type { z } from "zod";
import { fieldErrors, readQuery } from "#contract/query.ts";

/** Rows per page of the back office's staff, customers and audit tables. */
export const TABLE_PAGE_SIZE = 25;

/**
 * A table page's URL read with the API's query schema (docs/decisions/038-back-office-pages.md). A
 * bad parameter (an old link, a hand-typed date) is left out and named in `errors`, so the page
 * still shows its table and says which filter it ignored, instead of failing.
 */
export function readListQuery<S extends z.ZodType>(
  url: URL,
  schema: S,
): { query: z.output<S>; errors: Record<string, string> } {
  const record = readQuery(url.searchParams);
  record.limit ??= [String(TABLE_PAGE_SIZE)];
  const errors: Record<string, string> = {};
  // Each round drops the parameters the schema refused; a handful of rounds covers every name.
  for (let round = 0; round < 10; round++) {
    const parsed = schema.safeParse(record);
    if (parsed.success) return { query: parsed.data, errors };
    for (const { field, message } of fieldErrors(parsed.error)) {
      errors[field] ??= message;
      delete record[field];
    }
  }
  return { query: schema.parse({ limit: [String(TABLE_PAGE_SIZE)] }), errors };
}
