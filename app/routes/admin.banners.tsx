import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { bannersAction, loadBanners } from "#app/components/admin/taxonomy/banner-pages.server.ts";
import { BannersPage } from "#app/components/admin/taxonomy/banners-page.tsx";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import type { Route } from "./+types/admin.banners";

export const meta: Route.MetaFunction = () => [
  { title: "Banners — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  return loadBanners(request, context.core, staff);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "manager", context.publicUrl);
  return bannersAction(context.core, staff, form);
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminBanners({ loaderData }: Route.ComponentProps) {
  return <BannersPage slides={loaderData.slides} notice={loaderData.notice} />;
}
