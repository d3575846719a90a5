import { data } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { PackingSlip } from "#app/components/admin/orders/packing-slip.tsx";
import { shopNameOf, staffOrder } from "#app/lib/admin-orders.server.ts";
import { notFoundAs404 } from "#app/lib/route-errors.server.ts";
import { requireStaffPage } from "#app/lib/staff.server.ts";
import { ID_PATTERN } from "#contract/query.ts";
import type { Route } from "./+types/admin.orders.$orderId.packing-slip";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData ? `Packing slip, order #${loaderData.order.number}` : "Packing slip"} — back office`,
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  if (!ID_PATTERN.test(params.orderId)) throw data({ message: "There is no such order." }, { status: 404 });
  const order = await notFoundAs404(staffOrder(context.core, staff, params.orderId));
  return { order, shopName: await shopNameOf(context.core) };
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminPackingSlip({ loaderData }: Route.ComponentProps) {
  return <PackingSlip order={loaderData.order} shopName={loaderData.shopName} />;
}
