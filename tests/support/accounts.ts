import { randomBytes, scryptSync } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { z } from "zod";
import type { AddressBody } from "#contract/accounts.ts";
import { createSessionToken, signToken } from "#core/accounts/tokens.ts";
import type { AccountsContext } from "#core/context.ts";
import { newId, stableId } from "#db/ids.ts";
import { DEMO_CUSTOMER } from "#demo/shop-data.ts";
import { TEST_JWT_SECRET, type TestShop } from "./app.ts";
import { TEST_NOW } from "./constants.ts";

// Fixtures for the accounts API tests: customers inserted directly (one scrypt hash per worker, not
// one per customer), tokens minted with the test secret through core's own signing code, codes read
// from the built-in outbox the way a person would read their mail.

export interface ApiResponse {
  status: number;
  body: any;
  headers: Headers;
}

export interface CallOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (non-JSON bodies), with `Content-Type: application/json`. */
  rawBody?: string;
  /** `Authorization: Bearer …` */
  token?: string;
  /** The session cookie `JWTToken=…` */
  cookie?: string;
  /** The client address (X-Forwarded-For, trusted by the test shop); a fresh one by default. */
  ip?: string;
  headers?: Record<string, string>;
}

let ipCounter = 0;
/** A client address no other request of this file used, so per-IP limits only count what a test means. */
export function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** `method /api/v1{path}` with a JSON body, a token or a cookie; the JSON answer parsed. */
export function call(
  shop: Pick<TestShop, "get">,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { "x-forwarded-for": options.ip ?? nextIp() };
  let body: string | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers["content-type"] = "application/json";
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] = "application/json";
  }
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie !== undefined) headers.cookie = `JWTToken=${options.cookie}`;
  Object.assign(headers, options.headers);
  return shop.get(`/api/v1${path}`, { method, headers, body });
}

/** A clock tests move by hand: `setUpTestShop({ now: clock.now })`. */
export function createClock(start: Date = TEST_NOW) {
  let time = start.getTime();
  return {
    now: () => new Date(time),
    advance(ms: number) {
      time += ms;
    },
    reset() {
      time = start.getTime();
    },
  };
}
export type Clock = ReturnType<typeof createClock>;

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

/** The password of every fixture customer. */
export const FIXTURE_PASSWORD = "fixture-password-1";
let fixtureHash: string | undefined;
/**
 * The fixture customers' password hash, in the stored format (`scrypt$N$r$p$salt$key`) but at a low
 * cost (N=2^10). A stored hash carries its own cost and verifying reads it from there, so log-ins
 * against it run the shop's real verification in about a millisecond instead of 0.2 s and 128 MiB:
 * a test making a dozen attempts holds on a busy machine. Sign-up still hashes at full strength
 * (auth.test.ts checks that); core/accounts/passwords.test.ts checks full-strength verification.
 */
export async function fixturePasswordHash(): Promise<string> {
  if (!fixtureHash) {
    const salt = randomBytes(16);
    const key = scryptSync(FIXTURE_PASSWORD, salt, 32, { N: 2 ** 10, r: 8, p: 1 });
    fixtureHash = ["scrypt", 2 ** 10, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
  }
  return fixtureHash;
}

export interface TestCustomer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  tokenVersion: number;
  /** A session token for this customer (Bearer or cookie). */
  token: string;
}

let customerCounter = 0;

/** A customer inserted directly: verified by default, with the fixture password. */
export async function createCustomer(
  shop: Pick<TestShop, "ctx">,
  options: {
    verified?: boolean;
    email?: string;
    firstName?: string;
    lastName?: string;
    tokenVersion?: number;
    phoneNumbers?: string[];
    addresses?: AddressBody[];
    /** `manager` or `admin` for a staff account (its token is a 12-hour staff session). */
    role?: "customer" | "manager" | "admin";
  } = {},
): Promise<TestCustomer> {
  customerCounter++;
  const id = newId();
  const customer = {
    id,
    email: options.email ?? `customer-${customerCounter}-${id.slice(0, 6)}@example.test`,
    firstName: options.firstName ?? "Amina",
    lastName: options.lastName ?? "Haddad",
    password: FIXTURE_PASSWORD,
    tokenVersion: options.tokenVersion ?? 0,
  };
  const now = shop.ctx.now().toISOString();
  await shop.ctx.db.execute(sql`INSERT INTO customers
      (id, first_name, last_name, email, password_hash, email_verified_at, token_version, role, created_at, updated_at)
    VALUES (${id}, ${customer.firstName}, ${customer.lastName}, ${customer.email}, ${await fixturePasswordHash()},
            ${options.verified === false ? null : now}::timestamptz, ${customer.tokenVersion}, ${options.role ?? "customer"},
            ${now}::timestamptz, ${now}::timestamptz)`);
  for (const phoneNumber of options.phoneNumbers ?? []) await insertPhoneNumber(shop, id, phoneNumber);
  for (const address of options.addresses ?? []) await insertAddress(shop, id, address);
  return {
    ...customer,
    token: await sessionToken(id, customer.tokenVersion, { now: shop.ctx.now(), role: options.role }),
  };
}

export async function insertPhoneNumber(
  shop: Pick<TestShop, "ctx">,
  customerId: string,
  phoneNumber: string,
): Promise<string> {
  const id = newId();
  const now = shop.ctx.now().toISOString();
  await shop.ctx.db.execute(sql`INSERT INTO customer_phone_numbers (id, customer_id, phone_number, verified_at, created_at)
    VALUES (${id}, ${customerId}, ${phoneNumber}, ${now}::timestamptz, ${now}::timestamptz)`);
  return id;
}

export async function insertAddress(
  shop: Pick<TestShop, "ctx">,
  customerId: string,
  address: AddressBody,
): Promise<string> {
  const id = newId();
  await shop.ctx.db.execute(sql`INSERT INTO customer_addresses (id, customer_id, country, state, city, street, postal_code, created_at)
    VALUES (${id}, ${customerId}, ${address.country}, ${address.state}, ${address.city}, ${address.street},
            ${address.postalCode}, ${shop.ctx.now().toISOString()}::timestamptz)`);
  return id;
}

export const SAMPLE_ADDRESS: AddressBody = {
  country: "Morocco",
  state: "Rabat-Salé-Kénitra",
  city: "Rabat",
  street: "4 Avenue Mohammed V",
  postalCode: "10000",
};

/** The seeded demo customer (README.md#run-the-shop: verified, one phone number, one address). */
export const DEMO = {
  ...DEMO_CUSTOMER,
  id: stableId("customer", DEMO_CUSTOMER.email),
};

/** The key material tokens are signed with: the test shop's secret, or another one (a forgery). */
function signingContext(options: { now?: Date; secret?: string }) {
  const accounts = { secret: options.secret ?? TEST_JWT_SECRET } as AccountsContext;
  const now = options.now ?? TEST_NOW;
  return { accounts, now: () => now };
}

/**
 * A session token as core mints it (90 days, or 12 hours for a staff `role`; `ver` = token version),
 * issued at `now` (TEST_NOW).
 */
export function sessionToken(
  customerId: string,
  version = 0,
  options: { now?: Date; secret?: string; role?: string } = {},
): Promise<string> {
  return createSessionToken(signingContext(options), {
    id: customerId,
    tokenVersion: version,
    role: options.role,
  });
}

/** What the built-in identity provider hands out after a right SMS code (10 minutes). */
export function phoneIdToken(
  customerId: string,
  phoneNumber: string,
  options: { now?: Date; secret?: string } = {},
): Promise<string> {
  return signToken(signingContext(options), "phone-id-token", customerId, { phone_number: phoneNumber }, 600);
}

export interface OutboxMessage {
  channel: "email" | "sms";
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

/** What the shop mailed or texted to `to`, newest first (GET /dev/outbox.json?to=). */
export async function outbox(shop: Pick<TestShop, "get">, to: string): Promise<OutboxMessage[]> {
  // Read as the machine itself would (the test shop trusts one proxy, which saw loopback).
  const { status, body } = await shop.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`, {
    headers: { "x-forwarded-for": "127.0.0.1" },
  });
  if (status !== 200) throw new Error(`GET /dev/outbox.json answered ${status}`);
  return body;
}

/** The 6-digit code in the newest message to `to`. */
export async function latestCode(shop: Pick<TestShop, "get">, to: string): Promise<string> {
  const [message] = await outbox(shop, to);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code has been sent to ${to}`);
  return code;
}

/** A 6-digit code that is certainly not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

/**
 * Every row the accounts endpoints can write, so a test can show that a refused request changed
 * nothing.
 */
export async function accountRows(shop: Pick<TestShop, "rows">) {
  return {
    customers: await shop.rows(sql`SELECT * FROM customers ORDER BY id`),
    codes: await shop.rows(sql`SELECT * FROM one_time_codes ORDER BY customer_id, purpose`),
    phoneNumbers: await shop.rows(sql`SELECT * FROM customer_phone_numbers ORDER BY id`),
    addresses: await shop.rows(sql`SELECT * FROM customer_addresses ORDER BY id`),
    outbox: await shop.rows(sql`SELECT * FROM outbox_messages ORDER BY id`),
  };
}

/** One customer's row as the tests read it. */
export async function customerRow(shop: Pick<TestShop, "rows">, id: string) {
  const [row] = await shop.rows<{
    email: string;
    first_name: string;
    last_name: string;
    password_hash: string;
    token_version: number;
    email_verified_at: Date | string | null;
  }>(sql`SELECT * FROM customers WHERE id = ${id}`);
  return row;
}

/**
 * The body is what the published contract (contract/accounts.ts → OpenAPI) describes: it parses, and
 * parsing drops nothing, so there is no field the document does not name.
 */
export function expectContract(schema: z.ZodType, body: unknown) {
  expect(schema.parse(body)).toEqual(body);
}
