import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { BrandPage } from "#app/components/admin/taxonomy/brand-page.tsx";
import { brandAction, loadBrandPage } from "#app/components/admin/taxonomy/taxonomy-pages.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import type { Route } from "./+types/admin.brands.$brandId";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.brand.name ?? "Brand"} — back office` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaffPage(request, context.core);
  const page = await loadBrandPage(context.core, params.brandId);
  return { ...page, created: new URL(request.url).searchParams.has("created") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "manager", context.publicUrl);
  return brandAction(context.core, staff, form, params.brandId);
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminBrand({ loaderData }: Route.ComponentProps) {
  return <BrandPage data={loaderData} />;
}
