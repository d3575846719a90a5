import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { AuditPage } from "#app/components/admin/staff/audit-page.tsx";
import { readListQuery } from "#app/components/admin/staff/list-query.server.ts";
import { requireStaffPage } from "#app/lib/staff.server.ts";
import { auditListQuery } from "#contract/admin-staff.ts";
import { listAuditEntries } from "#core/audit/audit-query.ts";
import type { Route } from "./+types/admin.audit";

export const meta: Route.MetaFunction = () => [
  { title: "Audit log — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core, "admin");
  const { query, errors } = readListQuery(new URL(request.url), auditListQuery);
  const list = await listAuditEntries(context.core, staff, query);
  return {
    rows: list.data,
    total: list.total,
    numberOfPages: list.paginationResults.numberOfPages,
    page: query.page,
    filters: {
      entity: query.entity ?? "",
      action: query.action ?? "",
      actor: query.actor ?? "",
      from: query.from ?? "",
      to: query.to ?? "",
    },
    queryErrors: errors,
  };
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  return <AuditPage data={loaderData} />;
}
