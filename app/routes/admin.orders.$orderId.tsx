import { data } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { CANCEL_CONFIRM_FIELD, type MoveFailure } from "#app/components/admin/orders/order-actions.tsx";
import { OrderPage } from "#app/components/admin/orders/order-page.tsx";
import { moveStaffOrder, staffOrder } from "#app/lib/admin-orders.server.ts";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { notFoundAs404 } from "#app/lib/route-errors.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import { ID_PATTERN } from "#contract/query.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "#contract/shopping.ts";
import { orderTransitionBody } from "#contract/staff-orders.ts";
import type { Route } from "./+types/admin.orders.$orderId";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Order #${loaderData.order.number}` : "Order"} — back office` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  if (!ID_PATTERN.test(params.orderId)) throw data({ message: "There is no such order." }, { status: 404 });
  const order = await notFoundAs404(staffOrder(context.core, staff, params.orderId));
  return { order, canRefund: staff.role === "admin" };
}

const CONFIRM_CANCEL = "Tick the box to confirm the cancellation.";

/** One move of the order (the form's `to`), through the workflow; a repeat changes nothing. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "manager", context.publicUrl);
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  const to = values.to ?? "";
  if (to === "cancelled" && values[CANCEL_CONFIRM_FIELD] !== "yes") {
    return invalidForm(
      { message: CONFIRM_CANCEL, fields: { [CANCEL_CONFIRM_FIELD]: CONFIRM_CANCEL } },
      { to, values },
    );
  }
  const read = readForm(form, orderTransitionBody);
  if (!read.ok) return invalidForm(read.failure, { to, values });
  try {
    const { changed, data: order } = await moveStaffOrder(context.core, staff, params.orderId, read.data);
    const status = ORDER_STATUS_LABELS[read.data.to as OrderStatus].toLowerCase();
    const done =
      read.data.to === "cancelled"
        ? "cancelled"
        : read.data.to === "delivered" && order.paymentMethod === "cash_on_delivery"
          ? "marked collected: delivered and paid"
          : `marked ${status}`;
    const notice = changed
      ? `Order #${order.number} ${done}.`
      : `Order #${order.number} was already ${status}: nothing changed.`;
    return { notice };
  } catch (error) {
    return formFailure(error, "The order could not be moved. Please try again.", { to, values });
  }
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const posted = actionData as { notice: string } | MoveFailure | undefined;
  return (
    <OrderPage
      order={loaderData.order}
      canRefund={loaderData.canRefund}
      notice={posted && "notice" in posted ? posted.notice : undefined}
      failure={posted && "message" in posted ? posted : undefined}
    />
  );
}
