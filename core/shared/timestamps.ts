/** A database timestamp (a Date from `pg`, a string from PGlite) as the API's ISO 8601 text. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
