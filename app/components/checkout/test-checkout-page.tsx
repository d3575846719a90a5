import { Form, Link } from "react-router";
import { ErrorBox, SubmitButton, TextField, useBusy } from "#app/components/form-controls.tsx";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import { formatPrice } from "#contract/money-format.ts";
import { type Order, testCardBody } from "#contract/shopping.ts";

function OrderLines({ order }: { order: Order }) {
  const { pricing, coupon } = order;
  return (
    <>
      <ul className="mt-5 divide-y divide-gray-200 border-gray-200 border-y dark:divide-gray-800 dark:border-gray-800">
        {order.items.map((item) => (
          <li
            key={`${item.product._id}-${item.size ?? ""}`}
            className="flex items-baseline justify-between gap-4 py-3 text-sm"
          >
            <span>
              <span className="font-medium">{item.product.title}</span>
              {item.size && (
                <span className="text-gray-600 dark:text-gray-400"> · size {item.size.toUpperCase()}</span>
              )}
              <span className="text-gray-600 dark:text-gray-400"> × {item.quantity}</span>
            </span>
            <span className="shrink-0">{formatPrice(item.totalPrice)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 flex flex-col gap-1.5 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-gray-600 dark:text-gray-400">Tax</dt>
          <dd>{formatPrice(pricing.taxPrice)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-gray-600 dark:text-gray-400">Shipping</dt>
          <dd>{formatPrice(pricing.shippingPrice)}</dd>
        </div>
        {coupon && (
          <div className="flex justify-between gap-4">
            <dt className="text-gray-600 dark:text-gray-400">
              Coupon {coupon.couponCode} ({coupon.couponDiscount}%)
            </dt>
            <dd>-{formatPrice(coupon.discountedAmount)}</dd>
          </div>
        )}
        <div className="mt-2 flex justify-between gap-4 font-bold text-base">
          <dt>Total to pay</dt>
          <dd data-testid="amount-due">{formatPrice(pricing.totalPriceAfterDiscount)}</dd>
        </div>
      </dl>
    </>
  );
}

function CardForm({ amount, cancelUrl, error }: { amount: number; cancelUrl: string; error?: string }) {
  const { formProps, errorFor } = useFormValidation(testCardBody);
  const busy = useBusy();
  return (
    <Form method="post" {...formProps} className="flex flex-col gap-4">
      <ErrorBox message={error} busy={busy} />
      <TextField
        label="Card number"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        error={errorFor("cardNumber")}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry (MM / YY)"
          name="expiry"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          error={errorFor("expiry")}
        />
        <TextField
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          error={errorFor("cvc")}
        />
      </div>
      <p className="rounded-lg bg-amber-50 px-4 py-3 text-amber-950 text-sm dark:bg-amber-950 dark:text-amber-100">
        No real payment is taken here. Test cards: <strong>4242 4242 4242 4242</strong> pays,{" "}
        <strong>4000 0000 0000 0002</strong> is declined; any future expiry date and any 3-digit CVC.
      </p>
      <SubmitButton busy={busy} label={`Pay ${formatPrice(amount)}`} busyLabel="Paying…" large />
      <Link
        to={cancelUrl}
        className="text-center font-medium text-brand text-sm hover:underline dark:text-indigo-300"
      >
        Back to the shop
      </Link>
    </Form>
  );
}

/** The built-in provider's hosted payment page: the order's lines, and the card form while it is open. */
export function TestCheckoutPage({
  order,
  successUrl,
  cancelUrl,
  shopName,
  error,
}: {
  order: Order;
  successUrl: string;
  cancelUrl: string;
  shopName: string;
  /** Why the last payment did not go through. */
  error?: string;
}) {
  const open = order.status === "pending_payment";
  return (
    <section className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 md:grid-cols-2 md:gap-12">
      <div>
        <p className="font-semibold text-gray-600 text-sm uppercase tracking-wide dark:text-gray-400">
          {shopName}
        </p>
        <h1 className="mt-1 font-bold text-2xl tracking-tight">Test checkout</h1>
        <p className="mt-1 text-gray-600 dark:text-gray-400">Order #{order.number}</p>
        <OrderLines order={order} />
      </div>
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900">
        <h2 className="mb-5 font-semibold text-lg">{open ? "Pay with card" : "Payment"}</h2>
        {open ? (
          <CardForm amount={order.pricing.totalPriceAfterDiscount} cancelUrl={cancelUrl} error={error} />
        ) : order.isPaid ? (
          <div className="flex flex-col gap-4">
            <p role="status">Order #{order.number} has been paid. Thank you!</p>
            <Link to={successUrl} className="button-primary self-start">
              View your order
            </Link>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <p role="status">Order #{order.number} was cancelled: this payment page is closed.</p>
            <Link to="/" className="button-primary self-start">
              Back to the shop
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
