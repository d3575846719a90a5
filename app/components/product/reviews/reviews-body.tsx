import { Suspense, useEffect } from "react";
import { Link, useLocation } from "react-router";
import { Stars } from "#app/components/icons.tsx";
import { lazyPart } from "#app/lib/lazy-part.ts";
import {
  OWN_REVIEW_ANCHOR,
  type ReviewAnswer,
  type ReviewsSection,
  reviewLink,
  reviewsHref,
  WRITE_REVIEW_ANCHOR,
} from "#app/lib/reviews.ts";
import type { Review, ReviewFit, ReviewSort, ReviewSummary } from "#contract/reviews.ts";

// The reviews section's content (docs/storefront/reviews-on-the-product-page.md), a chunk of its own
// fetched as the page loads (product-reviews.tsx). Everything a visitor sees here is plain markup and
// links, styled by the `rv-*` classes of app/app.css. The forms (write, edit, delete, report) are a
// chunk of their own, fetched only where a signed-in customer has one to use.
const forms = () => import("./review-forms.tsx");
const WriteReview = lazyPart(forms, (m) => m.WriteReview);
const OwnReviewActions = lazyPart(forms, (m) => m.OwnReviewActions);
const ReportReview = lazyPart(forms, (m) => m.ReportReview);

type Labels = ReviewsSection["labels"];

const percent = (n: number, of: number) => `${of > 0 ? Math.round((n / of) * 100) : 0}%`;
const rated = (n: number) => `Rated ${n} out of 5`;
const starsText = (n: number) => (n === 1 ? "1 star" : `${n} stars`);

function Summary({ summary: s, labels }: { summary: ReviewSummary; labels: Labels }) {
  const fits = s.fit.small + s.fit.true + s.fit.large;
  const average = s.ratingsAverage.toFixed(1);
  return (
    <div className="rv-summary" data-testid="reviews-summary">
      <div className="flex items-center gap-3">
        <span className="font-bold text-4xl">{average}</span>
        <div>
          <span role="img" aria-label={rated(Number(average))}>
            <Stars value={s.ratingsAverage} size={18} />
          </span>
          <p className="rv-muted">
            Based on {s.ratingsQuantity} {s.ratingsQuantity === 1 ? "review" : "reviews"}
          </p>
        </div>
      </div>
      <ul aria-label="Reviews by stars" className="rv-histogram">
        {([5, 4, 3, 2, 1] as const).map((n) => (
          <li key={n} data-testid={`histogram-${n}`}>
            <span className="w-14 shrink-0">{starsText(n)}</span>
            <span aria-hidden="true" className="rv-bar flex-1">
              <span style={{ width: percent(s.histogram[n], s.ratingsQuantity) }} />
            </span>
            <span className="rv-muted w-8 shrink-0 text-right">{s.histogram[n]}</span>
          </li>
        ))}
      </ul>
      {fits > 0 && (
        <div>
          <h3 className="mb-2 font-semibold text-sm">Fit</h3>
          <div aria-hidden="true" className="rv-bar rv-fit">
            {(Object.keys(labels.fit) as ReviewFit[]).map((f) => (
              <span key={f} data-fit={f} style={{ width: percent(s.fit[f], fits) }} />
            ))}
          </div>
          <ul className="rv-fit-legend rv-muted" data-testid="fit-summary">
            {(Object.keys(labels.fit) as ReviewFit[]).map((f) => (
              <li key={f} data-fit={f}>
                {labels.fit[f]} {percent(s.fit[f], fits)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * A date as the shop shows a review's: the same text on the server and in the browser (UTC). One
 * formatter for all: `toLocaleDateString` builds a new one per call, which was 2 % of a product
 * page's server time (bench/results/scale-2026-11-26-prof.md).
 */
const DAY = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const day = (iso: string) => DAY.format(new Date(iso));

function ReviewCard({
  review: r,
  labels,
  own,
  children,
}: {
  review: Review;
  labels: Labels;
  own?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <article
      id={own ? OWN_REVIEW_ANCHOR : undefined}
      aria-labelledby={`review-${r._id}`}
      className={own ? "rv-card rv-own" : "rv-card"}
    >
      {own && <p className="rv-own-mark">Your review</p>}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span role="img" aria-label={rated(r.rating)}>
          <Stars value={r.rating} />
        </span>
        <h3 id={`review-${r._id}`} className="font-semibold">
          {r.title}
        </h3>
      </div>
      <p className="rv-muted rv-byline">
        {r.author} · <time dateTime={r.createdAt}>{day(r.createdAt)}</time>
        {r.verifiedBuyer && <span className="rv-verified">Verified buyer</span>}
      </p>
      <p className="mt-1 text-sm">
        <span className="rv-muted">Fit:</span> {labels.fit[r.fit]}
      </p>
      <p className="rv-text">{r.text}</p>
      {own && r.hidden && <p className="rv-note">The shop has hidden this review: only you can see it.</p>}
      {children}
    </article>
  );
}

/** What the section's parts are given: its data, the product, and the answer to a form posted without JavaScript. */
interface SectionProps {
  section: ReviewsSection;
  productId: string;
  posted?: ReviewAnswer;
}

/** Where the write form goes: the form, why there is none, or the way to log in. */
function WriteArea({ section, productId, posted }: SectionProps) {
  const { viewer } = section;
  return (
    <div id={WRITE_REVIEW_ANCHOR} className="scroll-mt-20">
      {!viewer ? (
        <p className="rv-muted">
          <Link
            to={`/auth/log-in?redirectTo=${encodeURIComponent(reviewLink(productId, null))}`}
            className="rv-link"
          >
            Log in to write a review
          </Link>{" "}
          (for customers who have received this product).
        </p>
      ) : viewer.canReview ? (
        <Suspense fallback={null}>
          <WriteReview posted={posted} />
        </Suspense>
      ) : (
        <p className="rv-muted" data-testid="review-refusal">
          {viewer.refusal}
        </p>
      )}
    </div>
  );
}

export function ReviewsBody({ section, productId, posted }: SectionProps) {
  const { pathname, search, hash } = useLocation();
  const { list, viewer, labels, sort, page } = section;
  const mine = list.mine;
  const others = list.data.filter((r) => r._id !== mine?._id);
  const pages = list.paginationResults.numberOfPages;
  const href = (s: ReviewSort, p: number) => reviewsHref(pathname, search, s, p);
  // A link from elsewhere (the orders page) to the form or the customer's review: the section
  // streams in after the page, so the browser found no such place when it looked.
  useEffect(() => {
    if (hash === `#${WRITE_REVIEW_ANCHOR}` || hash === `#${OWN_REVIEW_ANCHOR}`)
      document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <div className="rv-grid">
      <Summary summary={list.summary} labels={labels} />
      <div className="flex min-w-0 flex-col gap-5">
        {!mine && <WriteArea section={section} productId={productId} posted={posted} />}
        {list.summary.ratingsQuantity > 0 && (
          <nav aria-label="Sort reviews" className="flex flex-wrap items-center gap-2">
            <span className="rv-muted">Sort by:</span>
            {(Object.keys(labels.sort) as ReviewSort[]).map((s) => (
              <Link
                key={s}
                to={href(s, 1)}
                preventScrollReset
                aria-current={s === sort ? "true" : undefined}
                className="chip h-8 px-3"
              >
                {labels.sort[s]}
              </Link>
            ))}
          </nav>
        )}
        {mine || others.length > 0 ? (
          <div className="rv-list" data-testid="reviews-list">
            {mine && (
              <ReviewCard review={mine} labels={labels} own>
                <Suspense fallback={null}>
                  <OwnReviewActions review={mine} posted={posted} />
                </Suspense>
              </ReviewCard>
            )}
            {others.map((review) => (
              <ReviewCard key={review._id} review={review} labels={labels}>
                {viewer && (
                  <Suspense fallback={null}>
                    <ReportReview review={review} posted={posted} />
                  </Suspense>
                )}
              </ReviewCard>
            ))}
          </div>
        ) : (
          <p className="rv-muted">
            {list.summary.ratingsQuantity === 0 ? (
              "No reviews yet."
            ) : (
              <Link to={href(sort, 1)} className="rv-link">
                See the first page of reviews
              </Link>
            )}
          </p>
        )}
        {pages > 1 && (
          // Earlier and later reviews, staying at the section (docs/storefront/reviews-on-the-product-page.md#choices).
          <nav aria-label="Review pages" className="flex items-center gap-3">
            {page > 1 && (
              <Link to={href(sort, page - 1)} preventScrollReset className="chip">
                Previous
              </Link>
            )}
            <span className="rv-muted">
              Page {Math.min(page, pages)} of {pages}
            </span>
            {page < pages && (
              <Link to={href(sort, page + 1)} preventScrollReset className="chip">
                Next
              </Link>
            )}
          </nav>
        )}
      </div>
    </div>
  );
}
