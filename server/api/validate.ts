import type { Context } from "hono";
import type { z } from "zod";
import { fieldErrors, readQuery } from "#contract/query.ts";
import { findUnstorableText, unstorableMessage } from "#contract/storable-text.ts";
import { DomainError } from "#core/errors.ts";

/** A value that fails its schema is a 400 with the first problem as the message and all in `errors`. */
function parseWith<S extends z.ZodType>(schema: S, input: unknown, fallback: string): z.output<S> {
  const unstorable = findUnstorableText(input);
  if (unstorable !== null) {
    const message = unstorableMessage(unstorable);
    throw new DomainError("invalid", message, [{ field: unstorable, message }]);
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new DomainError("invalid", errors[0]?.message ?? fallback, errors);
  }
  return parsed.data;
}

/**
 * Parses the query string with a contract schema. A bad value is a 400 whose message names the
 * parameter (`page must be a whole number from 1 to 1000000`), with every problem in `errors`.
 */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, readQuery(new URL(c.req.url).searchParams), "Invalid query string");
}

/** Parses the route's path parameters (`:productId`) with a contract schema; a bad one is a 400 naming it. */
export function parseParams<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.param(), "Invalid path parameter");
}

/**
 * Parses a JSON body with a contract schema: not JSON, not an object or a bad field is a 400 naming
 * the field, with every problem in `errors`. Its size was bounded before it was read
 * (limitBody in server/middleware/request-input.ts).
 */
export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let json: unknown;
  try {
    json = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new DomainError("invalid", "The request body must be valid JSON.");
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw new DomainError("invalid", "The request body must be a JSON object.");
  }
  return parseWith(schema, json, "Invalid request body");
}
