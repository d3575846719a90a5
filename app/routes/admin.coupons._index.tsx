import { redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { postedCouponValues } from "#app/components/admin/coupons/coupon-form.tsx";
import { CouponListPage } from "#app/components/admin/coupons/coupon-list-page.tsx";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import { couponBody, couponListQuery } from "#contract/admin-coupons.ts";
import { readQuery } from "#contract/query.ts";
import { createCoupon } from "#core/coupons/coupon-edits.ts";
import { listStaffCoupons } from "#core/coupons/coupon-list.ts";
import type { Route } from "./+types/admin.coupons._index";

export const meta: Route.MetaFunction = () => [
  { title: "Coupons — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  const url = new URL(request.url);
  // A hand-edited URL with a bad parameter shows the first page of every coupon rather than an error.
  const parsed = couponListQuery.safeParse(readQuery(url.searchParams));
  const query = parsed.success ? parsed.data : couponListQuery.parse({});
  const list = await listStaffCoupons(context.core, staff, { ...query, limit: 25 });
  return {
    list,
    search: parsed.success ? url.searchParams.toString() : "",
    sort: parsed.success ? (url.searchParams.get("sort") ?? "") : "",
    filters: { search: query.search ?? "", status: query.status ?? "" },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "manager", context.publicUrl);
  const values = postedCouponValues(form);
  const read = readForm(form, couponBody);
  if (!read.ok) return invalidForm(read.failure, { values });
  try {
    const coupon = await createCoupon(context.core, staff, read.data);
    return redirect(`/admin/coupons/${coupon._id}?created=1`);
  } catch (error) {
    return formFailure(error, "The coupon could not be created. Please try again.", { values });
  }
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CouponListPage
      list={loaderData.list}
      search={new URLSearchParams(loaderData.search)}
      sort={loaderData.sort}
      filters={loaderData.filters}
      create={actionData ? { values: actionData.values, failure: actionData } : undefined}
    />
  );
}
