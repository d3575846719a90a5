/** Counts hits per key in fixed windows. In memory for one process; Redis so instances share counts. */
export interface RateLimiter {
  /**
   * Counts one hit. Rejects with RateLimiterUnavailableError when the shared store does not answer
   * (quickly: an adapter never lets a request wait on a store that is down). What to do then is the
   * caller's policy (docs/decisions/022-redis-outage.md).
   */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /**
   * Whether the store the counts live in answers now, for readiness checks; `store` names it
   * ("redis"). Absent when the counts live in this process and cannot be unavailable.
   */
  health?(): Promise<RateLimiterHealth>;
  close?(): Promise<void>;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface RateLimiterHealth {
  store: string;
  available: boolean;
}

// A registered symbol, not `instanceof`: the pages' bundle carries its own copy of core, so an error
// an adapter made with the server's copy of this class is no instance of the pages' copy.
const UNAVAILABLE = Symbol.for("shop.RateLimiterUnavailableError");

/**
 * The limiter's store does not answer, so the hit was not counted. A typed error rather than the
 * store's own, so callers choose a policy (count in process, or refuse) without knowing the store.
 * Recognise it with isRateLimiterUnavailable.
 */
export class RateLimiterUnavailableError extends Error {
  override readonly name = "RateLimiterUnavailableError";
  readonly [UNAVAILABLE] = true;
  constructor(message = "The rate-limit store does not answer.", options?: { cause?: unknown }) {
    super(message, options);
  }
}

export function isRateLimiterUnavailable(error: unknown): error is RateLimiterUnavailableError {
  return typeof error === "object" && error !== null && UNAVAILABLE in error;
}
