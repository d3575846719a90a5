import { authenticate } from "../accounts/customers.ts";
import type { CoreContext } from "../context.ts";
import { DomainError } from "../errors.ts";

/**
 * Staff roles (docs/decisions/036-staff-roles-and-sessions.md): a `manager` runs the catalogue,
 * stock, photos, coupons and (later) orders; an `admin` may do all of that and also manage staff,
 * the shop's settings and refunds, and read the audit log.
 */
export type StaffRole = "manager" | "admin";

export const STAFF_ROLES = ["manager", "admin"] as const satisfies readonly StaffRole[];

/** Who is acting: every staff write in core takes one and checks its role first (requireRole). */
export interface Staff {
  id: string;
  email: string;
  role: StaffRole;
}

export const STAFF_ONLY = "This page is for the shop's staff.";
export const ADMIN_ONLY = "Only an administrator may do this.";

const RANK: Record<StaffRole, number> = { manager: 1, admin: 2 };

export const isStaffRole = (role: string): role is StaffRole => role === "manager" || role === "admin";

/**
 * The staff member a session token stands for. A missing or bad token is the session's own 401
 * (core/accounts/customers.ts: authenticate); a customer's good token is a 403. The role is read
 * from the account now, not from the token, so a demotion takes effect on the next request.
 */
export async function authenticateStaff(ctx: CoreContext, token: string | undefined): Promise<Staff> {
  const session = await authenticate(ctx, token);
  if (!isStaffRole(session.role)) throw new DomainError("forbidden", STAFF_ONLY);
  return { id: session.customerId, email: session.email, role: session.role };
}

/** Refuses an actor whose role is below `needed` (an admin may do whatever a manager may). */
export function requireRole(actor: Staff, needed: StaffRole): void {
  if (!isStaffRole(actor.role)) throw new DomainError("forbidden", STAFF_ONLY);
  if (RANK[actor.role] < RANK[needed])
    throw new DomainError("forbidden", needed === "admin" ? ADMIN_ONLY : STAFF_ONLY);
}
