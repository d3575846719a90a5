// PostgreSQL cannot store the NUL character in text: a value holding one fails inside the query
// (a 500) however the schema checked it. Every input path refuses it first, naming the field:
// JSON bodies and path and query parameters of the API (server/api/validate.ts), query strings and
// path segments of every request (server/middleware/storable-input.ts), and page forms
// (app/lib/form-action.server.ts).

/** The message for a field holding a character the shop cannot store. */
export function unstorableMessage(field: string): string {
  return `${field} contains a character that is not allowed.`;
}

const NUL = "\u0000";

/**
 * The path (`cartItems.0.size`) of the first string in `value` — keys included — that holds a
 * character the database refuses, or null when every string can be stored.
 */
export function findUnstorableText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === "string") return value.includes(NUL) ? path.join(".") || "value" : null;
  if (depth > 64 || value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key.replaceAll(NUL, "")].join(".") || "value";
    const found = findUnstorableText(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}
