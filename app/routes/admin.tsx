import { Outlet } from "react-router";
import { AdminLayout } from "#app/components/admin/admin-layout.tsx";
import { readTheme } from "#app/lib/cookies.server.ts";
import { requireStaffPage } from "#app/lib/staff.server.ts";
import type { Route } from "./+types/admin";

// The back office's frame (docs/back-office/README.md): every /admin page is for staff; the pages below
// check their own role again (an admin-only page) and core checks it on every write.
export const meta: Route.MetaFunction = () => [
  { title: "Back office — shop" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  return { staff: { email: staff.email, role: staff.role }, theme: readTheme(request) };
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  return (
    <AdminLayout staff={loaderData.staff} theme={loaderData.theme}>
      <Outlet />
    </AdminLayout>
  );
}
