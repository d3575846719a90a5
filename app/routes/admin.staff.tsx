import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { readListQuery } from "#app/components/admin/staff/list-query.server.ts";
import { StaffPage } from "#app/components/admin/staff/staff-page.tsx";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { siteOrigin } from "#app/lib/site.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import { changeStaffRoleBody, inviteStaffBody, staffListQuery, staffParams } from "#contract/admin-staff.ts";
import { ID_PATTERN } from "#contract/query.ts";
import { DomainError } from "#core/errors.ts";
import {
  changeStaffRole,
  demoteToCustomer,
  getStaffMember,
  inviteStaff,
  listStaff,
} from "#core/staff/staff-management.ts";
import type { Route } from "./+types/admin.staff";

// /admin/staff (docs/back-office/staff.md): admins list, invite, re-role and demote staff. A row's
// change goes through a confirmation step (`?edit=<id>` or `?demote=<id>`), a plain link, so it
// works without JavaScript.

export const meta: Route.MetaFunction = () => [
  { title: "Staff — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core, "admin");
  const url = new URL(request.url);
  const { query, errors } = readListQuery(url, staffListQuery);
  const list = await listStaff(context.core, staff, query);
  const editId = url.searchParams.get("edit");
  const demoteId = url.searchParams.get("demote");
  const panelId = editId ?? demoteId;
  let panel = null;
  if (panelId && ID_PATTERN.test(panelId) && panelId !== staff.id) {
    // A stale link (the member was demoted meanwhile) just shows the list.
    const member = await getStaffMember(context.core, staff, panelId).catch((error) => {
      if (error instanceof DomainError && error.kind === "not_found") return null;
      throw error;
    });
    if (member) panel = { kind: editId ? ("edit" as const) : ("demote" as const), member };
  }
  return {
    rows: list.data,
    total: list.total,
    numberOfPages: list.paginationResults.numberOfPages,
    page: query.page,
    sort: query.sort,
    q: query.q ?? "",
    queryErrors: errors,
    me: staff.id,
    panel,
  };
}

const FALLBACK = "The change could not be made. Please try again.";

export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "admin", context.publicUrl);
  const intent = String(form.get("intent") ?? "");
  if (intent === "invite") {
    const values = Object.fromEntries(
      ["email", "firstName", "lastName", "role"].map((k) => [k, String(form.get(k) ?? "")]),
    );
    const parsed = readForm(form, inviteStaffBody);
    if (!parsed.ok) return invalidForm(parsed.failure, { intent, values });
    try {
      const result = await inviteStaff(context.core, staff, parsed.data, {
        baseUrl: siteOrigin(request, context),
      });
      const who = result.member.email;
      const notice = !result.mailed
        ? `${who} is now ${result.member.role === "admin" ? "an admin" : "a manager"}, but the mail could not be sent: they can choose a password with “Forgot password” on the log-in page.`
        : result.created
          ? `Invitation sent to ${who}.`
          : `${who} is now staff; they were told by mail.`;
      return { intent, notice };
    } catch (error) {
      return formFailure(error, FALLBACK, { intent, values });
    }
  }
  if (intent === "role") {
    const parsed = readForm(form, staffParams.extend(changeStaffRoleBody.shape));
    if (!parsed.ok) return invalidForm(parsed.failure, { intent });
    try {
      const member = await changeStaffRole(context.core, staff, parsed.data.id, parsed.data.role);
      return {
        intent,
        notice: `${member.email} is now ${member.role === "admin" ? "an admin" : "a manager"}.`,
      };
    } catch (error) {
      return formFailure(error, FALLBACK, { intent });
    }
  }
  if (intent === "demote") {
    const parsed = readForm(form, staffParams);
    if (!parsed.ok) return invalidForm(parsed.failure, { intent });
    try {
      const member = await demoteToCustomer(context.core, staff, parsed.data.id);
      return { intent, notice: `${member.email} is now a customer.` };
    } catch (error) {
      return formFailure(error, FALLBACK, { intent });
    }
  }
  return invalidForm({ message: FALLBACK }, { intent });
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffPage data={loaderData} result={actionData} />;
}
