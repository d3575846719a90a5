import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { CustomersPage } from "#app/components/admin/staff/customers-page.tsx";
import { readListQuery } from "#app/components/admin/staff/list-query.server.ts";
import { requireStaffPage } from "#app/lib/staff.server.ts";
import { customerListQuery } from "#contract/admin-staff.ts";
import { listCustomers } from "#core/staff/customers-list.ts";
import type { Route } from "./+types/admin.customers";

export const meta: Route.MetaFunction = () => [
  { title: "Customers — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core, "manager");
  const { query, errors } = readListQuery(new URL(request.url), customerListQuery);
  const list = await listCustomers(context.core, staff, query);
  return {
    rows: list.data,
    total: list.total,
    numberOfPages: list.paginationResults.numberOfPages,
    page: query.page,
    sort: query.sort,
    q: query.q ?? "",
    queryErrors: errors,
  };
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  return <CustomersPage data={loaderData} />;
}
