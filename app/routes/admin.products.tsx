import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { ProductListPage } from "#app/components/admin/products/product-list.tsx";
import { requireStaffPage } from "#app/lib/staff.server.ts";
import { adminProductListQuery } from "#contract/admin-products.ts";
import { listProductsForStaff, productFormChoices } from "#core/catalog/staff-product-list.ts";
import type { Route } from "./+types/admin.products";

export const meta: Route.MetaFunction = () => [
  { title: "Products — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  const url = new URL(request.url);
  const query = adminProductListQuery.parse(Object.fromEntries(url.searchParams));
  const [page, choices] = await Promise.all([
    listProductsForStaff(context.core, staff, query),
    productFormChoices(context.core, staff),
  ]);
  const categories = choices.categories.map((c) => ({ slug: c.slug, name: c.name }));
  return { page, query, categories, search: url.search };
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { page, query, categories, search } = loaderData;
  return (
    <ProductListPage page={page} query={query} categories={categories} search={new URLSearchParams(search)} />
  );
}
