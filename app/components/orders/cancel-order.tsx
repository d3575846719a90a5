import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ORDERS_ROUTE } from "#app/lib/orders.ts";

// docs/storefront/orders.md#cancelling-an-order: the customer cancels an order the shop has not
// started preparing. A post to the order page's action (app/components/orders/order-action.server.ts),
// as Complete payment and Cancel order #N are; its confirmation sits in a disclosure, so it takes two
// deliberate clicks and needs no script.

export const CANCEL_ORDER = "Cancel order";

/** The order page's offer to cancel, with its confirmation step. */
export function CancelOrder({ orderId, number }: { orderId: string; number: number }) {
  const navigation = useNavigation();
  const action = `${ORDERS_ROUTE}/${orderId}`;
  const busy =
    navigation.state !== "idle" &&
    navigation.formAction === action &&
    navigation.formData?.get("intent") === "cancel-order";
  const disclosure = useRef<HTMLDetailsElement>(null);
  return (
    <section
      aria-labelledby="order-cancel"
      className="rounded-2xl border border-gray-200 bg-white p-4 sm:p-5 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="order-cancel" className="mb-1 font-semibold">
        Changed your mind?
      </h2>
      <p className="text-gray-600 text-sm dark:text-gray-400">
        You can cancel this order until the shop starts preparing it.
      </p>
      <details ref={disclosure} className="mt-3">
        <summary className="inline-flex h-10 cursor-pointer list-none items-center rounded-full border border-red-300 px-4 font-semibold text-red-700 text-sm hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950 [&::-webkit-details-marker]:hidden">
          {CANCEL_ORDER}
        </summary>
        <Form
          method="post"
          action={action}
          className="mt-3 flex flex-col gap-3 rounded-lg border border-red-200 p-3 dark:border-red-900"
        >
          <input type="hidden" name="intent" value="cancel-order" />
          <p className="text-sm">
            Cancel order #{number}? Its items will not be sent to you. This cannot be undone.
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              className="inline-flex h-10 cursor-pointer items-center justify-center rounded-full bg-red-700 px-4 font-semibold text-sm text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-gray-400"
              disabled={busy}
              aria-busy={busy}
            >
              {busy ? "Cancelling…" : `Yes, cancel order #${number}`}
            </button>
            {/* Folds the confirmation: with a script in place; without one, by opening the page again. */}
            <Link
              to={action}
              replace
              preventScrollReset
              className="button-ghost border border-gray-300 dark:border-gray-700"
              onClick={(event) => {
                const details = disclosure.current;
                if (!details) return;
                event.preventDefault();
                details.open = false;
                details.querySelector("summary")?.focus();
              }}
            >
              Keep my order
            </Link>
          </div>
        </Form>
      </details>
    </section>
  );
}
