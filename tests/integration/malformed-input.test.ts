import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { RateLimiter } from "#core/ports/rate-limiter.ts";
import { buildOpenApiDocument } from "#server/api/openapi.ts";
import { ROUTE_TABLE } from "#server/api/route-table.ts";
import {
  accountRows,
  call,
  createCustomer,
  nextIp,
  SAMPLE_ADDRESS,
  type TestCustomer,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { type StockedItem, shoppingRows, stockedItem } from "../support/shopping.ts";

// No 5xx for anything a client can send (issue 12, point 5). The endpoints, and the fields of each,
// come from the published contract (buildOpenApiDocument(), built from the zod schemas the handlers
// validate with), not from a list in this file: a new operation or field is swept without touching
// it. Every field of every request body, query string and path gets malformed values; each answer
// must be under 500, and no row may change. The other fields of a body hold valid values chosen so
// that the request, once it gets past validation, is refused by core (an unknown product, an
// existing e-mail, a wrong code, an empty cart, ten saved addresses): a malformed value that the
// schema lets through reaches core, and still nothing is written. A value the contract refuses
// outright (wrong type, out of range, pattern, NUL, a required field left out) must be a 400 naming
// the field. Every operation is also sent malformed credentials and content types, stray query
// keys, and the methods its path does not declare; authenticated ones are called with a valid
// customer session so that validation is reached. The last block sends odd text the contract takes
// (control characters, lone surrogates, markup, SQL) all the way through to core's writes.
//
// The Stripe webhook is not in the document and not mounted here (no STRIPE_WEBHOOK_SECRET): it
// needs a signature, and its own tests (stripe-payments.test.ts) send it bad deliveries.

// No limits: the request rate limit is off, and the accounts limiter (log-ins, sign-ups, codes) lets
// everything through, so every request that passes validation reaches core instead of a 429.
const unlimited: RateLimiter = { hit: async () => ({ allowed: true, remaining: 1_000_000, resetMs: 0 }) };
const shop = setUpTestShop({ rateLimitPerMinute: 0, accounts: { limiter: unlimited } });
const doc = buildOpenApiDocument();

type JsonSchema = {
  type?: string;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};
interface Parameter {
  name: string;
  in: "query" | "path";
}
interface Operation {
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: { "application/json"?: { schema: JsonSchema } } };
}

const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods as Record<string, Operation>).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    op,
  })),
);

/** JSON text of a string (the escapes of lone surrogates stay escapes: the server parses them). */
const str = (value: string) => JSON.stringify(value);

/**
 * Malformed values for one body field, as raw JSON text: deep nesting is written out, not
 * stringified (JSON.stringify of 5000 levels recurses as deep).
 */
const VALUE_CASES: [label: string, json: string][] = [
  ["number for string", "123"],
  ["string for number", str("123")],
  ["true", "true"],
  ["false", "false"],
  ["null", "null"],
  ["empty object", "{}"],
  ["object", '{"a":1,"$ne":null}'],
  ["empty array", "[]"],
  ["array of a string", '["x"]'],
  ["array of a number", "[1]"],
  ["NUL", str("a\u0000b")],
  ["BEL", str("ab\u0007cd")],
  ["ESC", str("\u001b[31mred\u001b[0m")],
  ["lone high surrogate", '"\\ud800"'],
  ["lone low surrogate in text", '"abc\\udfffdef"'],
  ["1e308", "1e308"],
  ["1e999 (Infinity once parsed)", "1e999"],
  ["2**64", "18446744073709551616"],
  ["-1e20", "-1e20"],
  ["2**31", "2147483648"],
  ["2**53 + 1", "9007199254740993"],
  ["1000", "1000"],
  ["1.5", "1.5"],
  ["1.0000000000000002", "1.0000000000000002"],
  ["-0", "-0"],
  ["0", "0"],
  ["-1", "-1"],
  ["5e-324", "5e-324"],
  ["'NaN'", str("NaN")],
  ["'Infinity'", str("Infinity")],
  ["'-Infinity'", str("-Infinity")],
  ["'1e308'", str("1e308")],
  ["'2**64'", str("18446744073709551616")],
  ["'1.5'", str("1.5")],
  ["empty string", str("")],
  ["blank string", str("   ")],
  ["odd unicode", str("\u202e\u{1f4a5}\u01c5\ufeff\u0301")],
  ["10 KB string", str("a".repeat(10 * 1024))],
  ["10 KB of digits", str("9".repeat(10 * 1024))],
  ["arrays nested 5000 deep", `${"[".repeat(5000)}${"]".repeat(5000)}`],
  ["objects nested 5000 deep", `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`],
  ["100 KB string (over the body limit)", str("a".repeat(100 * 1024))],
];

/** Malformed bodies as a whole, for every operation that takes one. */
const BODY_CASES: [label: string, body: string | Uint8Array<ArrayBuffer>][] = [
  ["empty body", ""],
  ["null", "null"],
  ["array", "[]"],
  ["number", "1"],
  ["string", str("x")],
  ["truncated JSON", '{"a":'],
  ["not JSON", "{a:1}"],
  ["arrays nested 30000 deep", `${"[".repeat(30000)}${"]".repeat(30000)}`],
  ["objects nested 10000 deep", `${'{"a":'.repeat(10000)}1${"}".repeat(10000)}`],
  ["__proto__ and constructor keys", '{"__proto__":{"admin":true},"constructor":{"prototype":1}}'],
  ["a NUL in a key", '{"a\\u0000b":1}'],
  [
    "invalid UTF-8",
    new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0x80, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  ],
];

/** Malformed values for a query parameter, already encoded for the URL. */
const QUERY_VALUES = [
  "",
  "%00",
  "%07",
  "%1B",
  "%ED%A0%80",
  "%C0%80",
  "%F0%9F",
  "%",
  "%zz",
  "1e308",
  "18446744073709551616",
  "-1e20",
  "2147483648",
  "999999999",
  "999999999.9999",
  "1.5",
  "1.0000000000000002",
  "0.0000001",
  "%2B1",
  "%201%20",
  "0x10",
  "1_000",
  "-0",
  "-1",
  "NaN",
  "Infinity",
  "-Infinity",
  "true",
  "%5Bobject%20Object%5D",
  "%7B%7D",
  "%5B%5D",
  "a".repeat(10 * 1024),
  Array.from({ length: 200 }, () => "0".repeat(24)).join(","),
  ",,,",
  "-",
  "-%00",
];

/** Repeated keys and bracket syntax for a query parameter `name` (raw, as clients send it). */
const queryShapes = (name: string) => [
  `${name}=1&${name}=2`,
  `${name}[]=1&${name}[]=2`,
  `${name}[]=`,
  `${name}=1&${name}[]=x`,
  `${name}[0]=1`,
  `${name}[a]=1`,
  `${name}[][]=1`,
  `${name}[$ne]=1`,
  `${name}[gte]=1`,
  `${name}.a=1`,
  `${encodeURIComponent(name)}=5`,
  Array.from({ length: 500 }, (_, i) => `${name}=${i}`).join("&"),
];

/** Query strings every operation is sent, whatever it declares. */
const STRAY_QUERIES = ["__proto__=1", "constructor[prototype]=1", "%00=1", "a%00b[]=1", "x=%ED%A0%80"];

/** A JWT header and payload, unsigned. */
const unsigned = (payload: object) =>
  `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.`;

/**
 * Malformed credentials and content types, sent to every operation (with no token of ours): the
 * session check reads them before any field is validated.
 */
const HEADER_CASES: [label: string, headers: Record<string, string>][] = [
  ["Bearer alone", { authorization: "Bearer" }],
  ["Bearer and spaces", { authorization: "Bearer    " }],
  ["Basic credentials", { authorization: "Basic Zm9vOmJhcg==" }],
  ["a token of dots", { authorization: "Bearer ..." }],
  ["an unsigned token", { authorization: `Bearer ${unsigned({ id: "0".repeat(24), ver: 0 })}` }],
  [
    "a token with odd claims",
    { authorization: `Bearer ${unsigned({ id: { $ne: 1 }, ver: "x", exp: 1e308 })}` },
  ],
  ["a token of non-base64", { authorization: "Bearer %%%.@@@.!!!" }],
  ["a 10 KB token", { authorization: `Bearer ${"a".repeat(10 * 1024)}` }],
  ["a cookie of invalid UTF-8", { cookie: "JWTToken=%ED%A0%80" }],
  ["a cookie of bad escapes", { cookie: "JWTToken=%zz%" }],
  ["two cookies", { cookie: "JWTToken=a; JWTToken=b" }],
  ["a 10 KB cookie", { cookie: `JWTToken=${"a".repeat(10 * 1024)}` }],
  ["text/plain", { "content-type": "text/plain" }],
  ["a form content type", { "content-type": "multipart/form-data; boundary=x" }],
  ["a UTF-16 content type", { "content-type": "application/json; charset=utf-16" }],
];

/** Malformed values for a path parameter, already encoded. */
const PATH_VALUES = [
  "%00",
  "%07",
  "%1B",
  "%ED%A0%80",
  "%C0%80",
  "%",
  "%zz",
  "1e308",
  "18446744073709551616",
  "-1e20",
  "1.5",
  "NaN",
  "Infinity",
  "true",
  "null",
  "undefined",
  "%5B%5D",
  "%7B%7D",
  "%20",
  "a".repeat(10 * 1024),
  "%2F",
  "..",
  "%2e%2e",
  "A".repeat(24),
  "g".repeat(24),
  "0".repeat(23),
  "0".repeat(25),
  `${"0".repeat(24)}%00`,
  `${"0".repeat(24)}%0A`,
];

/** An id no record has: valid in form, so core looks and finds nothing. */
const UNKNOWN_ID = "0".repeat(24);

/** A valid value for a field of the contract, from its JSON schema. */
function validValue(name: string, schema: JsonSchema, email: string): unknown {
  if (schema.type === "integer" || schema.type === "number") return schema.minimum ?? 1;
  if (schema.format === "email") return email;
  if (schema.pattern === "^\\d{6}$") return "000000";
  // A product of the catalogue with no stock: cart requests that pass validation reach the product,
  // its sizes and its stock, and are refused there (409, or 400 for a size it does not come in).
  if (schema.pattern === "^[0-9a-f]{24}$") return name === "productId" ? soldOut.productId : UNKNOWN_ID;
  if (schema.pattern === "^\\d{4,10}$") return "10000";
  // The back office's records: slugs, image paths and URLs, dates.
  const candidates = [
    "Valid-text-1",
    "valid-slug-1",
    "/images/valid-1.webp",
    "https://example.test/a",
    "2026-01-01",
    "2026-01-01T00:00:00Z",
    "000000",
  ];
  const fitting = schema.pattern && candidates.find((c) => new RegExp(schema.pattern!).test(c));
  if (fitting) return fitting;
  if (schema.pattern)
    throw new Error(`malformed-input.test.ts: no valid value for ${name} (${schema.pattern})`);
  // Long enough for every minimum, short enough for every maximum; both passwords alike.
  return "Valid-text-1";
}

let customer: TestCustomer;
/** Staff operations are swept as an admin, so that their validation is reached too. */
let admin: TestCustomer;
const STAFF_PATHS = new Set(
  ROUTE_TABLE.filter((o) => o.access === "manager" || o.access === "admin").map(
    (o) => `${o.method.toUpperCase()} ${o.path}`,
  ),
);
let soldOut: StockedItem;

beforeAll(async () => {
  // Verified, with ten addresses (an eleventh is refused) and an empty cart (checkout is refused).
  const address = (i: number) => ({ ...SAMPLE_ADDRESS, street: `${i} Avenue Mohammed V` });
  customer = await createCustomer(shop, { addresses: Array.from({ length: 10 }, (_, i) => address(i + 1)) });
  soldOut = await stockedItem(shop, { stock: 0 });
  admin = await createCustomer(shop, { role: "admin" });
  // Reading the cart creates the customer's (empty) cart row: a write of GET /customer/shopping-cart
  // itself, not of any input, so it is made before the snapshots.
  await call(shop, "GET", "/customer/shopping-cart", { token: customer.token });
});

/**
 * Every table an API request can write. The accounts and shopping snapshots cover the endpoints
 * swept here; payment events are added for completeness. Nothing is left out: failed log-ins, code
 * checks and rate limits are counted by the limiter (in memory, ctx.accounts.limiter), not in a
 * table, so a refused request must leave every row as it was.
 */
async function allRows() {
  return {
    ...(await accountRows(shop)),
    ...(await shoppingRows(shop)),
    paymentEvents: await shop.rows(sql`SELECT * FROM payment_events ORDER BY 1`),
    // What the staff endpoints write (docs/back-office/README.md), each table as one digest.
    backOffice: await shop.rows(sql`SELECT
        (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM products t) AS products,
        (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM product_sizes t) AS sizes,
        (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM categories t) AS categories,
        (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM subcategories t) AS subcategories,
        (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM under_subcategories t) AS unders,
        (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM brands t) AS brands,
        (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM coupons t) AS coupons,
        (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM shop_settings t) AS settings,
        (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM banner_slides t) AS banners,
        (SELECT count(*)::int FROM audit_log) AS audit,
        (SELECT count(*)::int FROM stock_ledger) AS ledger`),
  };
}

interface Attempt {
  what: string;
  url: string;
  body?: string | Uint8Array<ArrayBuffer>;
  /**
   * The field the attempt spoils, when the contract refuses its value outright: the answer must be
   * a 400 (or a 413 for a body over the limit) naming it, in the message or in `errors`.
   */
  field?: string;
  /** The statuses the answer may have, when more than "under 500" is known. */
  statuses?: number[];
  /** Sent instead of the customer's session. */
  headers?: Record<string, string>;
}

const excerpt = (text: string) =>
  text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text;

/** The answer's message or one of its `errors` names `field`. */
function namesField(answer: string, field: string): boolean {
  let body: { message?: unknown; errors?: { field?: unknown }[] };
  try {
    body = JSON.parse(answer);
  } catch {
    return false;
  }
  return (
    (typeof body.message === "string" && body.message.includes(field)) ||
    (body.errors ?? []).some((e) => e.field === field)
  );
}

/**
 * Whether the contract refuses this value (raw JSON) outright for a field of this JSON schema: a
 * wrong type, a length or number out of range, a pattern not matched, a NUL. A value it lets through
 * (`"NaN"` for a city) may still be refused by core for its own reasons, in its own words.
 */
function contractRefuses(schema: JsonSchema, json: string): boolean {
  if (json.length > 64 * 1024) return false; // over the body limit: a 413 before any field is read
  const value: unknown = JSON.parse(json);
  if (schema.type === "string") {
    if (typeof value !== "string") return true;
    if (value.includes("\u0000")) return true;
    if (schema.minLength !== undefined && value.length < schema.minLength) return true;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return true;
    return schema.pattern !== undefined && !new RegExp(schema.pattern).test(value);
  }
  if (schema.type === "integer" || schema.type === "number") {
    // Numbers written as strings are taken (quantity: the spec's client sends "2").
    const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    if (typeof number !== "number" || !Number.isFinite(number)) return true;
    if (schema.type === "integer" && !Number.isInteger(number)) return true;
    if (schema.minimum !== undefined && number < schema.minimum) return true;
    return schema.maximum !== undefined && number > schema.maximum;
  }
  return false;
}

/**
 * Sends each attempt in turn (in-process) and returns a readable line for each 5xx, each answer
 * outside the attempt's statuses, and each 400 that does not name the field the attempt spoiled.
 */
async function sweep(method: string, attempts: Attempt[], authenticated: boolean, staffOnly = false) {
  const failures: string[] = [];
  for (const attempt of attempts) {
    const headers: Record<string, string> = { "x-forwarded-for": nextIp() };
    if (attempt.body !== undefined) headers["content-type"] = "application/json";
    if (attempt.headers) Object.assign(headers, attempt.headers);
    else if (authenticated) headers.authorization = `Bearer ${(staffOnly ? admin : customer).token}`;
    const res = await shop.app.request(attempt.url, { method, headers, body: attempt.body });
    const answer = await res.text();
    const sent =
      typeof attempt.body === "string" ? ` body ${excerpt(attempt.body)}` : attempt.body ? " (bytes)" : "";
    const report = () =>
      `${attempt.what}: ${method} ${excerpt(attempt.url)}${sent} → ${res.status} ${excerpt(answer)}`;
    if (res.status >= 500) failures.push(report());
    else if (attempt.statuses && !attempt.statuses.includes(res.status)) {
      failures.push(`not ${attempt.statuses.join(" or ")}: ${report()}`);
    } else if (res.status === 400 && attempt.field !== undefined && !namesField(answer, attempt.field)) {
      failures.push(`400 not naming ${attempt.field}: ${report()}`);
    }
  }
  return failures;
}

/** The attempts for one operation, generated from its declared body, query and path parameters. */
function attemptsFor(path: string, op: Operation): Attempt[] {
  const pathParams = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
  const queryParams = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
  const fill = (values: Record<string, string>) =>
    `/api/v1${path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? UNKNOWN_ID)}`;
  const url = fill({});
  const attempts: Attempt[] = [];

  // A multipart body (a photo upload) has its own tests (product-photos.test.ts); its path and query are swept.
  const bodySchema = op.requestBody?.content["application/json"]?.schema;
  // Sign-up gets an e-mail that has an account (409), log-in too (a wrong password, checked against
  // the fixture's cheap hash); elsewhere an e-mail no account has, so no code is mailed or counted.
  const email = ["/auth/signup", "/auth/login"].includes(path) ? customer.email : "nobody-here@example.test";
  const base = Object.entries(bodySchema?.properties ?? {}).map(
    ([name, schema]) => [name, JSON.stringify(validValue(name, schema, email)), schema] as const,
  );
  const bodyWith = (field: string, json: string) =>
    `{${base.map(([name, valid]) => `${str(name)}:${name === field ? json : valid}`).join(",")}}`;
  for (const [field, , schema] of base) {
    for (const [label, json] of VALUE_CASES) {
      const refused = contractRefuses(schema, json);
      attempts.push({
        what: `body.${field} = ${label}`,
        url,
        body: bodyWith(field, json),
        ...(refused ? { field, statuses: [400, 413] } : {}),
      });
    }
    attempts.push({
      what: `body without ${field}`,
      url,
      // Leaving out a required field is refused by name; leaving out an optional one is not malformed.
      ...(bodySchema?.required?.includes(field) ? { field, statuses: [400] } : {}),
      body: `{${base
        .filter(([n]) => n !== field)
        .map(([n, v]) => `${str(n)}:${v}`)
        .join(",")}}`,
    });
  }
  if (bodySchema) {
    for (const [label, body] of BODY_CASES) attempts.push({ what: `body: ${label}`, url, body });
  }

  for (const name of queryParams) {
    for (const value of QUERY_VALUES) {
      attempts.push({
        what: `query ${name} = ${excerpt(value)}`,
        url: `${url}?${name}=${value}`,
        field: name,
      });
    }
    for (const shape of queryShapes(name)) {
      attempts.push({ what: `query ${excerpt(shape)}`, url: `${url}?${shape}`, field: name });
    }
  }
  for (const [label, headers] of HEADER_CASES) {
    attempts.push({
      what: `headers: ${label}`,
      url,
      headers,
      body: bodySchema ? bodyWith("", "") : undefined,
    });
  }
  for (const query of STRAY_QUERIES) attempts.push({ what: `query ${query}`, url: `${url}?${query}` });

  for (const name of pathParams) {
    for (const value of PATH_VALUES) {
      // A segment that cannot be decoded, or holds a NUL, is refused before routing (its message names
      // the path, not the parameter); a well-formed one that is no id is a 400 naming it, or a 404.
      attempts.push({
        what: `path ${name} = ${excerpt(value)}`,
        url: fill({ [name]: value }),
        statuses: [400, 404],
      });
    }
  }
  return attempts;
}

describe("malformed input never makes the API answer 5xx, and changes nothing", () => {
  it("sweeps every operation of the contract", () => {
    expect(operations.length).toBeGreaterThan(30);
    // Stripe's webhook is no client's call (server/api/route-table.ts); the admins' webhook
    // endpoints (/webhook-endpoints) are.
    expect(operations.some((o) => o.path.startsWith("/webhooks/"))).toBe(false);
  });

  it("sweeps every operation of the route table (each is published)", () => {
    expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(
      ROUTE_TABLE.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort(),
    );
  });

  for (const { method, path, op } of operations) {
    it(`${method} ${path}`, async () => {
      const attempts = attemptsFor(path, op);
      const before = await allRows();
      const staff = STAFF_PATHS.has(`${method} ${path}`);
      const failures = await sweep(method, attempts, op.security !== undefined, staff);
      if (staff) {
        // Staff payloads (whole product records, dated coupons, settings) are more than this sweep's
        // valid values can complete, so a spoiled field may be refused for a sibling, and a payload
        // it leaves valid is a real edit. Here staff operations must only never answer 5xx; each
        // area's own tests send bad input on every field and check that nothing changed
        // (product-edits, taxonomy-edits, banner-edits, coupon-edits, shop-settings,
        // stock-adjustments, product-photos, staff-management, two-factor, catalogue-file).
        const serverErrors = failures.filter((f) => / → 5\d\d /.test(f));
        expect(serverErrors, `${serverErrors.length} of ${attempts.length} requests failed`).toEqual([]);
        return;
      }
      expect(failures, `${failures.length} of ${attempts.length} requests failed`).toEqual([]);
      expect(await allRows()).toEqual(before);
    });
  }

  // A method the contract does not declare for a path is a client's mistake too.
  for (const path of Object.keys(doc.paths)) {
    const declared = Object.keys(doc.paths[path] ?? {}).map((m) => m.toUpperCase());
    const others = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"].filter(
      (m) => !declared.includes(m),
    );
    it(`undeclared methods on ${path}`, async () => {
      const url = `/api/v1${path.replace(/\{\w+\}/g, UNKNOWN_ID)}`;
      const before = await allRows();
      const failures: string[] = [];
      for (const method of others) {
        const attempt = {
          what: "undeclared method",
          url,
          body: method === "GET" || method === "HEAD" ? undefined : "{}",
        };
        failures.push(...(await sweep(method, [attempt], true)));
      }
      expect(failures).toEqual([]);
      expect(await allRows()).toEqual(before);
    });
  }
});

/**
 * Text the contract takes as it is (free-text fields have no pattern) but no person would type:
 * control characters, lone surrogates, number words, bidi and combining marks, SQL and tsquery
 * syntax, markup. At most 16 characters, so each fits every free-text field.
 */
const ODD_TEXT = [
  "ab\u0007cd\u001b[0m",
  "x\ud800yz\ud800",
  "abc\udfffdef",
  "NaN",
  "-Infinity",
  "1e308",
  "\u202e\u{1f4a5}\u01c5\ufeff\u0301xyz",
  "' OR 1=1 --",
  "%_\\*:&|!()",
  "<b>x</b>&amp;",
  "\t\r\u000b\u000c xyz",
  "\u0085\u2028\u2029 xyz",
  "İıŉß\uff26\uff55",
];

/** `text` repeated to at least `min` (and 8) characters and cut to `max`: the field takes it. */
function fitTo(text: string, schema: JsonSchema): string {
  let value = text;
  while (value.length < Math.max(schema.minLength ?? 0, 8)) value += text;
  return schema.maxLength !== undefined ? value.slice(0, schema.maxLength) : value;
}

describe("odd text the contract takes goes through to core's writes without a 5xx", () => {
  let item: StockedItem;
  let phoneCounter = 0;
  beforeAll(async () => {
    item = await stockedItem(shop, { stock: 1000 });
  });

  // Here the requests are meant to succeed (an account, an address, an order with odd text in
  // it), so rows change; what counts is that every answer is a success or a refusal, never a 5xx.
  for (const { method, path, op } of operations) {
    const schema = op.requestBody?.content["application/json"]?.schema;
    const free = Object.entries(schema?.properties ?? {}).filter(
      ([, field]) => field.type === "string" && !field.pattern && !field.format,
    );
    if (!schema || free.length === 0) continue;
    it(`${method} ${path}`, async () => {
      const failures: string[] = [];
      for (const text of ODD_TEXT) {
        // A customer of its own each time: ten addresses at most, one cart.
        const phone = `+2126124${String(++phoneCounter).padStart(5, "0")}`;
        const owner = await createCustomer(shop, { phoneNumbers: [phone] });
        if (path.startsWith("/customer/orders/") || path.endsWith("/apply-coupon")) {
          const added = await call(shop, "POST", "/customer/shopping-cart", {
            token: owner.token,
            body: { productId: item.productId, size: item.size },
          });
          expect(added.status, JSON.stringify(added.body)).toBe(200);
        }
        const body: Record<string, unknown> = {};
        for (const [name, field] of Object.entries(schema.properties ?? {})) {
          body[name] = free.some(([n]) => n === name)
            ? fitTo(text, field)
            : validValue(
                name,
                field,
                path === "/auth/login" ? owner.email : `odd-${phoneCounter}@example.test`,
              );
        }
        // Checkout only gets past the phone check with one of the customer's verified numbers.
        if (path.startsWith("/customer/orders/")) body.phone = phone;
        const res = await call(shop, method, path, { token: owner.token, body });
        if (res.status >= 500) {
          failures.push(`${JSON.stringify(text)}: ${method} ${path} ${JSON.stringify(body)} → ${res.status}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
