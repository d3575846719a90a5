import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { bannerAction, loadBanner } from "#app/components/admin/taxonomy/banner-pages.server.ts";
import { BannerPage } from "#app/components/admin/taxonomy/banners-page.tsx";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import type { Route } from "./+types/admin.banners.$slideId";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.slide.title ?? "Banner slide"} — back office` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  return loadBanner(context.core, staff, params.slideId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "manager", context.publicUrl);
  return bannerAction(context.core, staff, form, params.slideId);
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminBanner({ loaderData }: Route.ComponentProps) {
  return <BannerPage slide={loaderData.slide} count={loaderData.count} />;
}
