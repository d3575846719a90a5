import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { type ReviewActionData, ReviewListPage } from "#app/components/admin/reviews/review-list-page.tsx";
import {
  hideParam,
  readModeration,
  reviewPageQuery,
} from "#app/components/admin/reviews/review-moderation.server.ts";
import { readListQuery } from "#app/components/admin/staff/list-query.server.ts";
import { formFailure, invalidForm } from "#app/lib/form-action.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import { moderateReview } from "#core/reviews/review-writes.ts";
import { staffReviews } from "#core/reviews/staff-reviews.ts";
import type { Route } from "./+types/admin.reviews._index";

// /admin/reviews (docs/back-office/reviews.md): managers and admins read every review, the reported
// ones first under "Reported", and hide one with a reason or restore it. "Hide" is a plain link to
// the same page with `?hide=<id>`, which shows the reason's form, so it works without JavaScript
// (the staff page's confirmation step does the same).

export const meta: Route.MetaFunction = () => [
  { title: "Reviews — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  const url = new URL(request.url);
  const { query, errors } = readListQuery(url, reviewPageQuery);
  const list = await staffReviews(context.core, staff, {
    page: query.page,
    limit: query.limit,
    filter: query.filter,
    productId: query.product,
  });
  return {
    rows: list.reviews,
    total: list.total,
    page: query.page,
    numberOfPages: list.pagination.numberOfPages,
    filter: query.filter,
    product: query.product ?? "",
    queryErrors: errors,
    hide: hideParam(url),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "manager", context.publicUrl);
  const read = readModeration(form);
  const reason = String(form.get("reason") ?? "");
  if (!read.ok) return invalidForm(read.failure, { intent: read.intent, id: read.id, reason });
  try {
    const { review, changed, outcome } = await moderateReview(context.core, staff, read.id, read.body);
    return { intent: read.intent, id: read.id, changed, outcome, title: review.title, author: review.author };
  } catch (error) {
    return formFailure(error, "The review could not be changed. Please try again.", {
      intent: read.intent,
      id: read.id,
      reason,
    });
  }
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewListPage data={loaderData} result={actionData as ReviewActionData | undefined} />;
}
