import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { CategoryPage } from "#app/components/admin/taxonomy/category-page.tsx";
import { categoryAction, loadCategoryPage } from "#app/components/admin/taxonomy/taxonomy-pages.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import type { Route } from "./+types/admin.categories.$categoryId";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.category.name ?? "Category"} — back office` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  const page = await loadCategoryPage(context.core, staff, params.categoryId);
  return { ...page, created: new URL(request.url).searchParams.has("created") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "manager", context.publicUrl);
  return categoryAction(context.core, staff, form, params.categoryId);
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminCategory({ loaderData }: Route.ComponentProps) {
  return <CategoryPage data={loaderData} />;
}
