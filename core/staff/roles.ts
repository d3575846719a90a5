import { authenticate } from "../accounts/customers.ts";
import type { CoreContext } from "../context.ts";
import { DomainError } from "../errors.ts";
import { isStaffRole, STAFF_ONLY, type Staff } from "../shared/staff-roles.ts";

// Staff roles themselves (roles, `Staff`, requireRole) live in core/shared/staff-roles.ts, where
// every core folder may read them; re-exported here for the rest of the shop.
export {
  ADMIN_ONLY,
  isStaffRole,
  requireRole,
  STAFF_ONLY,
  STAFF_ROLES,
  type Staff,
  type StaffRole,
} from "../shared/staff-roles.ts";

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
