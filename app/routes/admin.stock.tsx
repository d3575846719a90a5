import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { LowStockPage } from "#app/components/admin/stock/low-stock-page.tsx";
import { requireStaffPage } from "#app/lib/staff.server.ts";
import { lowStockQuery } from "#contract/admin-stock.ts";
import { readQuery } from "#contract/query.ts";
import { listLowStock } from "#core/inventory/low-stock.ts";
import type { Route } from "./+types/admin.stock";

export const meta: Route.MetaFunction = () => [
  { title: "Low stock — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  const url = new URL(request.url);
  // The URL is the table's state; a hand-edited bad value shows the list as it starts.
  const parsed = lowStockQuery.safeParse(readQuery(url.searchParams));
  const query = parsed.success ? parsed.data : lowStockQuery.parse({});
  const list = await listLowStock(context.core, staff, query);
  return { list, search: url.search, sort: query.sort, q: query.q ?? "", isAdmin: staff.role === "admin" };
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminStock({ loaderData }: Route.ComponentProps) {
  const { search, ...rest } = loaderData;
  return <LowStockPage {...rest} search={new URLSearchParams(search)} />;
}
