import { Form } from "react-router";
import { ErrorBox, TextField, useBusy } from "#app/components/form-controls.tsx";
import type { FormFailure } from "#app/lib/form-action.server.ts";
import type { CouponStatus, StaffCoupon } from "#contract/admin-coupons.ts";
import { COUPON_CODE_MAX, COUPON_CODE_MIN } from "#contract/shopping.ts";

/** What the coupon form shows: strings, as the inputs hold them. */
export interface CouponFormValues {
  name: string;
  discount: string;
  start: string;
  expire: string;
  usageLimit: string;
  minSubtotal: string;
}

export const EMPTY_COUPON: CouponFormValues = {
  name: "",
  discount: "",
  start: "",
  expire: "",
  usageLimit: "",
  minSubtotal: "",
};

/** The UTC day of a moment, as a date input holds it. */
const day = (iso: string) => iso.slice(0, 10);
/** The last day a coupon is valid: the day of the moment just before it expires (UTC). */
const lastDay = (iso: string) => new Date(new Date(iso).getTime() - 1).toISOString().slice(0, 10);

export function couponFormValues(coupon: StaffCoupon): CouponFormValues {
  return {
    name: coupon.name,
    discount: String(coupon.discount),
    start: coupon.start ? day(coupon.start) : "",
    expire: lastDay(coupon.expire),
    usageLimit: coupon.usageLimit === null ? "" : String(coupon.usageLimit),
    minSubtotal: coupon.minSubtotal === 0 ? "" : coupon.minSubtotal.toFixed(2),
  };
}

/** The posted values, to show the form again as the staff member left it. */
export function postedCouponValues(form: FormData): CouponFormValues {
  const text = (name: keyof CouponFormValues) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    discount: text("discount"),
    start: text("start"),
    expire: text("expire"),
    usageLimit: text("usageLimit"),
    minSubtotal: text("minSubtotal"),
  };
}

/**
 * A coupon's fields, posted to the page's action with `intent` (docs/back-office/coupons-and-settings.md):
 * days are UTC; the expiry day is the last day the coupon applies.
 */
export function CouponForm({
  intent,
  submitLabel,
  values,
  failure,
}: {
  intent: "create" | "update";
  submitLabel: string;
  values: CouponFormValues;
  failure?: FormFailure;
}) {
  const busy = useBusy(intent);
  const error = (name: keyof CouponFormValues) => failure?.fields?.[name];
  return (
    <Form method="post" noValidate className="flex max-w-2xl flex-col gap-4">
      <ErrorBox message={failure?.message} busy={busy} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Code"
          name="name"
          defaultValue={values.name}
          error={error("name")}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          minLength={COUPON_CODE_MIN}
          maxLength={COUPON_CODE_MAX}
          required
          hint={<Hint>Letters, digits, - or _; customers type it in any case.</Hint>}
        />
        <TextField
          label="Discount (%)"
          name="discount"
          inputMode="numeric"
          defaultValue={values.discount}
          error={error("discount")}
          required
          hint={<Hint>A whole percent, 1 to 100, off the order's total.</Hint>}
        />
        <TextField
          label="Starts (optional)"
          name="start"
          type="date"
          defaultValue={values.start}
          error={error("start")}
          hint={<Hint>From the start of this day (UTC); empty: at once.</Hint>}
        />
        <TextField
          label="Expires"
          name="expire"
          type="date"
          defaultValue={values.expire}
          error={error("expire")}
          required
          hint={<Hint>The last day it applies (UTC).</Hint>}
        />
        <TextField
          label="Usage limit (optional)"
          name="usageLimit"
          inputMode="numeric"
          defaultValue={values.usageLimit}
          error={error("usageLimit")}
          hint={<Hint>How many orders may use it; empty: no limit.</Hint>}
        />
        <TextField
          label="Minimum subtotal, $ (optional)"
          name="minSubtotal"
          inputMode="decimal"
          defaultValue={values.minSubtotal}
          error={error("minSubtotal")}
          hint={<Hint>The cart's items must be worth at least this.</Hint>}
        />
      </div>
      <div>
        <button type="submit" name="intent" value={intent} disabled={busy} className="button-primary">
          {busy ? "Saving…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}

function Hint({ children }: { children: string }) {
  return <p className="text-gray-600 text-xs dark:text-gray-400">{children}</p>;
}

const STATUS_CLASS: Record<CouponStatus, string> = {
  active: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  scheduled: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  expired: "bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-200",
  "used up": "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  disabled: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

export function CouponStatusBadge({ status }: { status: CouponStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 font-medium text-xs ${STATUS_CLASS[status]}`}>
      {status}
    </span>
  );
}
