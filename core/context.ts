import type { Database } from "#db/client.ts";

/**
 * What core functions need from the outside world, built once in the server entry (or a test) and
 * passed in. Plain values: no container, no globals.
 */
export interface CoreContext {
  db: Database;
  /** The current time; tests pass a fixed clock. */
  now: () => Date;
  /** How long added-to-cart stock stays held. */
  reservationMinutes: number;
}
