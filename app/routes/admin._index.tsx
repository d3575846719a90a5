import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { AdminDashboard } from "#app/components/admin/dashboard.tsx";
import { salesDashboard } from "#app/lib/sales-reports.server.ts";
import type { Route } from "./+types/admin._index";

export const meta: Route.MetaFunction = () => [
  { title: "Dashboard — back office" },
  { name: "robots", content: "noindex" },
];

// The range is the URL (?from=&to=, UTC days): docs/back-office/dashboard.md.
export function loader({ request, context }: Route.LoaderArgs) {
  return salesDashboard(request, context.core);
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  return <AdminDashboard {...loaderData} />;
}
