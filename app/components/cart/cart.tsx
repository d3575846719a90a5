import { type RefObject, useEffect, useRef, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { NoticeBox, TextField } from "#app/components/form-controls.tsx";
import { MessageScreen } from "#app/components/message-screen.tsx";
import { RetryScreen } from "#app/components/route-error-boundary.tsx";
import { celebrate } from "#app/lib/confetti.ts";
import type { QuantityDebounce } from "#app/lib/quantity-debounce.ts";
import { CALL_FAILED, notify } from "#app/lib/toast.ts";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import type { AddressEntry, PhoneNumberEntry } from "#contract/accounts.ts";
import {
  applyCouponBody,
  type CartItem,
  type CartResponse,
  COUPON_APPLIED_PREFIX,
} from "#contract/shopping.ts";
import type { action, CartAnswer } from "../../routes/customer.shopping-cart.tsx";
import { CartItemCard, CartItemSkeleton } from "./cart-item-card.tsx";
import { CheckoutDialog } from "./checkout-dialog.tsx";
import { OrderSummary, OrderSummarySkeleton } from "./order-summary.tsx";
import { useDebouncedQuantity } from "./use-debounced-quantity.ts";

const ADD_PHONE_ROUTE = "/customer/add-phone-number";

/** What the cart page loads: the cart, and what checkout offers to choose from. */
export interface CartPage {
  cart: CartResponse;
  phoneNumbers: PhoneNumberEntry[];
  addresses: AddressEntry[];
}

function CartLayout({ items, summary }: { items: React.ReactNode; summary: React.ReactNode }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
      <div className="min-w-0">{items}</div>
      <div className="lg:sticky lg:top-20">{summary}</div>
    </div>
  );
}

export function CartSkeleton() {
  return (
    <div aria-busy="true">
      <CartLayout
        items={
          <ul className="flex flex-col gap-4">
            <CartItemSkeleton />
            <CartItemSkeleton />
            <CartItemSkeleton />
          </ul>
        }
        summary={<OrderSummarySkeleton />}
      />
    </div>
  );
}

export function CartFailed() {
  return (
    <RetryScreen title="Something Went Wrong. We couldn't retrieve your shopping cart." headingLevel={2} />
  );
}

function CartEmpty() {
  return (
    <MessageScreen
      image="emptyBox"
      title="Your shopping cart is empty."
      headingLevel={2}
      action={{ label: "BACK TO HOME PAGE", to: "/" }}
    />
  );
}

function CouponForm({ busy, debounce }: { busy: boolean; debounce: QuantityDebounce<CartItem> }) {
  // The list's fetcher (same key): the coupon's answer reloads the cart like any other change.
  const coupon = useFetcher({ key: "cart" });
  const { formProps, errorFor } = useFormValidation(applyCouponBody);
  return (
    <coupon.Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        formProps.onSubmit(event);
        if (event.defaultPrevented || !debounce.pending()) return;
        // A quantity still waiting goes first, and the coupon once its answer is in: submitted at
        // once on the same fetcher, the coupon would abort it.
        event.preventDefault();
        const form = event.currentTarget;
        void debounce.flush().then(() => coupon.submit(form));
      }}
      className="mt-4 flex flex-col gap-2"
    >
      <input type="hidden" name="intent" value="apply-coupon" />
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label="Coupon Code"
            name="couponCode"
            placeholder="Enter coupon code"
            autoComplete="off"
            autoCapitalize="characters"
            error={errorFor("couponCode")}
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="button-ghost mt-7 h-11 shrink-0 border border-gray-300 dark:border-gray-700"
        >
          Apply
        </button>
      </div>
    </coupon.Form>
  );
}

/**
 * The cart as the latest answer of the action has it; fresh loader data (a reload, TRY AGAIN)
 * starts over from it. The answers' toasts, and after checkout the way to the orders page.
 */
function useCartAnswers(
  page: CartPage,
  answers: { change: CartAnswer; checkout: CartAnswer },
  dialog: RefObject<HTMLDialogElement | null>,
) {
  const navigate = useNavigate();
  const [answered, setAnswered] = useState<{ source: CartResponse; cart: CartResponse } | null>(null);
  const cart = answered?.source === page.cart ? answered.cart : page.cart;
  const show = (result: CartAnswer) => {
    if (result && "cart" in result && result.cart) setAnswered({ source: page.cart, cart: result.cart });
  };

  const changeResult = answers.change;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per answer
  useEffect(() => {
    const result = changeResult;
    if (!result) return;
    show(result);
    if (!result.ok) {
      void notify("error", result.message || CALL_FAILED);
      return;
    }
    if (result.intent === "apply-coupon") void celebrate();
    // docs/storefront/cart.md#coupon: a message starting "Price discount applied" is a success; the rest say what changed.
    void notify(result.message.startsWith(COUPON_APPLIED_PREFIX) ? "success" : "default", result.message);
  }, [changeResult]);

  const checkoutResult = answers.checkout;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per answer
  useEffect(() => {
    const result = checkoutResult;
    if (!result) return;
    if (result.ok && "redirectTo" in result && result.redirectTo) {
      void notify("success", result.message);
      navigate(result.redirectTo);
      return;
    }
    // docs/storefront/cart.md#checkout: a failed checkout closes the popup and reloads the cart.
    dialog.current?.close();
    show(result);
    void notify("error", result.message || CALL_FAILED);
  }, [checkoutResult]);
  return cart;
}

function CheckoutButton({
  label,
  hasPhone,
  disabled,
  onOpen,
}: {
  label: string;
  hasPhone: boolean;
  disabled: boolean;
  onOpen: (event: React.MouseEvent<HTMLButtonElement>) => void;
}) {
  // docs/storefront/cart.md#checkout: without a saved phone number, Checkout leads to adding one.
  if (!hasPhone) {
    return (
      <Link to={ADD_PHONE_ROUTE} className="button-primary mt-5 h-12 w-full text-base">
        {label}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="button-primary mt-5 h-12 w-full text-base"
      disabled={disabled}
      aria-haspopup="dialog"
      onClick={onOpen}
      // Opens the popup natively where the browser supports invoker commands, before
      // the page's script has loaded.
      {...({ command: "show-modal", commandfor: "checkout-dialog" } as Record<string, string>)}
    >
      {label}
    </button>
  );
}

function CartLines({
  items,
  busy,
  quantityOf,
  onQuantity,
  onRemove,
}: {
  items: CartItem[];
  busy: boolean;
  quantityOf: (item: CartItem) => number;
  onQuantity: (item: CartItem, quantity: number) => void;
  onRemove: (item: CartItem) => void;
}) {
  return (
    <>
      <h2 id="cart-items-title" className="sr-only">
        Items
      </h2>
      {/* docs/storefront/cart.md#cart-page: any change blanks the list until the server's answer reloads it. */}
      <ul className="flex flex-col gap-4" aria-busy={busy || undefined} aria-labelledby="cart-items-title">
        {busy
          ? items.map((item) => <CartItemSkeleton key={item._id} />)
          : items.map((item) => (
              <CartItemCard
                key={item._id}
                item={item}
                quantity={quantityOf(item)}
                onQuantity={(quantity) => onQuantity(item, quantity)}
                onRemove={() => onRemove(item)}
              />
            ))}
      </ul>
    </>
  );
}

/** The cart's lines, their quantities and removal, its summary, coupon and checkout. */
export function Cart({ page }: { page: CartPage }) {
  // One fetcher for every change of the list: a new submission aborts the one in flight, so a stale
  // answer never overwrites a newer one.
  const changes = useFetcher<typeof action>({ key: "cart" });
  const checkoutFetcher = useFetcher<typeof action>({ key: "checkout" });
  const dialog = useRef<HTMLDialogElement>(null);
  const cart = useCartAnswers(
    page,
    { change: changes.data as CartAnswer, checkout: checkoutFetcher.data as CartAnswer },
    dialog,
  );
  const { debounce, quantityOf } = useDebouncedQuantity(changes.submit);
  const busy = changes.state !== "idle";
  const placing = checkoutFetcher.state !== "idle";

  // What the read changed (a line whose hold lapsed and whose stock went, a coupon that expired).
  const notices = page.cart.data.notices?.map((notice) => <NoticeBox key={notice} message={notice} />);
  if (cart.cartItems.length === 0 && !busy) {
    return (
      <>
        {notices}
        <CartEmpty />
      </>
    );
  }

  const remove = async (item: CartItem) => {
    debounce.cancel(item._id);
    // Another line's waiting quantity first (the removal would abort it on the same fetcher).
    await debounce.flush();
    await changes.submit(
      { intent: "remove", productId: item.product._id, size: item.size ?? "" },
      { method: "post" },
    );
  };

  const openCheckout = (event: React.MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    // The order is placed from the cart as the server has it: a waiting quantity goes first.
    void debounce.flush();
    if (!dialog.current?.open) dialog.current?.showModal();
  };

  return (
    <>
      {notices && <div className="mb-6 flex flex-col gap-3">{notices}</div>}
      <CartLayout
        items={
          <CartLines
            items={cart.cartItems}
            busy={busy}
            quantityOf={quantityOf}
            onQuantity={(item, quantity) => debounce.change({ key: item._id, quantity, line: item })}
            onRemove={(item) => void remove(item)}
          />
        }
        summary={
          <OrderSummary cart={cart}>
            {!cart.data.coupon && <CouponForm busy={busy} debounce={debounce} />}
            <CheckoutButton
              label={`Checkout (${cart.numOfCartItems})`}
              hasPhone={page.phoneNumbers.length > 0}
              disabled={busy || placing}
              onOpen={openCheckout}
            />
          </OrderSummary>
        }
      />
      <CheckoutDialog
        dialogRef={dialog}
        phoneNumbers={page.phoneNumbers}
        addresses={page.addresses}
        // A quantity sent as the popup opened must be in before the order is placed.
        busy={placing || busy}
        onSend={(form) => {
          const body = new FormData(form);
          body.set("respond", "data");
          void checkoutFetcher.submit(body, { method: "post" });
        }}
      />
    </>
  );
}
