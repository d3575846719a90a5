import { data } from "react-router";
import { CLEAR_SESSION_COOKIE, SESSION_COOKIE } from "#contract/session.ts";
import type { CoreContext } from "#core/context.ts";
import { DomainError } from "#core/errors.ts";
import { authenticateStaff, requireRole, type Staff, type StaffRole } from "#core/staff/roles.ts";
import { readCookies } from "./cookies.server.ts";
import { currentPath, logInRedirect, requireSameOrigin } from "./session.server.ts";

/**
 * The staff member looking at a back-office page (docs/decisions/036-staff-roles-and-sessions.md):
 * - no session cookie, or one that is no longer good (a staff session ends after 12 hours) → the
 *   log-in page, which brings them back here;
 * - a customer's session → the shop's 404: the back office does not announce itself;
 * - a manager on an admin-only page → 403, shown by the back office's error boundary.
 */
export async function requireStaffPage(
  request: Request,
  core: CoreContext,
  role: StaffRole = "manager",
): Promise<Staff> {
  const token = readCookies(request).get(SESSION_COOKIE);
  if (!token) throw logInRedirect(currentPath(request));
  let staff: Staff;
  try {
    staff = await authenticateStaff(core, token);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "unauthenticated")
      throw logInRedirect(currentPath(request), { "Set-Cookie": CLEAR_SESSION_COOKIE });
    if (error instanceof DomainError && error.kind === "forbidden") throw data(null, { status: 404 });
    throw error;
  }
  try {
    requireRole(staff, role);
  } catch (error) {
    if (error instanceof DomainError) throw data({ message: error.message }, { status: 403 });
    throw error;
  }
  return staff;
}

/**
 * A back-office form post: from the shop's own pages (requireSameOrigin), by staff of at least
 * `role`. Core checks the role again on the write itself.
 */
export async function staffForm(
  request: Request,
  core: CoreContext,
  role: StaffRole = "manager",
  publicUrl?: string,
): Promise<{ staff: Staff; form: FormData }> {
  requireSameOrigin(request, publicUrl);
  const staff = await requireStaffPage(request, core, role);
  return { staff, form: await request.formData() };
}
