import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { TaxonomyListPage } from "#app/components/admin/taxonomy/taxonomy-list-page.tsx";
import {
  loadTaxonomyList,
  taxonomyListAction,
} from "#app/components/admin/taxonomy/taxonomy-pages.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import type { Route } from "./+types/admin.brands";

export const meta: Route.MetaFunction = () => [
  { title: "Brands — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  return loadTaxonomyList(request, context.core, staff, "brand");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "manager", context.publicUrl);
  return taxonomyListAction(context.core, staff, form, "brand");
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminBrands({ loaderData }: Route.ComponentProps) {
  return <TaxonomyListPage kind="brand" data={loaderData} />;
}
