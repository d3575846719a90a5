import { DomainError } from "../errors.ts";

// The staff's roles and the check every staff write makes, with no imports of their own, so that
// any core folder can check a role: core/staff/roles.ts adds authenticateStaff on top and exports
// these too; core/audit, which core/staff imports, checks readers with them.

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
 * Refuses an actor whose role is below `needed` (an admin may do whatever a manager may); any
 * account's role may be asked about, a customer's is refused.
 */
export function requireRole(actor: Pick<Staff, "role"> | { role: string }, needed: StaffRole): void {
  if (!isStaffRole(actor.role)) throw new DomainError("forbidden", STAFF_ONLY);
  if (RANK[actor.role] < RANK[needed])
    throw new DomainError("forbidden", needed === "admin" ? ADMIN_ONLY : STAFF_ONLY);
}
