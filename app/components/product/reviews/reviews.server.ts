import { z } from "zod";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { pageLog } from "#app/lib/log.server.ts";
import {
  REVIEWS_PAGE_PARAM,
  REVIEWS_SORT_PARAM,
  type ReviewAnswer,
  type ReviewsPart,
} from "#app/lib/reviews.ts";
import { productJsonLd, scriptJson } from "#app/lib/structured-data.server.ts";
import { CALL_FAILED } from "#app/lib/toast.ts";
import type { ProductDetail } from "#contract/catalog.ts";
import { ID_PATTERN } from "#contract/query.ts";
import {
  REVIEW_FIT_LABELS,
  REVIEW_SORT_LABELS,
  REVIEW_SORTS,
  REVIEWS_PAGE_SIZE,
  reviewBody,
  reviewReportBody,
} from "#contract/reviews.ts";
import type { CoreContext } from "#core/context.ts";
import { listReviews, reviewStanding } from "#core/reviews/review-lists.ts";
import { NOT_A_BUYER } from "#core/reviews/review-rows.ts";
import { createReview, deleteReview, reportReview, updateReview } from "#core/reviews/review-writes.ts";

// The reviews section of the product page (docs/storefront/reviews-on-the-product-page.md): what its
// loader streams and what its forms post.

/** The page of reviews the URL asks for. A value the shop does not know reads as its default: an old or edited link still shows the product. */
export function reviewsQuery(params: URLSearchParams) {
  const sort = REVIEW_SORTS.find((s) => s === params.get(REVIEWS_SORT_PARAM)) ?? "newest";
  const raw = params.get(REVIEWS_PAGE_PARAM) ?? "";
  const page = /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
  return { sort, page, limit: REVIEWS_PAGE_SIZE };
}

/**
 * The section's data, streamed after the product: a page of the product's reviews with its figures,
 * what the viewer may do, and the Product's JSON-LD carrying them. Never rejects: a failure is logged
 * and answers `unavailable`, with the JSON-LD written without reviews, and the section says so.
 */
export async function loadReviewsSection(
  core: CoreContext,
  product: ProductDetail,
  origin: string,
  params: URLSearchParams,
  viewer: string | undefined,
): Promise<ReviewsPart> {
  const query = reviewsQuery(params);
  try {
    const [list, standing] = await Promise.all([
      listReviews(core, product._id, query, viewer),
      viewer ? reviewStanding(core, viewer, product._id) : Promise.resolve(null),
    ]);
    // The reviews shown are the Product's `review` entries on the first page in the default order only.
    const shown = query.page === 1 && query.sort === "newest" ? list.data : [];
    return {
      list,
      sort: query.sort,
      page: query.page,
      viewer: standing
        ? { canReview: standing.canReview, refusal: standing.canReview ? null : NOT_A_BUYER }
        : null,
      labels: { fit: REVIEW_FIT_LABELS, sort: REVIEW_SORT_LABELS },
      ld: scriptJson(productJsonLd(product, origin, { summary: list.summary, shown })[0]),
    };
  } catch (error) {
    pageLog.error({ err: error }, "reading a product's reviews failed");
    return { unavailable: true, ld: scriptJson(productJsonLd(product, origin)[0]) };
  }
}

export const REVIEW_INTENTS = ["review-create", "review-update", "review-delete", "review-report"] as const;
export type ReviewIntent = (typeof REVIEW_INTENTS)[number];
export const isReviewIntent = (intent: unknown): intent is ReviewIntent =>
  REVIEW_INTENTS.includes(intent as ReviewIntent);

const reviewId = z.object({ reviewId: z.string().regex(ID_PATTERN, { message: "Unknown review." }) });

const DONE: Record<ReviewIntent, string> = {
  "review-create": "Thank you! Your review is published.",
  "review-update": "Your review is updated.",
  "review-delete": "Your review is deleted.",
  "review-report": "Thank you. The shop will look at this review.",
};

/** Writes, edits, deletes or reports a review from the product page's forms (with or without JavaScript). */
export async function runReviewAction(
  core: CoreContext,
  customerId: string,
  productId: string,
  intent: ReviewIntent,
  form: FormData,
) {
  const target = form.get("reviewId");
  const values: Record<string, string> = {};
  for (const name of ["rating", "title", "text", "fit", "reason"])
    if (typeof form.get(name) === "string") values[name] = String(form.get(name));
  const answer = { ok: false as const, intent, reviewId: typeof target === "string" ? target : null, values };
  const schema =
    intent === "review-create"
      ? reviewBody
      : intent === "review-update"
        ? reviewBody.extend(reviewId.shape)
        : intent === "review-report"
          ? reviewReportBody.extend(reviewId.shape)
          : reviewId;
  const parsed = readForm(form, schema);
  if (!parsed.ok) return invalidForm(parsed.failure, answer);
  const data = parsed.data as z.infer<typeof reviewBody> & { reviewId: string; reason: string };
  try {
    if (intent === "review-create") await createReview(core, customerId, productId, data);
    else if (intent === "review-update") await updateReview(core, customerId, data.reviewId, data);
    else if (intent === "review-delete") await deleteReview(core, customerId, data.reviewId);
    else await reportReview(core, customerId, data.reviewId, { reason: data.reason });
    return { ...answer, ok: true, values: undefined, message: DONE[intent] } satisfies ReviewAnswer;
  } catch (error) {
    return formFailure(error, CALL_FAILED, answer);
  }
}
