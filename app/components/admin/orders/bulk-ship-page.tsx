import { Form, Link } from "react-router";
import { ErrorBox, SubmitButton, TextField, useBusy } from "#app/components/form-controls.tsx";
import { StatusBadge } from "#app/components/orders/order-parts.tsx";
import type { FormFailure } from "#app/lib/form-action.server.ts";
import type { BulkMoveResult, StaffOrderListItem } from "#contract/staff-orders.ts";
import { CARRIER_MAX, TRACKING_NUMBER_MAX, TRACKING_URL_MAX } from "#contract/staff-orders.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { BulkResults } from "./order-parts.tsx";

// /admin/orders/ship?order=…&order=… (docs/decisions/050-order-pages.md): the selected orders, one
// carrier for the batch and a tracking number (and link) for each, posted at once; nothing moves
// until every row is right, then each order's outcome is reported.

/** The field of one order's tracking number or link: `trackingNumber-<orderId>`. */
export const rowField = (name: "trackingNumber" | "trackingUrl", orderId: string) => `${name}-${orderId}`;

export interface BulkShipPageData {
  orders: StaffOrderListItem[];
  /** Why the selection in the URL could not be read, if it could not. */
  selectionError?: string;
}

export type BulkShipActionData =
  | { results: BulkMoveResult[] }
  | (FormFailure & { values: Record<string, string> });

/** The same page without one order. */
function withoutOrder(orders: StaffOrderListItem[], orderId: string): string {
  const rest = orders.filter((o) => o._id !== orderId).map((o) => ["order", o._id]);
  return rest.length > 0 ? `?${new URLSearchParams(rest)}` : "/admin/orders";
}

export function BulkShipPage({ data, posted }: { data: BulkShipPageData; posted?: BulkShipActionData }) {
  const busy = useBusy();
  const failure = posted && !("results" in posted) ? posted : undefined;
  const value = (name: string) => failure?.values[name] ?? "";
  const error = (name: string) => failure?.fields?.[name];
  const ready = data.orders.filter((o) => o.status === "processing");
  const shipped = posted && "results" in posted;
  return (
    <>
      <AdminPageHeader
        title="Ship orders"
        actions={
          <Link to="/admin/orders" className="text-sm underline">
            Back to orders
          </Link>
        }
      />
      {shipped ? <BulkResults title="Mark shipped" results={posted.results} /> : null}
      {data.selectionError ? (
        <ErrorBox message={data.selectionError} />
      ) : ready.length === 0 && !shipped ? (
        <p className="rounded-lg border border-gray-200 p-4 text-gray-700 dark:border-gray-800 dark:text-gray-300">
          None of the selected orders is being prepared, so none can be shipped.
        </p>
      ) : null}
      {data.orders.length > 0 && (
        <Form method="post" noValidate className="flex max-w-3xl flex-col gap-5">
          <ErrorBox message={failure?.message} busy={busy} />
          <p className="text-gray-700 text-sm dark:text-gray-300">
            One carrier takes the whole batch. Each order needs its own tracking number; its tracking link is
            optional and must start with https://. The customers are told by email (and by text when they have
            a verified phone).
          </p>
          <div className="max-w-sm">
            <TextField
              label="Carrier"
              name="carrier"
              defaultValue={value("carrier")}
              maxLength={CARRIER_MAX}
              autoComplete="off"
              error={error("carrier")}
            />
          </div>
          <ul className="flex flex-col gap-4" aria-label="Selected orders">
            {data.orders.map((order) => (
              <li key={order._id} className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
                <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1">
                  <Link to={`/admin/orders/${order._id}`} className="font-semibold underline">
                    Order #{order.number}
                  </Link>
                  <StatusBadge status={order.status} />
                  <span className="text-gray-700 text-sm dark:text-gray-300">
                    {order.customer.name} · {order.shippingAddress.city}, {order.shippingAddress.country}
                  </span>
                  <Link
                    to={withoutOrder(data.orders, order._id)}
                    className="ml-auto text-sm underline"
                    aria-label={`Leave order #${order.number} out`}
                  >
                    Leave out
                  </Link>
                </div>
                {order.status === "processing" ? (
                  <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                    <input type="hidden" name="order" value={order._id} />
                    <TextField
                      label={`Tracking number of order #${order.number}`}
                      name={rowField("trackingNumber", order._id)}
                      defaultValue={value(rowField("trackingNumber", order._id))}
                      maxLength={TRACKING_NUMBER_MAX}
                      autoComplete="off"
                      error={error(rowField("trackingNumber", order._id))}
                    />
                    <TextField
                      label={`Tracking link of order #${order.number} (optional)`}
                      name={rowField("trackingUrl", order._id)}
                      type="url"
                      inputMode="url"
                      placeholder="https://"
                      defaultValue={value(rowField("trackingUrl", order._id))}
                      maxLength={TRACKING_URL_MAX}
                      autoComplete="off"
                      error={error(rowField("trackingUrl", order._id))}
                    />
                  </div>
                ) : (
                  <p className="text-gray-700 text-sm dark:text-gray-300">
                    Not being prepared, so it is not shipped with this batch.
                  </p>
                )}
              </li>
            ))}
          </ul>
          {ready.length > 0 && (
            <div className="max-w-xs">
              <SubmitButton
                busy={busy}
                label={`Mark ${ready.length} ${ready.length === 1 ? "order" : "orders"} shipped`}
                busyLabel="Marking shipped…"
              />
            </div>
          )}
        </Form>
      )}
    </>
  );
}
