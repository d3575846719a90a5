export type DomainErrorKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "unverified"
  | "not_found"
  | "conflict"
  | "rate_limited"
  /** An outside service (the payment provider) did not answer; the request may be retried. */
  | "unavailable";

/**
 * The HTTP status each kind answers with, for the two edges that speak HTTP: the API's error
 * handler and the storefront's form actions.
 */
export const HTTP_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  unverified: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
} as const satisfies Record<DomainErrorKind, number>;

export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * The one error type core throws. `message` is shown to the shopper or API client as it is; the
 * API maps `kind` to an HTTP status once (server/middleware/errors.ts) and the UI to a page.
 * `code` carries a machine-readable reason where the spec names one (phone verification, docs/storefront/accounts.md#phone-errors).
 */
export class DomainError extends Error {
  override readonly name = "DomainError";
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly fields?: FieldIssue[],
    readonly code?: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new DomainError("not_found", message);
export const invalid = (message: string, fields?: FieldIssue[]) =>
  new DomainError("invalid", message, fields);
/** A 400 about one field: the message is both the answer's and the field's. */
export const invalidField = (field: string, message: string) => invalid(message, [{ field, message }]);
export const conflict = (message: string, field?: string) =>
  new DomainError("conflict", message, field ? [{ field, message }] : undefined);
export const unauthenticated = (message: string) => new DomainError("unauthenticated", message);
export const unverified = (message: string) => new DomainError("unverified", message);
export const rateLimited = (message: string) => new DomainError("rate_limited", message);
