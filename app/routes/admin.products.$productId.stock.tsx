import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { adjustFromForm } from "#app/components/admin/stock/adjust-action.server.ts";
import { ProductStockPage } from "#app/components/admin/stock/product-stock-page.tsx";
import { notFoundAs404 } from "#app/lib/route-errors.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import { productStockQuery } from "#contract/admin-stock.ts";
import { readQuery } from "#contract/query.ts";
import { productStockOf } from "#core/inventory/stock-view.ts";
import type { Route } from "./+types/admin.products.$productId.stock";

const LEDGER_PAGE_SIZE = 20;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Stock: ${loaderData.stock.title}` : "Stock"} — back office` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  const url = new URL(request.url);
  const parsed = productStockQuery.safeParse(readQuery(url.searchParams));
  const page = parsed.success ? parsed.data.page : 1;
  const stock = await notFoundAs404(
    productStockOf(context.core, staff, params.productId, { page, limit: LEDGER_PAGE_SIZE }),
  );
  return { stock, search: url.search };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "manager", context.publicUrl);
  return adjustFromForm(context.core, staff, params.productId, form);
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminProductStock({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProductStockPage
      stock={loaderData.stock}
      search={new URLSearchParams(loaderData.search)}
      answer={actionData}
    />
  );
}
