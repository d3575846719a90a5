import { data } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { type CouponFormValues, postedCouponValues } from "#app/components/admin/coupons/coupon-form.tsx";
import { CouponPage } from "#app/components/admin/coupons/coupon-page.tsx";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import { couponBody } from "#contract/admin-coupons.ts";
import { ID_PATTERN } from "#contract/query.ts";
import { auditTrailOf } from "#core/audit/audit-query.ts";
import { setCouponDisabled, staffCoupon, updateCoupon } from "#core/coupons/coupon-edits.ts";
import type { Route } from "./+types/admin.coupons.$couponId";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Coupon ${loaderData.coupon.name}` : "Coupon"} — back office` },
  { name: "robots", content: "noindex" },
];

const NOTICES: Record<string, string> = { "1": "Coupon created." };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  if (!ID_PATTERN.test(params.couponId)) throw data({ message: "There is no such coupon." }, { status: 404 });
  const coupon = await staffCoupon(context.core, staff, params.couponId).catch((error: unknown) => {
    throw data(
      { message: error instanceof Error ? error.message : "There is no such coupon." },
      { status: 404 },
    );
  });
  const created = new URL(request.url).searchParams.get("created") ?? "";
  return {
    coupon,
    history: await auditTrailOf(context.core, staff, "coupon", coupon._id),
    notice: NOTICES[created],
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "manager", context.publicUrl);
  const intent = form.get("intent");
  if (intent === "disable" || intent === "enable") {
    try {
      const coupon = await setCouponDisabled(context.core, staff, params.couponId, intent === "disable");
      return { notice: `Coupon ${coupon.name} ${intent === "disable" ? "disabled" : "enabled"}.` };
    } catch (error) {
      return formFailure(error, "The coupon could not be changed. Please try again.", { intent });
    }
  }
  const values = postedCouponValues(form);
  const read = readForm(form, couponBody);
  if (!read.ok) return invalidForm(read.failure, { intent: "update", values });
  try {
    const coupon = await updateCoupon(context.core, staff, params.couponId, read.data);
    return { notice: `Coupon ${coupon.name} saved.` };
  } catch (error) {
    return formFailure(error, "The coupon could not be saved. Please try again.", {
      intent: "update",
      values,
    });
  }
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminCoupon({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && "message" in actionData ? actionData : undefined;
  const values = failed && "values" in failed ? (failed.values as CouponFormValues) : undefined;
  return (
    <CouponPage
      coupon={loaderData.coupon}
      history={loaderData.history}
      notice={actionData && "notice" in actionData ? actionData.notice : loaderData.notice}
      edit={failed && values ? { values, failure: failed } : undefined}
      failure={failed && !values ? failed : undefined}
    />
  );
}
