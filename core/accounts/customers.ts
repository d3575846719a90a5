import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  type CustomerProfile,
  EMAIL_NOT_VERIFIED,
  type LoginBody,
  type SignupBody,
  WRONG_CREDENTIALS,
} from "#contract/accounts.ts";
import { type Database, queryRows } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import { newId } from "#db/ids.ts";
import { anyOf } from "#db/sql.ts";
import { BatchedLookup } from "../batched-lookup.ts";
import type { CoreContext } from "../context.ts";
import { conflict, DomainError, unauthenticated, unverified } from "../errors.ts";
import { perDatabase } from "../per-database.ts";
import { sendCode } from "./codes.ts";
import { AUTH_LIMITS, enforceLimit } from "./limits.ts";
import { verificationMail } from "./mail.ts";
import { mailSender } from "./mail-sender.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { createSessionToken, signToken, verifyToken } from "./tokens.ts";

/** Who is asking: rate limits count per client address. */
export interface RequestMeta {
  ip: string;
  /** The device cookie of a browser where an account logged in before (logIn), if it sent one. */
  deviceToken?: string;
}

/** How long a browser stays known to an account after a log-in there. */
export const DEVICE_SECONDS = 365 * 24 * 60 * 60;

export const INVALID_SESSION = "Your session is invalid or has expired. Please log in again.";
export const NOT_LOGGED_IN = "You are not logged in. Please log in to get access.";
export const EMAIL_TAKEN = "An account with this email already exists. Please log in instead.";

export interface Session {
  customerId: string;
  emailVerified: boolean;
  /** `customer`, `manager` or `admin`, as the account has it now (core/staff/roles.ts). */
  role: string;
  email: string;
}

interface CustomerRow {
  id: string;
  first_name: string;
  email: string;
  password_hash: string;
  token_version: number;
  role: string;
  email_verified_at: string | Date | null;
  totp_enabled_at: string | Date | null;
}

/** The account of an email, compared case-insensitively (the unique index is on lower(email)). */
export async function findCustomerByEmail(ctx: CoreContext, email: string): Promise<CustomerRow | undefined> {
  const [customer] = await queryRows<CustomerRow>(
    ctx.db,
    sql`SELECT id, first_name, email, password_hash, token_version, role, email_verified_at, totp_enabled_at
        FROM customers WHERE lower(email) = lower(${email})`,
  );
  return customer;
}

// Compared against when the email is unknown, so a miss costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;

/** Creates the account, sends the email verification code and returns a session token. */
export async function signUp(ctx: CoreContext, body: SignupBody, meta: RequestMeta) {
  await enforceLimit(ctx, AUTH_LIMITS.signUpPerIp, meta.ip);
  const passwordHash = await hashPassword(body.password);
  const id = newId();
  try {
    await ctx.db.execute(sql`INSERT INTO customers (id, first_name, last_name, email, password_hash, created_at, updated_at)
      VALUES (${id}, ${body.firstName}, ${body.lastName}, ${body.email}, ${passwordHash},
              ${ctx.now().toISOString()}::timestamptz, ${ctx.now().toISOString()}::timestamptz)`);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, "email");
    throw error;
  }
  // The account exists now whatever the mail does: a failed delivery withdraws the code and the
  // email verification page, which requests one on entry, sends a new one.
  await sendCode(ctx, { customerId: id, purpose: "verify_email", target: body.email }, async (code) =>
    ctx.accounts.mailer.send(verificationMail(body.email, body.firstName, await mailSender(ctx), code)),
  ).catch(() => {});
  const token = await createSessionToken(ctx, { id, tokenVersion: 0, role: "customer" });
  return { token, customerId: id };
}

/** How long the second step of a two-factor log-in may take (docs/back-office/two-factor.md). */
export const TWO_FACTOR_CHALLENGE_SECONDS = 5 * 60;

export interface LoggedIn {
  token: string;
  deviceToken: string;
  customerId: string;
  emailVerified: boolean;
  /** `customer`, `manager` or `admin`: where the log-in page sends them by default. */
  role: string;
}

/** A right password for an account with two-step verification: the code is still to come. */
export interface TwoFactorRequired {
  twoFactorChallenge: string;
  customerId: string;
}

/**
 * A session token for the right email and password; anything else is one message that reveals
 * nothing. An account with two-step verification on (staff only) gets no session yet but a
 * five-minute challenge naming the account and its token version, which
 * core/staff/two-factor-log-in.ts exchanges for a session with a right code.
 *
 * Log-in limits (docs/decisions/024-log-in-limits.md): a browser that proves, by its device cookie,
 * that this account logged in there before has a budget of its own; every other attempt counts
 * against the client's address and against the account. Strangers can exhaust the account's budget
 * — as hard to brute-force as before — but not its owner's. A success hands out a new device cookie.
 */
export async function logIn(
  ctx: CoreContext,
  body: LoginBody,
  meta: RequestMeta,
): Promise<LoggedIn | TwoFactorRequired> {
  const device = meta.deviceToken ? knownDevice(ctx, meta.deviceToken, body.email) : null;
  if (device) {
    await enforceLimit(ctx, AUTH_LIMITS.logInPerDevice, device);
  } else {
    await enforceLimit(ctx, AUTH_LIMITS.logInPerIp, meta.ip);
    await enforceLimit(ctx, AUTH_LIMITS.logInPerEmail, body.email);
  }
  const customer = await findCustomerByEmail(ctx, body.email);
  if (!customer) {
    decoyHash ??= hashPassword("not-a-real-password");
    await verifyPassword(body.password, await decoyHash);
    throw unauthenticated(WRONG_CREDENTIALS);
  }
  if (!(await verifyPassword(body.password, customer.password_hash)))
    throw unauthenticated(WRONG_CREDENTIALS);
  if (customer.totp_enabled_at !== null) {
    const twoFactorChallenge = await signToken(
      ctx,
      "two-factor",
      customer.id,
      { ver: customer.token_version, email: body.email },
      TWO_FACTOR_CHALLENGE_SECONDS,
    );
    return { twoFactorChallenge, customerId: customer.id };
  }
  return startSession(ctx, customer, body.email);
}

/** The session and device tokens of a finished log-in (core/staff/two-factor-log-in.ts ends here too). */
export async function startSession(
  ctx: CoreContext,
  customer: Pick<CustomerRow, "id" | "token_version" | "role" | "email_verified_at">,
  email: string,
): Promise<LoggedIn> {
  const token = await createSessionToken(ctx, {
    id: customer.id,
    tokenVersion: customer.token_version,
    role: customer.role,
  });
  const deviceToken = await signToken(ctx, "device", randomUUID(), { email }, DEVICE_SECONDS);
  return {
    token,
    deviceToken,
    customerId: customer.id,
    emailVerified: customer.email_verified_at !== null,
    role: customer.role,
  };
}

/** The device id a valid device cookie names, when it was issued for this e-mail address. */
function knownDevice(ctx: CoreContext, token: string, email: string): string | null {
  const verified = verifyToken(ctx, "device", token);
  return verified.ok && verified.claims.email === email ? verified.claims.sub : null;
}

type SessionRow = Pick<CustomerRow, "id" | "token_version" | "email_verified_at" | "role" | "email">;

/** What a session check reads of its customer; checks arriving together read in one statement. */
const sessionLookups = perDatabase(
  (db: Database) =>
    new BatchedLookup<string, SessionRow>(async (ids) => {
      const rows = await queryRows<SessionRow>(
        db,
        sql`SELECT id, token_version, email_verified_at, role, email FROM customers WHERE id = ${anyOf(ids)}`,
      );
      return new Map(rows.map((row) => [row.id, row]));
    }),
);

/**
 * The session a token stands for. Every way a token can be wrong (missing, malformed, expired,
 * forged, `alg: none`, a deleted customer, older than a password change) gives the same 401.
 */
export async function authenticate(ctx: CoreContext, token: string | undefined): Promise<Session> {
  if (!token) throw unauthenticated(NOT_LOGGED_IN);
  const verified = verifyToken(ctx, "session", token);
  if (!verified.ok) throw unauthenticated(INVALID_SESSION);
  const customer = await sessionLookups(ctx.db).get(verified.claims.sub);
  if (!customer || customer.token_version !== verified.claims.ver) throw unauthenticated(INVALID_SESSION);
  return {
    customerId: verified.claims.sub,
    emailVerified: customer.email_verified_at !== null,
    role: customer.role,
    email: customer.email,
  };
}

/**
 * Who is viewing a public page or endpoint: the customer a good token names, or nobody (no token or
 * a bad one just means a visitor there), for `isFavorite`.
 */
export async function viewerOf(ctx: CoreContext, token: string | undefined): Promise<string | undefined> {
  if (!token) return undefined;
  try {
    return (await authenticate(ctx, token)).customerId;
  } catch (error) {
    if (error instanceof DomainError && error.kind === "unauthenticated") return undefined;
    throw error;
  }
}

/** Customer endpoints need a verified email (docs/storefront/api.md#verified-email); the message's start is what clients look for. */
export function requireVerifiedEmail(session: Session): Session {
  if (!session.emailVerified) throw unverified(EMAIL_NOT_VERIFIED);
  return session;
}

/** The customer's profile with its phone numbers and addresses, oldest first. */
export async function getProfile(ctx: CoreContext, customerId: string): Promise<CustomerProfile> {
  const [row] = await queryRows<{
    first_name: string;
    last_name: string;
    email: string;
    role: string;
    profile_image: string | null;
    email_verified_at: string | Date | null;
    created_at: string | Date;
    phones: { _id: string; phoneNumber: string }[] | null;
    addresses: CustomerProfile["addressesList"] | null;
  }>(
    ctx.db,
    sql`SELECT c.first_name, c.last_name, c.email, c.role, c.profile_image, c.email_verified_at, c.created_at,
          (SELECT json_agg(json_build_object('_id', p.id, 'phoneNumber', p.phone_number) ORDER BY p.created_at, p.id)
             FROM customer_phone_numbers p WHERE p.customer_id = c.id) AS phones,
          (SELECT json_agg(json_build_object('_id', a.id, 'country', a.country, 'state', a.state, 'city', a.city,
                                             'street', a.street, 'postalCode', a.postal_code) ORDER BY a.created_at, a.id)
             FROM customer_addresses a WHERE a.customer_id = c.id) AS addresses
        FROM customers c WHERE c.id = ${customerId}`,
  );
  if (!row) throw unauthenticated(INVALID_SESSION);
  return {
    _id: customerId,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    profileImage: row.profile_image,
    phoneNumbers: row.phones ?? [],
    addressesList: row.addresses ?? [],
    emailVerified: row.email_verified_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
