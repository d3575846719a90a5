import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { AdminDashboard } from "#app/components/admin/dashboard.tsx";
import { requireStaffPage } from "#app/lib/staff.server.ts";
import { backOfficeSummary } from "#core/staff/summary.ts";
import type { Route } from "./+types/admin._index";

export const meta: Route.MetaFunction = () => [
  { title: "Dashboard — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  return { summary: await backOfficeSummary(context.core, staff), role: staff.role };
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  return <AdminDashboard summary={loaderData.summary} role={loaderData.role} />;
}
