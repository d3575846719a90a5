/** PostgreSQL's SQLSTATE of an error, whichever driver raised it and however drizzle wrapped it. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique constraint refused the write (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === "23505";
