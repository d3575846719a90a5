import { Form } from "react-router";
import { ErrorBox, TextField, useBusy } from "#app/components/form-controls.tsx";
import type { FormFailure } from "#app/lib/form-action.server.ts";
import type { OrderStatus } from "#contract/shopping.ts";
import {
  CARRIER_MAX,
  MOVE_NOTE_MAX,
  type StaffOrder,
  TRACKING_NUMBER_MAX,
  TRACKING_URL_MAX,
} from "#contract/staff-orders.ts";

// The order page's next steps (docs/back-office/orders.md#pages): one form per move the workflow
// allows from the order's status, each a plain post that works without JavaScript.

/** A refused move: which one, what was wrong, and what was typed. */
export type MoveFailure = FormFailure & { to: string; values?: Record<string, string> };

/** The checkbox a cancellation must carry: cancelling puts stock back and tells the customer. */
export const CANCEL_CONFIRM_FIELD = "confirm";

const secondaryButton =
  "inline-flex h-10 items-center justify-center rounded-full border border-gray-300 px-5 font-semibold text-sm hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-gray-700 dark:hover:bg-gray-800";

function NoteField({
  id,
  label,
  value,
  error,
}: {
  id: string;
  label: string;
  value?: string;
  error?: string;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <textarea
        id={id}
        name="note"
        rows={2}
        maxLength={MOVE_NOTE_MAX}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="rounded-lg border border-gray-300 bg-white px-3 py-2 text-base dark:border-gray-700 dark:bg-gray-900"
      />
      {error && (
        <p id={`${id}-error`} className="text-red-700 text-sm dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function MoveHeading({ children }: { children: React.ReactNode }) {
  return <h3 className="mb-2 font-semibold">{children}</h3>;
}

function ShipForm({ order, failure }: { order: StaffOrder; failure?: MoveFailure }) {
  const busy = useBusy("move-shipped");
  const value = (name: string) => failure?.values?.[name] ?? "";
  const error = (name: string) => failure?.fields?.[name];
  return (
    <Form method="post" noValidate className="flex flex-col gap-3" aria-labelledby="move-shipped-title">
      <MoveHeading>
        <span id="move-shipped-title">Ship the order</span>
      </MoveHeading>
      <ErrorBox message={failure?.message} busy={busy} />
      <input type="hidden" name="to" value="shipped" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label="Carrier"
          name="carrier"
          defaultValue={value("carrier")}
          maxLength={CARRIER_MAX}
          autoComplete="off"
          error={error("carrier")}
        />
        <TextField
          label="Tracking number"
          name="trackingNumber"
          defaultValue={value("trackingNumber")}
          maxLength={TRACKING_NUMBER_MAX}
          autoComplete="off"
          error={error("trackingNumber")}
        />
      </div>
      <TextField
        label="Tracking link (optional)"
        name="trackingUrl"
        type="url"
        inputMode="url"
        placeholder="https://"
        defaultValue={value("trackingUrl")}
        maxLength={TRACKING_URL_MAX}
        autoComplete="off"
        error={error("trackingUrl")}
      />
      <p className="text-gray-600 text-sm dark:text-gray-400">
        {order.customer.name} is told by email, and by text when their phone is verified.
      </p>
      <div>
        <button type="submit" name="intent" value="move-shipped" disabled={busy} className="button-primary">
          {busy ? "Marking shipped…" : "Mark shipped"}
        </button>
      </div>
    </Form>
  );
}

function CancelForm({ order, failure }: { order: StaffOrder; failure?: MoveFailure }) {
  const busy = useBusy("move-cancelled");
  const confirmError = failure?.fields?.[CANCEL_CONFIRM_FIELD];
  return (
    <Form method="post" noValidate className="flex flex-col gap-3" aria-labelledby="move-cancelled-title">
      <MoveHeading>
        <span id="move-cancelled-title">Cancel the order</span>
      </MoveHeading>
      <ErrorBox message={failure?.message} busy={busy} />
      <input type="hidden" name="to" value="cancelled" />
      <p className="text-gray-600 text-sm dark:text-gray-400">
        Its items go back in stock and {order.customer.name} is told by email.
        {order.isPaid ? " A paid order's money is given back with a refund, separately." : ""}
      </p>
      <NoteField
        id="cancel-note"
        label="Reason (shown in the timeline)"
        value={failure?.values?.note}
        error={failure?.fields?.note}
      />
      <div className="flex flex-col gap-1">
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={CANCEL_CONFIRM_FIELD}
            value="yes"
            className="size-5"
            aria-invalid={confirmError ? true : undefined}
            aria-describedby={confirmError ? "cancel-confirm-error" : undefined}
          />
          Yes, cancel order #{order.number}
        </label>
        {confirmError && (
          <p id="cancel-confirm-error" className="text-red-700 text-sm dark:text-red-400">
            {confirmError}
          </p>
        )}
      </div>
      <div>
        <button
          type="submit"
          name="intent"
          value="move-cancelled"
          disabled={busy}
          className="inline-flex h-10 items-center rounded-full border border-red-700 px-5 font-semibold text-red-800 text-sm hover:bg-red-50 disabled:opacity-60 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950"
        >
          {busy ? "Cancelling…" : "Cancel order"}
        </button>
      </div>
    </Form>
  );
}

const MOVE_HINTS: Partial<Record<OrderStatus, (order: StaffOrder) => string>> = {
  processing: () => "The order is being picked and packed. The customer cannot cancel it any more.",
  delivered: (order) =>
    order.paymentMethod === "cash_on_delivery"
      ? "The courier handed it over and collected the payment: the order is marked paid."
      : "The parcel reached the customer.",
  returned: () => "The parcel came back: its items go back in stock.",
};

function SimpleMoveForm({
  order,
  to,
  label,
  failure,
}: {
  order: StaffOrder;
  to: OrderStatus;
  label: string;
  failure?: MoveFailure;
}) {
  const intent = `move-${to}`;
  const busy = useBusy(intent);
  return (
    <Form method="post" className="flex flex-col gap-3">
      <ErrorBox message={failure?.message} busy={busy} />
      <input type="hidden" name="to" value={to} />
      {to === "returned" && (
        <NoteField
          id="return-note"
          label="Note (optional, shown in the timeline)"
          value={failure?.values?.note}
          error={failure?.fields?.note}
        />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" name="intent" value={intent} disabled={busy} className={secondaryButton}>
          {busy ? "Saving…" : label}
        </button>
        <p className="text-gray-600 text-sm dark:text-gray-400">{MOVE_HINTS[to]?.(order)}</p>
      </div>
    </Form>
  );
}

/** The next allowed steps for this order, or a line saying there is none. */
export function OrderActions({ order, failure }: { order: StaffOrder; failure?: MoveFailure }) {
  const failureFor = (to: string) => (failure?.to === to ? failure : undefined);
  // A move refused because the order moved meanwhile (another staff member, the customer) has no
  // form left to show its reason under: it shows above the steps the order now allows.
  const elsewhere = failure && !order.nextMoves.some((m) => m.to === failure.to) ? failure : undefined;
  return (
    <section
      aria-labelledby="order-next-steps"
      className="mb-6 rounded-lg border border-gray-200 p-4 dark:border-gray-800"
    >
      <h2 id="order-next-steps" className="mb-3 font-bold text-lg">
        Next steps
      </h2>
      {elsewhere && (
        <div className="mb-3">
          <ErrorBox message={elsewhere.message} />
        </div>
      )}
      {order.nextMoves.length === 0 ? (
        <p className="text-gray-700 text-sm dark:text-gray-300">
          {order.status === "pending_payment"
            ? "The order waits for its card payment."
            : "The order has reached the end of its way: there is nothing more to do."}
        </p>
      ) : (
        <div className="flex flex-col gap-6 divide-gray-200 dark:divide-gray-800">
          {order.nextMoves
            .filter((m) => m.to !== "cancelled")
            .map((move) =>
              move.to === "shipped" ? (
                <ShipForm key={move.to} order={order} failure={failureFor(move.to)} />
              ) : (
                <SimpleMoveForm
                  key={move.to}
                  order={order}
                  to={move.to}
                  label={move.label}
                  failure={failureFor(move.to)}
                />
              ),
            )}
          {order.nextMoves.some((m) => m.to === "cancelled") && (
            <details
              className="rounded-lg border border-gray-200 p-3 dark:border-gray-800"
              open={failure?.to === "cancelled"}
            >
              <summary className="cursor-pointer font-semibold text-sm">Cancel this order…</summary>
              <div className="mt-3">
                <CancelForm order={order} failure={failureFor("cancelled")} />
              </div>
            </details>
          )}
        </div>
      )}
    </section>
  );
}
