import { type ReactNode, Suspense } from "react";
import { Await, Form } from "react-router";
import { ErrorBox, NoticeBox } from "#app/components/form-controls.tsx";
import { CALL_FAILED } from "#app/lib/toast.ts";
import { Cart, CartFailed, type CartPage, CartSkeleton } from "./cart.tsx";

/** The page's frame: its title over the cart, or over its failed state (the route's error boundary). */
export function CartFrame({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 className="section-title mb-6">SHOPPING CART</h1>
      {children}
    </section>
  );
}

/**
 * Back from the card payment page by its cancel link: the order still awaits payment, and the
 * shopper decides. Cancelling is a post from this page (a link alone changes nothing); left alone,
 * the order is cancelled when its payment window closes.
 */
function LeftPaymentNotice({ orderId, number }: { orderId: string; number: number }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 text-sm sm:flex-row sm:items-center sm:justify-between dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>
        You left the payment page of order #{number}. Cancel the order to put its items back in your cart; if
        it stays unpaid, it is cancelled when its payment window closes.
      </p>
      <Form method="post" className="shrink-0">
        <input type="hidden" name="intent" value="cancel-payment" />
        <input type="hidden" name="orderId" value={orderId} />
        <button type="submit" className="button-primary h-10 px-4">
          Cancel order #{number}
        </button>
      </Form>
    </div>
  );
}

/** The shopping cart page: notices, then the cart behind its skeleton. */
export function ShoppingCartPage({
  page,
  leftPayment,
  posted,
}: {
  page: CartPage | Promise<CartPage>;
  leftPayment: { orderId: string; number: number } | null;
  /** Only a plain form post (before the script loaded) answers here; the fetchers answer the rest. */
  posted: { ok: boolean; message?: string } | undefined;
}) {
  return (
    <CartFrame>
      <div className="mb-6 flex flex-col gap-3 empty:hidden">
        {leftPayment && <LeftPaymentNotice orderId={leftPayment.orderId} number={leftPayment.number} />}
        {posted && !posted.ok && <ErrorBox message={posted.message || CALL_FAILED} />}
        {posted?.ok && <NoticeBox message={posted.message} />}
      </div>
      <Suspense fallback={<CartSkeleton />}>
        <Await resolve={page} errorElement={<CartFailed />}>
          {(loaded) => <Cart page={loaded} />}
        </Await>
      </Suspense>
    </CartFrame>
  );
}
