import { Suspense, useEffect, useRef, useState } from "react";
import {
  Await,
  Form,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useFetcher,
  useNavigate,
  useRevalidator,
} from "react-router";
import { z } from "zod";
import { CartItemCard, CartItemSkeleton } from "#app/components/cart-item-card.tsx";
import { CheckoutDialog } from "#app/components/checkout-dialog.tsx";
import { ErrorBox, NoticeBox, TextField } from "#app/components/form-controls.tsx";
import { MessageScreen } from "#app/components/message-screen.tsx";
import { OrderSummary, OrderSummarySkeleton } from "#app/components/order-summary.tsx";
import { celebrate } from "#app/lib/confetti.ts";
import { withinOrStream } from "#app/lib/deferred.server.ts";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import {
  createQuantityDebounce,
  type QuantityChange,
  type QuantityDebounce,
} from "#app/lib/quantity-debounce.ts";
import { isGlobalError } from "#app/lib/route-errors.ts";
import { requireCustomer, requireSameOrigin } from "#app/lib/session.server.ts";
import { siteOrigin } from "#app/lib/site.server.ts";
import { CALL_FAILED, notify } from "#app/lib/toast.ts";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import type { AddressEntry, PhoneNumberEntry } from "#contract/accounts.ts";
import {
  applyCouponBody,
  CANCELLED_ORDER_PARAM,
  type CartItem,
  type CartResponse,
  COUPON_APPLIED_PREFIX,
  checkoutForm,
  QUANTITY_DEBOUNCE_MS,
  removeCartItemBody,
  updateCartItemBody,
} from "#contract/shopping.ts";
import { listAddresses } from "#core/accounts/addresses.ts";
import { listPhoneNumbers } from "#core/accounts/phone-numbers.ts";
import { applyCoupon, getCart, removeCartItem, updateCartItem } from "#core/cart/cart.ts";
import { checkout } from "#core/checkout/checkout.ts";
import { cancelPayment, unpaidOrderNumber } from "#core/orders/cancellation.ts";
import type { Route } from "./+types/customer.shopping-cart";

const ORDERS_ROUTE = "/customer/orders";
const PAYMENT_CANCELLED = "Your payment was cancelled. The items of that order are back in your cart.";
const PAYMENT_NOT_CANCELLED = "That order is no longer awaiting payment, so it was not cancelled.";
const ADD_PHONE_ROUTE = "/customer/add-phone-number";

export const meta: Route.MetaFunction = () => accountPageMeta("Shopping cart");

interface CartPage {
  cart: CartResponse;
  phoneNumbers: PhoneNumberEntry[];
  addresses: AddressEntry[];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { customerId } = await requireCustomer(request, context.core);
  const cancelledOrder = new URL(request.url).searchParams.get(CANCELLED_ORDER_PARAM);
  // Back from the card payment page's cancel link: the page offers to cancel that order (a post);
  // opening a link changes nothing.
  const leftPayment = cancelledOrder
    ? await unpaidOrderNumber(context.core, customerId, cancelledOrder).then((number) =>
        number === null ? null : { orderId: cancelledOrder, number },
      )
    : null;
  const page: Promise<CartPage> = Promise.all([
    getCart(context.core, customerId),
    listPhoneNumbers(context.core, customerId),
    listAddresses(context.core, customerId),
  ]).then(([cart, phoneNumbers, addresses]) => ({ cart, phoneNumbers, addresses }));
  return { leftPayment, page: (await withinOrStream(page)).data };
}

/** Every change of the cart page, told apart by `intent` (CONVENTIONS: one action for the cart). */
const cartAction = z.discriminatedUnion(
  "intent",
  [
    updateCartItemBody.extend({ intent: z.literal("update") }),
    removeCartItemBody.extend({ intent: z.literal("remove") }),
    applyCouponBody.extend({ intent: z.literal("apply-coupon") }),
    // `respond=data`: the page's script sends the form and shows the answer itself (toast, then the
    // orders page); a plain form post is redirected.
    checkoutForm.extend({ intent: z.literal("checkout"), respond: z.literal("data").optional() }),
    z.object({ intent: z.literal("cancel-payment"), orderId: z.string().min(1).max(64) }),
  ],
  { error: "Unknown action." },
);

type Intent = z.infer<typeof cartAction>["intent"];

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.publicUrl);
  const { customerId } = await requireCustomer(request, context.core);
  const core = context.core;
  const form = await request.formData();
  // A refusal answers with the cart as it now is, so the page shows the truth (SPEC §4).
  const currentCart = () => getCart(core, customerId).catch(() => null);
  const parsed = readForm(form, cartAction);
  if (!parsed.ok) {
    return invalidForm(parsed.failure, {
      ok: false as const,
      intent: String(form.get("intent") ?? "") as Intent,
      cart: await currentCart(),
    });
  }
  const input = parsed.data;
  const changed = (cart: CartResponse) => ({
    ok: true as const,
    intent: input.intent,
    message: cart.message,
    cart,
  });
  try {
    switch (input.intent) {
      case "update": {
        const { intent: _, ...body } = input;
        return changed(await updateCartItem(core, customerId, body));
      }
      case "remove": {
        const { intent: _, ...body } = input;
        return changed(await removeCartItem(core, customerId, body));
      }
      case "apply-coupon":
        return changed(await applyCoupon(core, customerId, input.couponCode));
      case "cancel-payment": {
        const cancelled = await cancelPayment(core, customerId, input.orderId);
        if (!cancelled) return { ok: false as const, intent: input.intent, message: PAYMENT_NOT_CANCELLED };
        return { ok: true as const, intent: input.intent, message: PAYMENT_CANCELLED };
      }
      case "checkout": {
        const { intent: _, paymentMethod, respond, ...body } = input;
        const placed = await checkout(core, customerId, body, paymentMethod, {
          origin: siteOrigin(request, context),
        });
        // A card order goes on to the hosted payment page (SPEC §4).
        if (placed.sessionURL) {
          return redirect(placed.sessionURL);
        }
        if (respond !== "data") return redirect(ORDERS_ROUTE);
        return { ok: true as const, intent: input.intent, message: placed.message, redirectTo: ORDERS_ROUTE };
      }
    }
  } catch (error) {
    return formFailure(error, CALL_FAILED, {
      ok: false as const,
      intent: input.intent,
      cart: await currentCart(),
    });
  }
}

/**
 * Each answer of the action carries the cart as it now is, or (a placed order) where the page goes
 * next: nothing to load again.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (
    actionResult &&
    typeof actionResult === "object" &&
    (("cart" in actionResult && actionResult.cart) || "redirectTo" in actionResult)
  ) {
    return false;
  }
  return defaultShouldRevalidate;
}

function CartLayout({ items, summary }: { items: React.ReactNode; summary: React.ReactNode }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
      <div className="min-w-0">{items}</div>
      <div className="lg:sticky lg:top-20">{summary}</div>
    </div>
  );
}

function CartSkeleton() {
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

function CartFailed() {
  const revalidator = useRevalidator();
  return (
    <MessageScreen
      image="somethingWentWrong"
      title="Something Went Wrong. We couldn't retrieve your shopping cart."
      headingLevel={2}
      action={{ label: "TRY AGAIN", onClick: () => revalidator.revalidate() }}
    />
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

/** What the action answers a fetcher with: its redirects are followed, never handed over as data. */
type Answer = Exclude<Route.ComponentProps["actionData"], Response>;

function Cart({ page }: { page: CartPage }) {
  const navigate = useNavigate();
  // One fetcher for every change of the list: a new submission aborts the one in flight, so a stale
  // answer never overwrites a newer one.
  const changes = useFetcher<typeof action>({ key: "cart" });
  const checkoutFetcher = useFetcher<typeof action>({ key: "checkout" });
  const dialog = useRef<HTMLDialogElement>(null);
  // The cart from the latest answer; fresh loader data (a reload, TRY AGAIN) starts over from it.
  const [answered, setAnswered] = useState<{ source: CartResponse; cart: CartResponse } | null>(null);
  const cart = answered?.source === page.cart ? answered.cart : page.cart;
  const [pending, setPending] = useState<QuantityChange<CartItem> | null>(null);

  const submitRef = useRef(changes.submit);
  submitRef.current = changes.submit;
  const [debounce] = useState(() =>
    createQuantityDebounce<CartItem>(
      ({ line, quantity }) => {
        if (quantity === line.quantity) return undefined; // back where it started: nothing to send
        return submitRef.current(
          {
            intent: "update",
            productId: line.product._id,
            size: line.size ?? "",
            quantity: String(quantity),
          },
          { method: "post" },
        );
      },
      QUANTITY_DEBOUNCE_MS,
      setPending,
    ),
  );
  // A change still waiting when the shopper leaves the page is sent, not lost.
  useEffect(() => () => void debounce.flush(), [debounce]);

  const show = (result: Answer) => {
    if (result && "cart" in result && result.cart) setAnswered({ source: page.cart, cart: result.cart });
  };

  const changeResult = changes.data as Answer;
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
    // SPEC §4: a message starting "Price discount applied" is a success; the rest say what changed.
    void notify(result.message.startsWith(COUPON_APPLIED_PREFIX) ? "success" : "default", result.message);
  }, [changeResult]);

  const checkoutResult = checkoutFetcher.data as Answer;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per answer
  useEffect(() => {
    const result = checkoutResult;
    if (!result) return;
    if (result.ok && "redirectTo" in result && result.redirectTo) {
      void notify("success", result.message);
      navigate(result.redirectTo);
      return;
    }
    // SPEC §4: a failed checkout closes the popup and reloads the cart.
    dialog.current?.close();
    show(result);
    void notify("error", result.message || CALL_FAILED);
  }, [checkoutResult]);

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

  const checkoutLabel = `Checkout (${cart.numOfCartItems})`;
  return (
    <>
      {notices && <div className="mb-6 flex flex-col gap-3">{notices}</div>}
      <CartLayout
        items={
          <>
            <h2 id="cart-items-title" className="sr-only">
              Items
            </h2>
            {/* SPEC §4: any change blanks the list until the server's answer reloads it. */}
            <ul
              className="flex flex-col gap-4"
              aria-busy={busy || undefined}
              aria-labelledby="cart-items-title"
            >
              {busy
                ? cart.cartItems.map((item) => <CartItemSkeleton key={item._id} />)
                : cart.cartItems.map((item) => (
                    <CartItemCard
                      key={item._id}
                      item={item}
                      quantity={pending?.key === item._id ? pending.quantity : item.quantity}
                      onQuantity={(quantity) => debounce.change({ key: item._id, quantity, line: item })}
                      onRemove={() => void remove(item)}
                    />
                  ))}
            </ul>
          </>
        }
        summary={
          <OrderSummary cart={cart}>
            {!cart.data.coupon && <CouponForm busy={busy} debounce={debounce} />}
            {page.phoneNumbers.length === 0 ? (
              // SPEC §4: without a saved phone number, Checkout leads to adding one.
              <Link to={ADD_PHONE_ROUTE} className="button-primary mt-5 h-12 w-full text-base">
                {checkoutLabel}
              </Link>
            ) : (
              <button
                type="button"
                className="button-primary mt-5 h-12 w-full text-base"
                disabled={busy || placing}
                aria-haspopup="dialog"
                onClick={openCheckout}
                // Opens the popup natively where the browser supports invoker commands, before
                // the page's script has loaded.
                {...({ command: "show-modal", commandfor: "checkout-dialog" } as Record<string, string>)}
              >
                {checkoutLabel}
              </button>
            )}
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

export default function ShoppingCartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, leftPayment } = loaderData;
  // Only a plain form post (before the script loaded) answers here; the fetchers answer the rest.
  const posted = actionData as Answer;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="section-title mb-6">SHOPPING CART</h1>
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

/** SPEC §2: the cart's own failure state (the global pages pass through). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isGlobalError(error)) throw error;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="section-title mb-6">SHOPPING CART</h1>
      <CartFailed />
    </section>
  );
}
