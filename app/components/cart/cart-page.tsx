import { type ReactNode, Suspense } from "react";
import { Await } from "react-router";
import { ErrorBox, NoticeBox } from "#app/components/form-controls.tsx";
import { AwaitingPaymentNotice } from "#app/components/orders/complete-payment.tsx";
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

/** The shopping cart page: notices, then the cart behind its skeleton. */
export function ShoppingCartPage({
  page,
  awaiting,
  posted,
}: {
  page: CartPage | Promise<CartPage>;
  /**
   * Card orders awaiting payment (docs/storefront/cart.md#awaiting-payment): each can be completed, or
   * cancelled here, its items coming back into this cart.
   */
  awaiting: { orderId: string; number: number }[];
  /** Only a plain form post (before the script loaded) answers here; the fetchers answer the rest. */
  posted: { ok: boolean; message?: string } | undefined;
}) {
  return (
    <CartFrame>
      <div className="mb-6 flex flex-col gap-3 empty:hidden">
        {awaiting.map((order) => (
          <AwaitingPaymentNotice
            key={order.orderId}
            orderId={order.orderId}
            number={order.number}
            heading={`Order #${order.number} awaits payment.`}
            showOrderLink
            cancelHere
          />
        ))}
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
