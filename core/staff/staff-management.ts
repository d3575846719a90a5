import { randomBytes } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { InviteStaffBody, StaffListQuery, StaffMember } from "#contract/admin-staff.ts";
import type { PaginationResults } from "#contract/catalog.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { newId } from "#db/ids.ts";
import { hashPassword } from "../accounts/passwords.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { CoreContext } from "../context.ts";
import { conflict, DomainError, notFound } from "../errors.ts";
import { countedPage, pageOffset, pagination } from "../shared/pages.ts";
import { ADMIN_ONLY, requireRole, type Staff, type StaffRole } from "./roles.ts";
import { setPasswordToken } from "./staff-accounts.ts";
import { invitationMail, promotionMail } from "./staff-mail.ts";

// Staff management in the back office (docs/back-office/staff.md): an admin lists, invites, changes
// the role of and demotes staff. Every write is audited in its own transaction
// (docs/decisions/037-audit-log.md) and a role change raises the token version, which ends the
// account's sessions (docs/decisions/036-staff-roles-and-sessions.md).

export const NO_SUCH_STAFF = "There is no staff member with this id.";
export const NOT_YOURSELF = "You cannot change your own role or demote yourself; another admin can.";
export const LAST_ADMIN = "The shop needs at least one admin: this is the last one.";
export const alreadyStaff = (email: string, role: string) => `${email} is already on the staff (${role}).`;

interface StaffRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  two_factor: boolean;
  created_at: Date | string;
}

const STAFF_COLUMNS = sql`id, email, first_name, last_name, role, totp_enabled_at IS NOT NULL AS two_factor, created_at`;

function member(row: StaffRow): StaffMember {
  return {
    _id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role as StaffMember["role"],
    twoFactor: Boolean(row.two_factor),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** `%`, `_` and `\` typed in a search mean themselves in ILIKE. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Accounts whose email or name contains `q` (case-insensitive). */
export function nameOrEmailMatches(q: string | undefined): SQL {
  if (!q) return sql`true`;
  const pattern = `%${likeEscaped(q)}%`;
  return sql`(email ILIKE ${pattern} OR (first_name || ' ' || last_name) ILIKE ${pattern})`;
}

const STAFF_ORDER: Record<string, SQL> = {
  email: sql`lower(email) ASC, id`,
  "-email": sql`lower(email) DESC, id`,
  name: sql`lower(last_name) ASC, lower(first_name) ASC, id`,
  "-name": sql`lower(last_name) DESC, lower(first_name) DESC, id`,
  role: sql`role ASC, lower(email), id`,
  "-role": sql`role DESC, lower(email), id`,
  createdAt: sql`created_at ASC, id`,
  "-createdAt": sql`created_at DESC, id`,
};

export interface StaffPage {
  data: StaffMember[];
  total: number;
  paginationResults: PaginationResults;
}

/** The staff (managers and admins), a page at a time (GET /staff, /admin/staff): an admin's. */
export async function listStaff(ctx: CoreContext, actor: Staff, query: StaffListQuery): Promise<StaffPage> {
  requireRole(actor, "admin");
  const where = sql`role <> 'customer' AND ${nameOrEmailMatches(query.q)}`;
  const { total, rows } = await countedPage<StaffRow>(
    ctx.db,
    sql`SELECT count(*)::int AS total FROM customers WHERE ${where}`,
    sql`SELECT ${STAFF_COLUMNS} FROM customers WHERE ${where}
        ORDER BY ${STAFF_ORDER[query.sort] ?? STAFF_ORDER.email} LIMIT ${query.limit} OFFSET ${pageOffset(query)}`,
  );
  return { data: rows.map(member), total, paginationResults: pagination(query, total) };
}

/** One staff member (the page's confirmation panels); a customer's id is not found. */
export async function getStaffMember(ctx: CoreContext, actor: Staff, id: string): Promise<StaffMember> {
  requireRole(actor, "admin");
  const [row] = await queryRows<StaffRow>(
    ctx.db,
    sql`SELECT ${STAFF_COLUMNS} FROM customers WHERE id = ${id} AND role <> 'customer'`,
  );
  if (!row) throw notFound(NO_SUCH_STAFF);
  return member(row);
}

export interface InviteResult {
  member: StaffMember;
  /** A new account (true), or an existing customer's account made staff (false). */
  created: boolean;
  /** Whether the mail went to the mail service; a failed send leaves the invitation standing. */
  mailed: boolean;
}

/** Where the mail's links point: the shop's public origin (PUBLIC_URL, or the request's). */
export interface LinkBase {
  baseUrl: string;
}

/**
 * Invites someone to the staff (POST /staff): a new account gets an unusable random password, a
 * verified email (the mailed link proves the address) and the role, and is mailed a one-time link to
 * choose a password; an existing customer keeps their password, is made staff (their sessions end)
 * and is mailed a note. Someone already on the staff is a conflict: change their role instead.
 */
export async function inviteStaff(
  ctx: CoreContext,
  actor: Staff,
  input: InviteStaffBody,
  links: LinkBase,
): Promise<InviteResult> {
  requireRole(actor, "admin");
  const now = ctx.now().toISOString();
  // Hashed before the transaction: scrypt takes a while and need not hold a row lock.
  const unusable = await hashPassword(randomBytes(32).toString("base64url"));
  const outcome = await ctx.db.transaction(async (tx) => {
    const [existing] = await queryRows<StaffRow & { token_version: number }>(
      tx,
      sql`SELECT ${STAFF_COLUMNS}, token_version FROM customers WHERE lower(email) = lower(${input.email}) FOR UPDATE`,
    );
    if (existing && existing.role !== "customer")
      throw conflict(alreadyStaff(existing.email, existing.role), "email");
    if (existing) {
      await tx.execute(sql`UPDATE customers SET role = ${input.role}, token_version = token_version + 1,
        updated_at = ${now}::timestamptz WHERE id = ${existing.id}`);
      await audit(tx, ctx, actor, "staff.invite", existing.id, { role: "customer" }, { role: input.role });
      return {
        row: { ...existing, role: input.role },
        created: false,
        tokenVersion: existing.token_version + 1,
      };
    }
    const id = newId();
    // A second invitation of the same new address racing this one meets the unique email index.
    const inserted = await queryRows<StaffRow>(
      tx,
      sql`INSERT INTO customers
          (id, first_name, last_name, email, password_hash, role, email_verified_at, created_at, updated_at)
        VALUES (${id}, ${input.firstName}, ${input.lastName}, ${input.email}, ${unusable}, ${input.role},
                ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING ${STAFF_COLUMNS}`,
    );
    if (!inserted[0]) throw conflict(alreadyStaff(input.email, "just invited"), "email");
    const after = {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
    };
    await audit(tx, ctx, actor, "staff.invite", id, null, after);
    return { row: inserted[0], created: true, tokenVersion: 0 };
  });
  const mailed = await sendInvitation(ctx, outcome, input.role, links);
  return { member: member(outcome.row), created: outcome.created, mailed };
}

async function sendInvitation(
  ctx: CoreContext,
  outcome: { row: StaffRow; created: boolean; tokenVersion: number },
  role: StaffRole,
  links: LinkBase,
): Promise<boolean> {
  const base = links.baseUrl.replace(/\/+$/, "");
  const { row } = outcome;
  const shopName = ctx.accounts.shopName;
  const message = outcome.created
    ? invitationMail({
        to: row.email,
        firstName: row.first_name,
        shopName,
        role,
        setPasswordUrl: `${base}/auth/set-password?token=${await setPasswordToken(ctx, { id: row.id, tokenVersion: outcome.tokenVersion })}`,
      })
    : promotionMail({
        to: row.email,
        firstName: row.first_name,
        shopName,
        role,
        logInUrl: `${base}/auth/log-in?redirectTo=${encodeURIComponent("/admin")}`,
      });
  try {
    await ctx.accounts.mailer.send(message);
    return true;
  } catch {
    // The account stands either way; the page and the API say the mail did not go (docs/back-office/staff.md#invite).
    return false;
  }
}

/** Changes a staff member's role (PUT /staff/{id}): their sessions end. */
export function changeStaffRole(
  ctx: CoreContext,
  actor: Staff,
  id: string,
  role: StaffRole,
): Promise<StaffMember> {
  return setRole(ctx, actor, id, role, "staff.role");
}

/** Makes a staff member a customer again (DELETE /staff/{id}): their sessions end; the account stays. */
export function demoteToCustomer(ctx: CoreContext, actor: Staff, id: string): Promise<StaffMember> {
  return setRole(ctx, actor, id, "customer", "staff.demote");
}

/**
 * The one way a staff role changes in the back office. Every admin row is locked first, in id order
 * (so two of these never deadlock): two admins demoting each other at once take turns, and the
 * second finds it is no longer an admin — the shop keeps at least one admin whatever the timing
 * (tests/integration/staff-management.test.ts runs it on PostgreSQL).
 */
async function setRole(
  ctx: CoreContext,
  actor: Staff,
  id: string,
  role: StaffRole | "customer",
  action: "staff.role" | "staff.demote",
): Promise<StaffMember> {
  requireRole(actor, "admin");
  return ctx.db.transaction(async (tx) => {
    const admins = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM customers WHERE role = 'admin' ORDER BY id FOR UPDATE`,
    );
    // The session said admin; the account may have been demoted since, by the transaction we waited for.
    if (!admins.some((a) => a.id === actor.id)) throw new DomainError("forbidden", ADMIN_ONLY);
    const [target] = await queryRows<StaffRow>(
      tx,
      sql`SELECT ${STAFF_COLUMNS} FROM customers WHERE id = ${id} AND role <> 'customer' FOR UPDATE`,
    );
    if (!target) throw notFound(NO_SUCH_STAFF);
    if (target.role === role) return member(target);
    if (target.id === actor.id) throw conflict(NOT_YOURSELF, "id");
    if (target.role === "admin" && admins.length <= 1) throw conflict(LAST_ADMIN, "id");
    await tx.execute(sql`UPDATE customers SET role = ${role}, token_version = token_version + 1,
      updated_at = ${ctx.now().toISOString()}::timestamptz WHERE id = ${id}`);
    await audit(tx, ctx, actor, action, id, { role: target.role }, { role });
    return member({ ...target, role });
  });
}

function audit(
  tx: Executor,
  ctx: CoreContext,
  actor: Staff,
  action: string,
  entityId: string,
  before: unknown,
  after: unknown,
) {
  return recordAudit(tx, actor, { action, entity: "staff", entityId, before, after, at: ctx.now() });
}
