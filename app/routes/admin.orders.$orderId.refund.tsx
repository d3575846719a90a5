import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { loadRefundPage, refundFromForm } from "#app/components/admin-refunds/refund-page.server.ts";
import { RefundPage } from "#app/components/admin-refunds/refund-page.tsx";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import type { Route } from "./+types/admin.orders.$orderId.refund";

// Refunding an order (docs/back-office/refunds.md): admins only (docs/decisions/048-refunds.md).

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Refund order #${loaderData.sheet.number}` : "Refund"} — back office` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core, "admin");
  return loadRefundPage(context.core, staff, params.orderId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "admin", context.publicUrl);
  return refundFromForm(context.core, staff, params.orderId, form);
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminOrderRefund({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RefundPage
      sheet={loaderData.sheet}
      idempotencyKey={actionData?.idempotencyKey ?? loaderData.idempotencyKey}
      answer={actionData}
    />
  );
}
