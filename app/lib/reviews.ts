import type { ReviewFit, ReviewListResponse, ReviewSort } from "#contract/reviews.ts";

// The product page's reviews section (docs/storefront/reviews-on-the-product-page.md): its query
// parameters, what its loader streams, and what its forms answer. Browser-safe.

/** The order and the page of the reviews list, in the product page's URL beside `size`. */
export const REVIEWS_SORT_PARAM = "reviewsSort";
export const REVIEWS_PAGE_PARAM = "reviewsPage";
/** Anchors: the section, the write form, the customer's own review (the orders page links to them). */
export const REVIEWS_ANCHOR = "reviews";
export const WRITE_REVIEW_ANCHOR = "write-review";
export const OWN_REVIEW_ANCHOR = "your-review";

export interface ReviewsSection {
  list: ReviewListResponse;
  sort: ReviewSort;
  page: number;
  /** A signed-in customer: whether they may write a review, and why not. Null for a visitor. */
  viewer: { canReview: boolean; refusal: string | null } | null;
  /**
   * The contract's labels (REVIEW_FIT_LABELS, REVIEW_SORT_LABELS), sent with the data: the module
   * that holds them brings zod along, which a visitor's page has no other use for.
   */
  labels: { fit: Record<ReviewFit, string>; sort: Record<ReviewSort, string> };
  /**
   * The Product's JSON-LD with these figures and reviews, as the script's text: built on the server
   * (app/lib/structured-data.server.ts), so the page's code does not carry the builder.
   */
  ld: string;
}

/** The section when its data could not be read: the Product's JSON-LD, without reviews, is still written. */
export interface ReviewsUnavailable {
  unavailable: true;
  ld: string;
}

export type ReviewsPart = ReviewsSection | ReviewsUnavailable;

/** What a review form's post answers (a 4xx carries the form's `fields` too). */
export interface ReviewAnswer {
  ok: boolean;
  intent: string;
  reviewId: string | null;
  message: string;
  fields?: Record<string, string>;
  /** What was posted, so a form answered without JavaScript shows it again. */
  values?: Record<string, string>;
}

/** The one fetcher every review form posts through: the section's toasts read its answers. */
export const REVIEW_FETCHER = "product-review";

/**
 * The product page showing an order and page of its reviews: the other parameters (`size`) are
 * kept, the default order is left out. The page is always named: the reviews' own addresses render
 * them in the document, so they show without JavaScript too (routes/product.$productId.tsx).
 */
export function reviewsHref(pathname: string, search: string, sort: ReviewSort, page: number): string {
  const params = new URLSearchParams(search);
  params.delete(REVIEWS_SORT_PARAM);
  if (sort !== "newest") params.set(REVIEWS_SORT_PARAM, sort);
  params.set(REVIEWS_PAGE_PARAM, String(page));
  return `${pathname}?${params}#${REVIEWS_ANCHOR}`;
}

/** Whether the address asks for the reviews themselves (reviewsHref): then they are in the document. */
export const asksForReviews = (params: URLSearchParams) =>
  params.has(REVIEWS_PAGE_PARAM) || params.has(REVIEWS_SORT_PARAM);

/** The orders page's way to the product's review form, or to the review the customer wrote. */
export const reviewLink = (productId: string, reviewId: string | null) =>
  `/product/${productId}?${REVIEWS_PAGE_PARAM}=1#${reviewId ? OWN_REVIEW_ANCHOR : WRITE_REVIEW_ANCHOR}`;
