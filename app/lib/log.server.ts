import pino from "pino";
import { SAFE_LOG_OPTIONS } from "#core/log-safety.ts";

/**
 * The pages' log: JSON lines on stdout beside the API's, with the same redaction (core/log-safety.ts),
 * so an error a loader or action meets never prints a customer's data or a failed query's values.
 */
export const pageLog = pino(
  { level: process.env.LOG_LEVEL || "info", base: { service: "shop", part: "pages" }, ...SAFE_LOG_OPTIONS },
  // Through process.stdout rather than pino's direct file-descriptor writer: the test set-up watches
  // it and fails a test whose page logged an error (tests/setup/fail-on-console-error.ts).
  process.stdout,
);
