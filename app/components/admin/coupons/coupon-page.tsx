import { Form } from "react-router";
import { ErrorBox, NoticeBox, useBusy } from "#app/components/form-controls.tsx";
import type { FormFailure } from "#app/lib/form-action.server.ts";
import type { StaffCoupon } from "#contract/admin-coupons.ts";
import { formatPrice } from "#contract/money-format.ts";
import type { AuditEntryView } from "#core/audit/audit-query.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { AuditTrail } from "../audit-trail.tsx";
import { CouponForm, type CouponFormValues, CouponStatusBadge, couponFormValues } from "./coupon-form.tsx";

export interface CouponPageProps {
  coupon: StaffCoupon;
  history: AuditEntryView[];
  /** After a refused edit: the values posted and what was wrong. */
  edit?: { values: CouponFormValues; failure: FormFailure };
  /** A refused disable/enable. */
  failure?: FormFailure;
  notice?: string;
}

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** /admin/coupons/:couponId: what the coupon is, disable or enable it, edit it, its history. */
export function CouponPage({ coupon, history, edit, failure, notice }: CouponPageProps) {
  const toggling = useBusy(coupon.disabledAt ? "enable" : "disable");
  return (
    <>
      <AdminPageHeader title={`Coupon ${coupon.name}`} />
      <div className="mb-6 flex flex-col gap-3">
        {notice && <NoticeBox message={notice} />}
        <ErrorBox message={failure?.message} busy={toggling} />
      </div>
      <section
        aria-labelledby="coupon-now"
        className="mb-8 rounded-lg border border-gray-200 p-4 dark:border-gray-800"
      >
        <h2 id="coupon-now" className="sr-only">
          Now
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
          <Fact label="Status">
            <CouponStatusBadge status={coupon.status} />
          </Fact>
          <Fact label="Percent">{`${coupon.discount}%`}</Fact>
          <Fact label="Used">{`${coupon.usedCount} of ${coupon.usageLimit ?? "no limit"}`}</Fact>
          <Fact label="Min. subtotal">
            {coupon.minSubtotal > 0 ? formatPrice(coupon.minSubtotal) : "none"}
          </Fact>
          <Fact label="Starts">{coupon.start ? when(coupon.start) : "at once"}</Fact>
          <Fact label="Expires">{when(coupon.expire)}</Fact>
          {coupon.disabledAt && <Fact label="Disabled">{when(coupon.disabledAt)}</Fact>}
        </dl>
        <Form method="post" className="mt-4">
          {coupon.disabledAt ? (
            <button type="submit" name="intent" value="enable" disabled={toggling} className="button-primary">
              {toggling ? "Enabling…" : "Enable coupon"}
            </button>
          ) : (
            <button
              type="submit"
              name="intent"
              value="disable"
              disabled={toggling}
              className="inline-flex h-10 items-center rounded-full border border-red-700 px-5 font-semibold text-red-800 text-sm hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950"
            >
              {toggling ? "Disabling…" : "Disable coupon"}
            </button>
          )}
          <p className="mt-2 text-gray-600 text-xs dark:text-gray-400">
            {coupon.disabledAt
              ? "Enabled again, shoppers can apply it; carts that lost it do not get it back."
              : "Disabled, it applies to no cart: carts holding it lose the discount on their next read, and say so."}
          </p>
        </Form>
      </section>
      <section aria-labelledby="coupon-edit" className="mb-10">
        <h2 id="coupon-edit" className="mb-4 font-bold text-xl">
          Edit
        </h2>
        <CouponForm
          key={coupon.name + coupon.expire}
          intent="update"
          submitLabel="Save changes"
          values={edit?.values ?? couponFormValues(coupon)}
          failure={edit?.failure}
        />
      </section>
      <CouponHistory history={history} />
    </>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function CouponHistory({ history }: { history: AuditEntryView[] }) {
  return (
    <section aria-labelledby="coupon-history">
      <h2 id="coupon-history" className="mb-3 font-bold text-xl">
        History
      </h2>
      <AuditTrail entries={history} />
    </section>
  );
}
