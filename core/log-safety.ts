// What may be written to the logs (docs/operations.md#logs): no passwords, hashes, codes, tokens,
// e-mail addresses, phone numbers or postal addresses. Two layers, because personal data reaches a
// log line two ways: as a named field of a logged object (redacted by path), and inside an error —
// a failed query's message and stack carry every bound parameter, and PostgreSQL's `detail` quotes
// the offending values (rewritten by `safeError`).

const SECRET_KEYS = [
  "password",
  "newPassword",
  "currentPassword",
  "confirmPassword",
  "passwordHash",
  "password_hash",
  "hash",
  "code",
  "token",
  "idToken",
  "secret",
  "authorization",
  "cookie",
  "email",
  "phone",
  "phoneNumber",
  "to",
  "address",
  "street",
  "city",
  "postalCode",
  "firstName",
  "lastName",
  "name",
];

/** pino `redact` paths: these keys at the top of a log line and one level down (`req.headers.cookie`). */
export const REDACTED_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  "*.headers.authorization",
  "*.headers.cookie",
];

export const REDACTED = "[redacted]";

/** Error fields that hold the values a query was run with (drizzle, node-postgres, PGlite). */
const VALUE_FIELDS = new Set(["params", "parameters", "detail", "where", "internalQuery", "query"]);

/**
 * An error as a plain object safe to log: name, message, stack, code and the database's table,
 * column and constraint names, with every bound value removed — from the fields that hold them and
 * from the message and stack text ("params: …", quoted input values). Its causes likewise.
 */
export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: scrub(String(error)) };
  const out: Record<string, unknown> = { type: error.name, message: scrub(error.message) };
  if (error.stack) out.stack = scrub(error.stack);
  for (const [key, value] of Object.entries(error)) {
    if (key === "cause" || key === "message" || key === "stack") continue;
    // `code` on an error is its kind (SQLSTATE, ECONNREFUSED), not a verification code.
    if (VALUE_FIELDS.has(key) || (key !== "code" && SECRET_KEYS.includes(key))) continue;
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      out[key] = typeof value === "string" ? scrub(value) : value;
    }
  }
  if (error.cause !== undefined && depth < 5) out.cause = safeError(error.cause, depth + 1);
  return out;
}

/** Removes bound values from error text while keeping the SQL and the error's kind. */
function scrub(text: string): string {
  return (
    text
      // drizzle's "Failed query: <sql>\nparams: <values>": the values run to the end of the line.
      .replace(/^(\s*params:).*$/gm, `$1 ${REDACTED}`)
      // PostgreSQL quotes the value it refused: invalid input syntax for type integer: "1.5".
      .replace(/(: )"(?:[^"\\]|\\.)*"/g, `$1"${REDACTED}"`)
      // Key (email)=(sam@example.test) already exists.
      .replace(/=\((?:[^()]|\([^()]*\))*\)/g, `=(${REDACTED})`)
      // Failing row contains (…).
      .replace(/(row contains )\(.*\)/g, `$1(${REDACTED})`)
      // Anything else that looks like an e-mail address or a phone number, wherever it appears.
      .replace(/[^\s"'<>(),;:]+@[^\s"'<>(),;:]+\.[a-z]{2,}/gi, REDACTED)
      .replace(/\+\d[\d ]{7,}\d/g, REDACTED)
  );
}

/** The pino options every logger of the shop uses (server/index.ts, app/lib/log.server.ts). */
export const SAFE_LOG_OPTIONS = {
  redact: { paths: REDACTED_PATHS, censor: REDACTED },
  serializers: { err: safeError, error: safeError },
};
