import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DomainError, type DomainErrorKind, HTTP_STATUS } from "#core/errors.ts";

const STATUS: Record<DomainErrorKind, ContentfulStatusCode> = HTTP_STATUS;

/** The one mapping from domain errors to API responses; anything else is a logged 500 with a generic message. */
export function handleApiError(error: Error, c: Context) {
  if (error instanceof DomainError) {
    const status = STATUS[error.kind];
    return c.json(
      {
        status: status >= 500 ? "error" : "fail",
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.fields?.length ? { errors: error.fields } : {}),
      },
      status,
    );
  }
  c.get("logger")?.error({ err: error }, "unhandled error");
  return c.json(
    { status: "error", message: "Something went wrong on our end. Please try again later." },
    500,
  );
}
