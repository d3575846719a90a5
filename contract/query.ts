import { z } from "zod";

/**
 * Query strings arrive as many values per name (`brand=a&brand=b`, `brand[]=a`). They are read into
 * `{ name: string[] }` first, so a schema can say whether a name takes one value or several.
 */
export type QueryRecord = Record<string, string[]>;

export function readQuery(params: URLSearchParams): QueryRecord {
  // No prototype: a parameter named `__proto__` must be a plain key, not a prototype swap.
  const record: QueryRecord = Object.create(null);
  for (const [rawName, value] of params) {
    const name = rawName.endsWith("[]") ? rawName.slice(0, -2) : rawName;
    const values = Object.hasOwn(record, name) ? record[name]! : [];
    values.push(value);
    record[name] = values;
  }
  return record;
}

export const MAX_PAGE = 1_000_000;
export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 50;

/** Every record's `_id`: 24 lowercase hex characters. */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

/** A parameter that must appear once; `inner` parses its value. */
export function one<T extends z.ZodType<unknown, string>>(name: string, inner: T) {
  return z
    .array(z.string())
    .refine((values) => values.length === 1, { message: `${name} must be given once` })
    .transform((values) => values[0]!)
    .pipe(inner);
}

export function wholeNumber(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, { message })
    .transform(Number)
    .pipe(z.number().int().min(min, { message }).max(max, { message }));
}

export function decimal(name: string, min: number, max: number) {
  const message = `${name} must be a number from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,4})?$/, { message })
    .transform(Number)
    .pipe(z.number().min(min, { message }).max(max, { message }));
}

/** One or many ids: repeated, `name[]=`, or comma-separated. */
export function idList(name: string) {
  return z
    .array(z.string())
    .transform((values) =>
      values
        .flatMap((v) => v.split(","))
        .map((v) => v.trim())
        .filter((v) => v.length > 0),
    )
    .pipe(
      z
        .array(z.string().regex(ID_PATTERN, { message: `${name} must be a list of ids` }))
        .max(50, { message: `${name} takes at most 50 ids` }),
    );
}

export interface SortKey<F extends string> {
  field: F;
  descending: boolean;
}

/** `sort=-sold,price`: whitelisted field names, `-` for descending. */
export function sortList<F extends string>(fields: readonly F[]) {
  return z.string().transform((value, ctx) => {
    const keys: SortKey<F>[] = [];
    for (const part of value.split(",")) {
      const token = part.trim();
      if (token === "") continue;
      const descending = token.startsWith("-");
      const field = (descending ? token.slice(1) : token.replace(/^\+/, "")) as F;
      if (!fields.includes(field)) {
        ctx.addIssue({ code: "custom", message: `sort cannot use the field '${token.slice(0, 40)}'` });
        return z.NEVER;
      }
      if (!keys.some((k) => k.field === field)) keys.push({ field, descending });
    }
    return keys;
  });
}

/**
 * `fields=_id,title`: names are trimmed (clients send newlines) and unknown names are ignored.
 * `aliases` maps other names clients send to the field they mean (`save` → `isFavorite`).
 */
export function fieldList<F extends string>(fields: readonly F[], aliases: Readonly<Record<string, F>> = {}) {
  return z.array(z.string()).transform((values) => {
    const wanted = values
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .map((v) => (Object.hasOwn(aliases, v) ? aliases[v]! : v));
    return fields.filter((f) => wanted.includes(f));
  });
}

export const pageParams = {
  page: one("page", wholeNumber("page", 1, MAX_PAGE)).default(1),
  limit: one("limit", wholeNumber("limit", 1, MAX_LIMIT)).default(DEFAULT_LIMIT),
};

export interface FieldError {
  field: string;
  message: string;
}

/** zod issues → `[{ field, message }]`, naming the query parameter or body field. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.filter((p) => typeof p === "string").join(".") || "query",
    message: issue.message,
  }));
}
