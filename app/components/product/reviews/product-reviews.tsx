import { Suspense, useEffect } from "react";
import { Await, useFetcher } from "react-router";
import { lazyPart } from "#app/lib/lazy-part.ts";
import {
  REVIEW_FETCHER,
  REVIEWS_ANCHOR,
  REVIEWS_PAGE_PARAM,
  type ReviewAnswer,
  type ReviewsPart,
} from "#app/lib/reviews.ts";
import { notify } from "#app/lib/toast.ts";
import type { ProductDetail } from "#contract/catalog.ts";

// docs/storefront/reviews-on-the-product-page.md. The section's data streams in after the product;
// its content is rendered on the server with the page (lazyPart), its code is a chunk of its own.

// Fetched apart from the page's own code, at once: holding it back until the section is in view
// also held back every later update of the page (React will not commit a transition past a part
// still waiting to hydrate), so a click on Add to cart did nothing.
const ReviewsBody = lazyPart(
  () => import("./reviews-body.tsx"),
  (m) => m.ReviewsBody,
);

const UNAVAILABLE = "We couldn't load the reviews.";

function ReviewsSkeleton() {
  return (
    <div className="rv-grid" aria-hidden="true">
      <div className="skeleton h-48 rounded-2xl" />
      <div className="skeleton h-48 rounded-2xl" />
    </div>
  );
}

/** The product's reviews: streamed in after the product, behind a skeleton; a failure says so here only. */
export function ProductReviews({
  product,
  reviews,
  posted,
}: {
  product: ProductDetail;
  reviews: ReviewsPart | Promise<ReviewsPart>;
  posted?: ReviewAnswer;
}) {
  // The forms' answers, told here: a form that did its job is gone by then (a review written, deleted).
  const answer = useFetcher<ReviewAnswer>({ key: REVIEW_FETCHER }).data;
  useEffect(() => {
    if (answer && (answer.ok || !answer.fields)) void notify(answer.ok ? "success" : "error", answer.message);
  }, [answer]);
  return (
    <section id={REVIEWS_ANCHOR} aria-labelledby="reviews-title" className="mt-16 scroll-mt-20">
      <h2 id="reviews-title" className="section-title mb-5">
        CUSTOMER REVIEWS
      </h2>
      <Suspense
        fallback={
          <>
            <ReviewsSkeleton />
            {/* Streamed parts need a script to show: without one, the reviews' own address has them in the page. */}
            <noscript>
              <a
                href={`/product/${product._id}?${REVIEWS_PAGE_PARAM}=1#${REVIEWS_ANCHOR}`}
                className="rv-link"
              >
                Show the reviews
              </a>
            </noscript>
          </>
        }
      >
        <Await resolve={reviews} errorElement={<p className="rv-muted">{UNAVAILABLE}</p>}>
          {(section) => (
            <>
              {/* The Product's JSON-LD, with the reviews' figures (or without, if they failed). */}
              <script
                type="application/ld+json"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped on the server (scriptJson)
                dangerouslySetInnerHTML={{ __html: section.ld }}
              />
              {"unavailable" in section ? (
                <p className="rv-muted">{UNAVAILABLE}</p>
              ) : (
                // Only after a client-side navigation, while the section's code loads (no skeleton: nothing is loading yet).
                <Suspense fallback={<div className="min-h-48" />}>
                  <ReviewsBody section={section} productId={product._id} posted={posted} />
                </Suspense>
              )}
            </>
          )}
        </Await>
      </Suspense>
    </section>
  );
}
