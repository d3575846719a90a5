import { data } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import {
  type BulkShipActionData,
  BulkShipPage,
  rowField,
} from "#app/components/admin/orders/bulk-ship-page.tsx";
import { moveSelectedOrders, staffOrdersByIds } from "#app/lib/admin-orders.server.ts";
import { formFailure } from "#app/lib/form-action.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import { messagesByField } from "#contract/accounts.ts";
import { bulkOrderIds, type OrderTransitionBody, orderTransitionBody } from "#contract/staff-orders.ts";
import { findUnstorableText, unstorableMessage } from "#contract/storable-text.ts";
import type { Route } from "./+types/admin.orders.ship";

export const meta: Route.MetaFunction = () => [
  { title: "Ship orders — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  const selected = bulkOrderIds.safeParse(new URL(request.url).searchParams.getAll("order"));
  if (!selected.success) {
    return { orders: [], selectionError: selected.error.issues[0]?.message ?? "Select at least one order." };
  }
  return { orders: await staffOrdersByIds(context.core, staff, selected.data) };
}

/**
 * Every row is checked first (one carrier, each order's tracking number and link): one wrong row
 * moves nothing, and each problem shows under its field. Then each order is shipped in turn.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "manager", context.publicUrl);
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  const unstorable = findUnstorableText(values);
  if (unstorable !== null) {
    const message = unstorableMessage(unstorable);
    return data({ message, fields: { [unstorable]: message }, values }, { status: 400 });
  }
  const selected = bulkOrderIds.safeParse(form.getAll("order"));
  if (!selected.success) {
    return data(
      { message: selected.error.issues[0]?.message ?? "Select at least one order.", values },
      { status: 400 },
    );
  }
  const moves = new Map<string, OrderTransitionBody>();
  const fields: Record<string, string> = {};
  for (const orderId of selected.data) {
    const parsed = orderTransitionBody.safeParse({
      to: "shipped",
      carrier: values.carrier,
      trackingNumber: values[rowField("trackingNumber", orderId)],
      trackingUrl: values[rowField("trackingUrl", orderId)],
    });
    if (parsed.success) {
      moves.set(orderId, parsed.data);
      continue;
    }
    for (const [field, message] of Object.entries(messagesByField(parsed.error))) {
      const name = field === "trackingNumber" || field === "trackingUrl" ? rowField(field, orderId) : field;
      fields[name] ??= message;
    }
  }
  const problems = Object.values(fields);
  if (problems.length > 0) {
    const message =
      problems.length === 1 ? problems[0]! : `${problems.length} fields need attention, each shown under it.`;
    return data({ message, fields, values }, { status: 400 });
  }
  try {
    const results = await moveSelectedOrders(context.core, staff, selected.data, (id) => moves.get(id)!);
    return { results };
  } catch (error) {
    return formFailure(error, "The orders could not be shipped. Please try again.", { values });
  }
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminShipOrders({ loaderData, actionData }: Route.ComponentProps) {
  return <BulkShipPage data={loaderData} posted={actionData as BulkShipActionData | undefined} />;
}
