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

/** Largest JSON body any endpoint takes; more is refused before parsing. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * Parses a JSON body with a contract schema: not JSON, not an object, too large or a bad field is a
 * 400 naming the field, with every problem in `errors`.
 */
export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  if (text.length > MAX_BODY_BYTES) throw new DomainError("invalid", "The request body is too large.");
  let json: unknown;
  try {
    json = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new DomainError("invalid", "The request body must be valid JSON.");
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw new DomainError("invalid", "The request body must be a JSON object.");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new DomainError("invalid", errors[0]?.message ?? "Invalid request body", errors);
  }
  return parsed.data;
}
