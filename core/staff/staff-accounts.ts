import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows } from "#db/client.ts";
import { newId } from "#db/ids.ts";
import { hashPassword } from "../accounts/passwords.ts";
import { signToken } from "../accounts/tokens.ts";
import { type AuditActor, recordAudit } from "../audit/audit-log.ts";
import type { CoreContext } from "../context.ts";
import type { StaffRole } from "./roles.ts";

const COMMAND_LINE: AuditActor = { id: null, email: "command line" };

/** How long a set-password link stays good: long enough to read the mail, short enough to expire. */
export const SET_PASSWORD_SECONDS = 72 * 60 * 60;

export interface StaffAccountResult {
  id: string;
  email: string;
  role: StaffRole;
  /** A new account, which has no password yet: `setPasswordToken` is its one way in. */
  created: boolean;
  previousRole?: string;
  /** For a new account: good once (setting the password raises the token version) and for 72 hours. */
  setPasswordToken?: string;
}

/**
 * A set-password token for an account: names the account and its token version, so it stops
 * working once a password is set (which raises the version) or the role changes.
 */
export function setPasswordToken(
  ctx: Pick<CoreContext, "accounts" | "now">,
  account: { id: string; tokenVersion: number },
) {
  return signToken(ctx, "set-password", account.id, { ver: account.tokenVersion }, SET_PASSWORD_SECONDS);
}

/**
 * Creates a staff account or changes an existing account's role, from the command line
 * (`npm run staff -- add <email> --role admin`) — the way in for the first admin, who has nobody to
 * invite them. A new account gets an unguessable password nobody knows and a verified email (the
 * set-password link proves the address); a changed role raises the token version, which ends the
 * account's sessions, so a promotion or demotion takes effect at once.
 */
export async function addStaffFromCommandLine(
  ctx: CoreContext,
  input: { email: string; role: StaffRole; firstName?: string; lastName?: string },
): Promise<StaffAccountResult> {
  const now = ctx.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    const [existing] = await queryRows<{ id: string; email: string; role: string }>(
      tx,
      sql`SELECT id, email, role FROM customers WHERE lower(email) = lower(${input.email}) FOR UPDATE`,
    );
    if (existing) {
      await tx.execute(sql`UPDATE customers SET role = ${input.role}, token_version = token_version + 1,
        updated_at = ${now}::timestamptz WHERE id = ${existing.id}`);
      await recordAudit(tx, COMMAND_LINE, {
        action: "staff.role",
        entity: "staff",
        entityId: existing.id,
        before: { role: existing.role },
        after: { role: input.role },
        at: ctx.now(),
      });
      return {
        id: existing.id,
        email: existing.email,
        role: input.role,
        created: false,
        previousRole: existing.role,
      };
    }
    const id = newId();
    const unusable = await hashPassword(randomBytes(32).toString("base64url"));
    await tx.execute(sql`INSERT INTO customers
        (id, first_name, last_name, email, password_hash, role, email_verified_at, created_at, updated_at)
      VALUES (${id}, ${input.firstName ?? "Staff"}, ${input.lastName ?? "Member"}, ${input.email}, ${unusable},
              ${input.role}, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz)`);
    await recordAudit(tx, COMMAND_LINE, {
      action: "staff.create",
      entity: "staff",
      entityId: id,
      before: null,
      after: { email: input.email, role: input.role },
      at: ctx.now(),
    });
    return {
      id,
      email: input.email,
      role: input.role,
      created: true,
      setPasswordToken: await setPasswordToken(ctx, { id, tokenVersion: 0 }),
    };
  });
}
