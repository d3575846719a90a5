import { Fragment, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { ErrorBox, TextField } from "#app/components/form-controls.tsx";
import { REVIEW_FETCHER, type ReviewAnswer } from "#app/lib/reviews.ts";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import {
  REVIEW_FIT_LABELS,
  REVIEW_FITS,
  REVIEW_REASON_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
  type Review,
  reviewBody,
  reviewReportBody,
} from "#contract/reviews.ts";

// The reviews section's forms (docs/storefront/reviews-on-the-product-page.md#forms), loaded only
// for a signed-in customer who has one to use (product-reviews.tsx). Each posts to the product
// page's action: through the section's fetcher once the page has hydrated, as a plain form before.
// Disclosures (<details>) hold the edit, delete and report forms, so they open without a script.

/** The section's fetcher, and whether it is busy with this form's post. */
function useReviewFetcher(intent: string, reviewId?: string) {
  const fetcher = useFetcher<ReviewAnswer>({ key: REVIEW_FETCHER });
  const busy =
    fetcher.state !== "idle" &&
    fetcher.formData?.get("intent") === intent &&
    (reviewId === undefined || fetcher.formData?.get("reviewId") === reviewId);
  // The answer to this form: the fetcher's, or the page's own before it hydrated (`posted`).
  const answerFor = (posted: ReviewAnswer | undefined) => {
    const answer = fetcher.data ?? posted;
    return answer?.intent === intent && (reviewId === undefined || answer.reviewId === reviewId)
      ? answer
      : undefined;
  };
  return { fetcher, busy, answerFor };
}

function Busy({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <>
      {busy && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
        />
      )}
      {busy ? busyLabel : label}
    </>
  );
}

const fieldError = "text-red-700 text-sm dark:text-red-400";
const textareaClass = (error?: string) =>
  `min-h-32 rounded-lg border bg-white px-3 py-2 text-base outline-none transition focus:ring-2 dark:bg-gray-900 ${
    error
      ? "border-red-600 focus:ring-red-600/30 dark:border-red-400"
      : "border-gray-300 focus:border-brand focus:ring-brand/30 dark:border-gray-700"
  }`;

/** Stars 1 to 5 as radio inputs: each star up to the chosen one lights, with CSS only (so the inputs and labels are siblings). */
function RatingInput({ idPrefix, value, error }: { idPrefix: string; value?: string; error?: string }) {
  return (
    <fieldset aria-describedby={error ? `${idPrefix}-rating-error` : undefined}>
      <legend className="mb-1.5 font-medium text-sm">Rating</legend>
      <div className="flex w-fit text-gray-500 has-[:checked]:[&_label]:text-amber-500 [&_input:checked+label~label]:text-gray-500 dark:text-gray-400 dark:[&_input:checked+label~label]:text-gray-400">
        {[1, 2, 3, 4, 5].map((n) => (
          <Fragment key={n}>
            <input
              type="radio"
              id={`${idPrefix}-rating-${n}`}
              name="rating"
              value={n}
              defaultChecked={value === String(n)}
              className="sr-only"
            />
            <label
              htmlFor={`${idPrefix}-rating-${n}`}
              className="cursor-pointer rounded p-0.5 [input:focus-visible+&]:outline-2 [input:focus-visible+&]:outline-brand dark:[input:focus-visible+&]:outline-indigo-300"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-8">
                <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
              </svg>
              <span className="sr-only">{n === 1 ? "1 star" : `${n} stars`}</span>
            </label>
          </Fragment>
        ))}
      </div>
      {error && (
        <p id={`${idPrefix}-rating-error`} className={fieldError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function FitInput({ idPrefix, value, error }: { idPrefix: string; value?: string; error?: string }) {
  return (
    <fieldset aria-describedby={error ? `${idPrefix}-fit-error` : undefined}>
      <legend className="mb-1.5 font-medium text-sm">Fit</legend>
      <div className="flex flex-wrap gap-2">
        {REVIEW_FITS.map((fit) => (
          <span key={fit}>
            <input
              type="radio"
              id={`${idPrefix}-fit-${fit}`}
              name="fit"
              value={fit}
              defaultChecked={value === fit}
              className="peer sr-only"
            />
            <label
              htmlFor={`${idPrefix}-fit-${fit}`}
              className="chip cursor-pointer peer-checked:border-brand peer-checked:bg-brand peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-brand peer-focus-visible:outline-offset-2 dark:peer-checked:border-indigo-400 dark:peer-checked:bg-indigo-400 dark:peer-checked:text-gray-950"
            >
              {REVIEW_FIT_LABELS[fit]}
            </label>
          </span>
        ))}
      </div>
      {error && (
        <p id={`${idPrefix}-fit-error`} className={fieldError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The review form: a new review, or the customer's own to edit. */
function ReviewForm({
  review,
  posted,
  onDone,
}: {
  review?: Review;
  posted?: ReviewAnswer;
  onDone?: () => void;
}) {
  const intent = review ? "review-update" : "review-create";
  const { fetcher, busy, answerFor } = useReviewFetcher(intent, review?._id);
  const { formProps, errorFor } = useFormValidation(reviewBody);
  const answer = answerFor(posted);
  const failed = answer && !answer.ok ? answer : undefined;
  // The browser's checks on what is typed come first; the server's answer to the last post after.
  const error = (name: string) => errorFor(name) ?? (busy ? undefined : failed?.fields?.[name]);
  const shown = failed?.values ?? (review ? { ...review, rating: String(review.rating) } : {});
  const idPrefix = review ? "edit" : "new";
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => {
    if (fetcher.data?.ok && fetcher.data.intent === intent) onDone?.();
  }, [fetcher.data]);
  return (
    <fetcher.Form
      method="post"
      {...formProps}
      className="flex flex-col gap-4"
      aria-label={review ? "Edit your review" : "Write a review"}
    >
      <input type="hidden" name="intent" value={intent} />
      {review && <input type="hidden" name="reviewId" value={review._id} />}
      <ErrorBox message={failed && !failed.fields ? failed.message : undefined} busy={busy} />
      {/* The quick answers first, the words after: a message that appears under a field when it is
          left moves only what is below it, never the choice being clicked. */}
      <RatingInput idPrefix={idPrefix} value={shown.rating} error={error("rating")} />
      <FitInput idPrefix={idPrefix} value={shown.fit} error={error("fit")} />
      <TextField
        label="Title"
        name="title"
        defaultValue={shown.title}
        maxLength={REVIEW_TITLE_MAX}
        error={error("title")}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${idPrefix}-text`} className="font-medium text-sm">
          Review
        </label>
        <textarea
          id={`${idPrefix}-text`}
          name="text"
          defaultValue={shown.text}
          maxLength={REVIEW_TEXT_MAX}
          rows={5}
          aria-invalid={error("text") ? true : undefined}
          aria-describedby={error("text") ? `${idPrefix}-text-error` : undefined}
          className={textareaClass(error("text"))}
        />
        {error("text") && (
          <p id={`${idPrefix}-text-error`} className={fieldError}>
            {error("text")}
          </p>
        )}
      </div>
      <button type="submit" disabled={busy} className="button-primary h-11 self-start px-6">
        <Busy
          busy={busy}
          label={review ? "Save changes" : "Post review"}
          busyLabel={review ? "Saving…" : "Posting…"}
        />
      </button>
    </fetcher.Form>
  );
}

/** The signed-in buyer's form for a first review of the product. */
export function WriteReview({ posted }: { posted?: ReviewAnswer }) {
  return (
    <div className="rounded-2xl border border-gray-200 p-4 sm:p-5 dark:border-gray-800">
      <h3 className="mb-4 font-semibold">Write a review</h3>
      <ReviewForm posted={posted} />
    </div>
  );
}

const disclosureButton =
  "inline-flex h-9 cursor-pointer list-none items-center rounded-full border px-4 font-semibold text-sm [&::-webkit-details-marker]:hidden";

/** The customer's own review: edit it, or delete it after a confirmation. */
export function OwnReviewActions({ review, posted }: { review: Review; posted?: ReviewAnswer }) {
  const edit = useRef<HTMLDetailsElement>(null);
  const { fetcher, busy } = useReviewFetcher("review-delete", review._id);
  const editing = posted?.intent === "review-update" && !posted.ok;
  return (
    <div className="mt-3 flex flex-col gap-3">
      <details ref={edit} open={editing || undefined} className="group">
        <summary
          className={`${disclosureButton} border-gray-300 hover:bg-white dark:border-gray-700 dark:hover:bg-gray-900`}
        >
          Edit your review
        </summary>
        <div className="mt-3 rounded-2xl border border-gray-200 bg-white p-4 sm:p-5 dark:border-gray-800 dark:bg-gray-900">
          <ReviewForm
            review={review}
            posted={posted}
            onDone={() => {
              if (edit.current) edit.current.open = false;
            }}
          />
        </div>
      </details>
      <details>
        <summary
          className={`${disclosureButton} border-red-300 text-red-700 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950`}
        >
          Delete your review
        </summary>
        <fetcher.Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="review-delete" />
          <input type="hidden" name="reviewId" value={review._id} />
          <p className="text-sm">Delete your review of this product? This cannot be undone.</p>
          <button
            type="submit"
            disabled={busy}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-full bg-red-700 px-4 font-semibold text-sm text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-gray-400"
          >
            <Busy busy={busy} label="Yes, delete it" busyLabel="Deleting…" />
          </button>
        </fetcher.Form>
      </details>
    </div>
  );
}

/** Another customer's review: report it to the shop, with a reason. */
export function ReportReview({ review, posted }: { review: Review; posted?: ReviewAnswer }) {
  const details = useRef<HTMLDetailsElement>(null);
  const { fetcher, busy, answerFor } = useReviewFetcher("review-report", review._id);
  const { formProps, errorFor } = useFormValidation(reviewReportBody);
  const answer = answerFor(posted);
  const id = `report-${review._id}`;
  const error = errorFor("reason") ?? (busy || answer?.ok ? undefined : answer?.fields?.reason);
  useEffect(() => {
    if (answer?.ok && details.current) details.current.open = false;
  }, [answer]);
  if (answer?.ok)
    return <p className="mt-2 text-gray-600 text-sm dark:text-gray-400">Reported. Thank you.</p>;
  return (
    <details ref={details} open={(answer && !answer.ok) || undefined} className="mt-2">
      <summary className="inline-flex cursor-pointer list-none text-gray-600 text-sm underline underline-offset-2 hover:no-underline dark:text-gray-400 [&::-webkit-details-marker]:hidden">
        Report<span className="sr-only"> the review “{review.title}”</span>
      </summary>
      <fetcher.Form method="post" {...formProps} className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="intent" value="review-report" />
        <input type="hidden" name="reviewId" value={review._id} />
        <ErrorBox message={answer && !answer.ok && !answer.fields ? answer.message : undefined} busy={busy} />
        <label htmlFor={id} className="font-medium text-sm">
          Why should the shop look at this review?
        </label>
        <textarea
          id={id}
          name="reason"
          rows={2}
          maxLength={REVIEW_REASON_MAX}
          defaultValue={answer?.values?.reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={textareaClass(error).replace("min-h-32", "min-h-16")}
        />
        {error && (
          <p id={`${id}-error`} className={fieldError}>
            {error}
          </p>
        )}
        <button type="submit" disabled={busy} className="button-primary self-start">
          <Busy busy={busy} label="Send report" busyLabel="Sending…" />
        </button>
      </fetcher.Form>
    </details>
  );
}
