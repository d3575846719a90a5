import { data, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { type BulkActionData, OrderListPage } from "#app/components/admin/orders/order-list-page.tsx";
import { readListQuery } from "#app/components/admin/staff/list-query.server.ts";
import { listStaffOrders, moveSelectedOrders } from "#app/lib/admin-orders.server.ts";
import { formFailure } from "#app/lib/form-action.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import { bulkOrderIds, staffOrderListQuery } from "#contract/staff-orders.ts";
import type { Route } from "./+types/admin.orders._index";

export const meta: Route.MetaFunction = () => [
  { title: "Orders — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  const { query, errors } = readListQuery(new URL(request.url), staffOrderListQuery);
  const list = await listStaffOrders(context.core, staff, query);
  return {
    rows: list.data,
    total: list.total,
    page: query.page,
    numberOfPages: list.paginationResults.numberOfPages,
    filters: {
      status: query.status ?? [],
      paymentMethod: query.paymentMethod ?? "",
      from: query.from ?? "",
      to: query.to ?? "",
      customer: query.customer ?? "",
      q: query.q ?? "",
    },
    queryErrors: errors,
  };
}

/**
 * The bulk actions (docs/decisions/050-order-pages.md): "Mark processing" moves every selected
 * order at once and reports each; "Mark shipped" goes to the page that asks each one's tracking.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "manager", context.publicUrl);
  const selected = bulkOrderIds.safeParse(form.getAll("order"));
  if (!selected.success) {
    return data(
      { message: selected.error.issues[0]?.message ?? "Select at least one order." },
      { status: 400 },
    );
  }
  const intent = form.get("intent");
  if (intent === "ship") {
    const next = new URLSearchParams(selected.data.map((id) => ["order", id]));
    return redirect(`/admin/orders/ship?${next}`);
  }
  if (intent !== "processing")
    return data({ message: "Choose what to do with the selected orders." }, { status: 400 });
  try {
    const results = await moveSelectedOrders(context.core, staff, selected.data, () => ({
      to: "processing",
    }));
    return { results, to: "processing" };
  } catch (error) {
    return formFailure(error, "The orders could not be moved. Please try again.");
  }
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderListPage data={loaderData} posted={actionData as BulkActionData | undefined} />;
}
