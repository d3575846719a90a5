import { Form, Link, useNavigation } from "react-router";
import { ORDERS_ROUTE } from "#app/lib/orders.ts";

// docs/storefront/orders.md#awaiting-payment: a card order awaiting its payment can be paid again
// (or cancelled) from the orders list, its own page and the cart. Both are posts to the order page's
// action (app/components/orders/order-action.server.ts): a link never writes, and completing the
// payment may open a new payment page.

export const COMPLETE_PAYMENT = "Complete payment";

const orderAction = (orderId: string) => `${ORDERS_ROUTE}/${orderId}`;

/** Sends the shopper to the order's payment page (reopened, or a new one if it expired). */
export function CompletePaymentButton({ orderId, number }: { orderId: string; number: number }) {
  const navigation = useNavigation();
  const action = orderAction(orderId);
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Form method="post" action={action} className="shrink-0">
      <input type="hidden" name="intent" value="complete-payment" />
      <button type="submit" className="button-primary h-10 px-4" disabled={busy} aria-busy={busy}>
        {busy ? "Opening the payment page…" : COMPLETE_PAYMENT}
        <span className="sr-only"> of order #{number}</span>
      </button>
    </Form>
  );
}

/**
 * Cancels the unpaid order: its items go back in the cart. Posted to the page it is on when that page
 * has the intent (the cart: the shopper stays there and sees the items back), else to the order page.
 */
export function CancelPaymentButton({
  orderId,
  number,
  here = false,
}: {
  orderId: string;
  number: number;
  here?: boolean;
}) {
  return (
    <Form method="post" action={here ? undefined : orderAction(orderId)} className="shrink-0">
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="intent" value="cancel-payment" />
      <button type="submit" className="button-ghost h-10 border border-gray-300 px-4 dark:border-gray-700">
        Cancel order #{number}
      </button>
    </Form>
  );
}

/**
 * A card order that awaits its payment: what it needs, and the two ways on. `heading` is the notice's
 * first line (the order page: "This order awaits payment."; the cart: "Order #N awaits payment.").
 */
export function AwaitingPaymentNotice({
  orderId,
  number,
  heading,
  showOrderLink = false,
  cancelHere = false,
}: {
  orderId: string;
  number: number;
  heading: string;
  showOrderLink?: boolean;
  /** Cancel through the current page's own action (the cart's). */
  cancelHere?: boolean;
}) {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 text-sm md:flex-row md:items-center md:justify-between dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <div>
        <p className="font-semibold">{heading}</p>
        <p className="mt-1">
          Complete the payment to confirm it, or cancel it to put its items back in your cart.
          {showOrderLink && (
            <>
              {" "}
              <Link to={orderAction(orderId)} className="underline">
                View order #{number}
              </Link>
            </>
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2 md:shrink-0 md:flex-nowrap">
        <CompletePaymentButton orderId={orderId} number={number} />
        <CancelPaymentButton orderId={orderId} number={number} here={cancelHere} />
      </div>
    </div>
  );
}
