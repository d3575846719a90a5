import type { Context } from "hono";
import type { z } from "zod";
import { fieldErrors, readQuery } from "#contract/query.ts";
import { DomainError } from "#core/errors.ts";

/**
 * Parses the query string with a contract schema. A bad value is a 400 whose message names the
 * parameter (`page must be a whole number from 1 to 1000000`), with every problem in `errors`.
 */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const url = new URL(c.req.url);
  const parsed = schema.safeParse(readQuery(url.searchParams));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new DomainError("invalid", errors[0]?.message ?? "Invalid query string", errors);
  }
  return parsed.data;
}
