import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { ErrorBox, NoticeBox, useBusy } from "#app/components/form-controls.tsx";
import { Stars } from "#app/components/icons.tsx";
import type { FormFailure } from "#app/lib/form-action.server.ts";
import { REVIEW_FIT_LABELS, REVIEW_REASON_MAX } from "#contract/reviews.ts";
import type { ModerationOutcome } from "#core/reviews/review-writes.ts";
import type { StaffReview, StaffReviewFilter } from "#core/reviews/staff-reviews.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { shownTime } from "../audit-trail.tsx";
import { type AdminColumn, DataTable, withParams } from "../data-table.tsx";
import type { ModerationIntent } from "./review-moderation.server.ts";

// /admin/reviews (docs/back-office/reviews.md): every review, the reported ones, or the hidden ones,
// each with its reports and state; a visible one is hidden with a reason, a hidden one restored.

export interface ReviewListPageData {
  rows: StaffReview[];
  total: number;
  page: number;
  numberOfPages: number;
  filter: StaffReviewFilter;
  /** The product whose reviews alone are listed (`?product=`), or "". */
  product: string;
  /** Parameters of the URL that were not understood, and why (the table shows without them). */
  queryErrors: Record<string, string>;
  /** The review whose Hide form is open (`?hide=`). */
  hide: string | null;
}

/** What a row's post answers: the review changed (or already so), or why not. */
export type ReviewActionData =
  | {
      intent: ModerationIntent;
      id: string;
      changed: boolean;
      outcome: ModerationOutcome;
      title: string;
      author: string;
    }
  | (FormFailure & { intent?: ModerationIntent; id?: string; reason?: string });

const TABS: { filter: StaffReviewFilter; label: string }[] = [
  { filter: "all", label: "All" },
  { filter: "reported", label: "Reported" },
  { filter: "hidden", label: "Hidden" },
];

const EMPTY: Record<StaffReviewFilter, string> = {
  all: "No reviews yet.",
  reported: "No reported reviews waiting.",
  hidden: "No hidden reviews.",
};

/** Reports listed in the row; more fold away, so one much-reported review does not fill the page. */
const REPORTS_SHOWN = 3;

/** The list's URL without the Hide form: where the forms post and Cancel goes. */
const listUrl = (search: URLSearchParams) => `/admin/reviews${withParams(search, { hide: undefined })}`;

const quoted = (review: Pick<StaffReview, "title" | "author">) => `“${review.title}” by ${review.author}`;

function Reports({ review }: { review: StaffReview }) {
  if (review.reportCount === 0) return <span className="text-gray-600 dark:text-gray-400">None</span>;
  const reasons = (list: StaffReview["reports"]) => (
    <ul className="mt-1 flex list-disc flex-col gap-1 pl-4">
      {list.map((report) => (
        <li key={`${report.createdAt}-${report.reason}`} className="whitespace-pre-line break-words">
          {report.reason}
        </li>
      ))}
    </ul>
  );
  const rest = review.reports.slice(REPORTS_SHOWN);
  return (
    <div className="min-w-36 max-w-56">
      <p className="font-semibold">
        {review.reportCount} {review.reportCount === 1 ? "report" : "reports"}
      </p>
      {reasons(review.reports.slice(0, REPORTS_SHOWN))}
      {rest.length > 0 && (
        <details className="mt-1">
          <summary className="cursor-pointer underline">{rest.length} more</summary>
          {reasons(rest)}
        </details>
      )}
    </div>
  );
}

function State({ review }: { review: StaffReview }) {
  if (!review.hidden)
    return (
      <span className="inline-block rounded-full bg-emerald-100 px-2 py-0.5 font-medium text-emerald-900 text-xs dark:bg-emerald-950 dark:text-emerald-200">
        Visible
      </span>
    );
  return (
    <div className="min-w-32 max-w-48">
      <span className="inline-block rounded-full bg-red-100 px-2 py-0.5 font-medium text-red-900 text-xs dark:bg-red-950 dark:text-red-200">
        Hidden
      </span>
      {review.hiddenReason && (
        <p className="mt-1 whitespace-pre-line break-words">
          <span className="text-gray-600 dark:text-gray-400">Reason: </span>
          {review.hiddenReason}
        </p>
      )}
    </div>
  );
}

/** Restore (a hidden review) or Keep (a visible one customers reported: its reports are settled). */
function SettleButton({
  review,
  search,
  intent,
}: {
  review: StaffReview;
  search: URLSearchParams;
  intent: "restore" | "keep";
}) {
  const busy = useBusy(intent);
  return (
    <Form method="post" action={listUrl(search)}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={review._id} />
      <button
        type="submit"
        disabled={busy}
        className="inline-flex h-9 items-center rounded-full border border-gray-300 px-3 font-semibold hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800"
      >
        {intent === "restore" ? "Restore" : "Keep"}
        <span className="sr-only"> the review {quoted(review)}</span>
      </button>
    </Form>
  );
}

function columns(search: URLSearchParams): AdminColumn<StaffReview>[] {
  return [
    {
      id: "review",
      header: "Review",
      cell: ({ row: { original: review } }) => (
        <div className="min-w-56 max-w-sm">
          <span role="img" aria-label={`${review.rating} out of 5 stars`} className="inline-flex">
            <Stars value={review.rating} size={14} />
          </span>
          <p className="mt-1 break-words font-semibold">{review.title}</p>
          <p className="mt-1 whitespace-pre-line break-words">{review.text}</p>
          <p className="mt-1 text-gray-600 text-xs dark:text-gray-400">
            Fit: {REVIEW_FIT_LABELS[review.fit]}
          </p>
        </div>
      ),
    },
    {
      id: "product",
      header: "Product",
      cell: ({ row }) => (
        <Link to={`/product/${row.original.product}`} className="underline">
          {row.original.productTitle}
        </Link>
      ),
    },
    {
      id: "author",
      header: "Author",
      cell: ({ row }) => (
        <div className="min-w-36 max-w-48">
          <p className="font-medium">{row.original.author}</p>
          <p className="text-gray-600 text-xs [overflow-wrap:anywhere] dark:text-gray-400">
            {row.original.authorEmail}
          </p>
        </div>
      ),
    },
    {
      id: "createdAt",
      header: "Written",
      cell: ({ row }) => (
        <time dateTime={row.original.createdAt} className="whitespace-nowrap">
          {shownTime(row.original.createdAt).slice(0, 10)}
        </time>
      ),
    },
    { id: "reports", header: "Reports", cell: ({ row }) => <Reports review={row.original} /> },
    { id: "state", header: "State", cell: ({ row }) => <State review={row.original} /> },
    {
      id: "actions",
      header: "Actions",
      cell: ({ row: { original: review } }) =>
        review.hidden ? (
          <SettleButton review={review} search={search} intent="restore" />
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Link
              to={withParams(search, { hide: review._id })}
              className="font-semibold text-red-700 underline dark:text-red-400"
            >
              Hide<span className="sr-only"> the review {quoted(review)}</span>
            </Link>
            {review.reportCount > 0 && <SettleButton review={review} search={search} intent="keep" />}
          </div>
        ),
    },
  ];
}

/** The reason's form for the review chosen with "Hide"; its textarea takes the focus when it opens. */
function HidePanel({
  review,
  search,
  failure,
}: {
  review: StaffReview;
  search: URLSearchParams;
  failure?: { message: string; fields?: Record<string, string>; reason?: string };
}) {
  const busy = useBusy("hide");
  const reason = useRef<HTMLTextAreaElement>(null);
  const error = failure?.fields?.reason;
  // A keyboard user who chose "Hide" continues in the form, not at the top of the page; a refused
  // post brings them back to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per review opened and per answer
  useEffect(() => {
    reason.current?.focus();
  }, [review._id, failure]);
  return (
    <section
      aria-labelledby="hide-title"
      className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950"
    >
      <h2 id="hide-title" className="font-semibold text-lg">
        Hide the review {quoted(review)}?
      </h2>
      <p className="mt-1 text-sm">
        It comes off the page of <strong>{review.productTitle}</strong> and stops counting in its rating; its
        author still sees it. You can restore it later.
      </p>
      {failure && !error && (
        <div className="mt-3">
          <ErrorBox message={failure.message} busy={busy} />
        </div>
      )}
      <Form method="post" action={listUrl(search)} noValidate className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value="hide" />
        <input type="hidden" name="id" value={review._id} />
        <div className="flex max-w-xl flex-col gap-1.5">
          <label htmlFor="hide-reason" className="font-medium text-sm">
            Reason
          </label>
          <textarea
            ref={reason}
            id="hide-reason"
            name="reason"
            rows={3}
            maxLength={REVIEW_REASON_MAX}
            defaultValue={failure?.reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "hide-reason-hint hide-reason-error" : "hide-reason-hint"}
            className={`rounded-lg border bg-white px-3 py-2 text-base dark:bg-gray-900 ${
              error ? "border-red-600 dark:border-red-400" : "border-gray-300 dark:border-gray-700"
            }`}
          />
          <p id="hide-reason-hint" className="text-gray-700 text-xs dark:text-gray-300">
            Required. Staff see it in this list and in the audit log; the customer is not told.
          </p>
          {error && (
            <p id="hide-reason-error" className="text-red-700 text-sm dark:text-red-300">
              {error}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={busy}
            className="inline-flex h-11 items-center rounded-full bg-red-700 px-5 font-semibold text-sm text-white hover:bg-red-800 disabled:bg-gray-400"
          >
            {busy ? "Hiding…" : "Hide review"}
          </button>
          <Link to={listUrl(search)} className="button-ghost h-11">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

function notice(result: ReviewActionData | undefined): string | undefined {
  if (!result || !("changed" in result)) return undefined;
  const which = `The review ${quoted(result)}`;
  if (result.intent === "hide")
    return result.changed
      ? `${which} is hidden: it no longer shows on the product page or counts in its rating.`
      : `${which} was already hidden.`;
  if (result.outcome === "kept") return `${which} stays visible; its reports are settled.`;
  return result.changed
    ? `${which} is visible again and counts in the product's rating.`
    : `${which} was already visible.`;
}

/** Which reviews the table shows: links, so the choice is the URL's and works without JavaScript. */
function FilterTabs({ filter, search }: { filter: StaffReviewFilter; search: URLSearchParams }) {
  return (
    <nav
      aria-label="Which reviews"
      className="mb-4 flex flex-wrap gap-1 border-gray-200 border-b dark:border-gray-800"
    >
      {TABS.map((tab) => (
        <Link
          key={tab.filter}
          to={withParams(search, {
            filter: tab.filter === "all" ? undefined : tab.filter,
            page: undefined,
            hide: undefined,
          })}
          aria-current={tab.filter === filter ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm ${
            tab.filter === filter
              ? "border-gray-900 font-semibold dark:border-gray-100"
              : "border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100"
          }`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

export function ReviewListPage({ data, result }: { data: ReviewListPageData; result?: ReviewActionData }) {
  const search = new URLSearchParams(useLocation().search);
  const failure = result && !("changed" in result) ? result : undefined;
  // The Hide form is open for `?hide=`, and again after a refused hide (the post went to the list's URL).
  const panelId = failure?.intent === "hide" ? failure.id : result ? null : data.hide;
  // A stale link to a review hidden meanwhile opens nothing: its row offers Restore instead.
  const panelReview = panelId ? data.rows.find((row) => row._id === panelId && !row.hidden) : undefined;
  const pageError = failure && !(panelReview && failure.intent === "hide") ? failure.message : undefined;
  const productTitle = data.rows[0]?.productTitle;
  const ignored = Object.entries(data.queryErrors);
  return (
    <>
      <AdminPageHeader title="Reviews" />
      {data.product && (
        <p className="mb-4 text-sm">
          Reviews of {productTitle ? <strong>{productTitle}</strong> : "one product"} ·{" "}
          <Link
            to={withParams(search, { product: undefined, page: undefined, hide: undefined })}
            className="underline"
          >
            Every product&apos;s reviews
          </Link>
        </p>
      )}
      {ignored.length > 0 && (
        <ul className="mb-4 text-amber-900 text-sm dark:text-amber-200">
          {ignored.map(([name, message]) => (
            <li key={name}>Ignored in the address: {message}</li>
          ))}
        </ul>
      )}
      <div aria-live="polite">
        {(notice(result) || pageError) && (
          <div className="mb-4 flex flex-col gap-3">
            <NoticeBox message={notice(result)} />
            <ErrorBox message={pageError} />
          </div>
        )}
      </div>
      <FilterTabs filter={data.filter} search={search} />
      {panelReview && <HidePanel review={panelReview} search={search} failure={failure} />}
      <DataTable
        caption="Reviews"
        columns={columns(search)}
        rows={data.rows}
        rowKey={(row) => row._id}
        search={search}
        sort=""
        page={data.page}
        numberOfPages={data.numberOfPages}
        total={data.total}
        empty={EMPTY[data.filter]}
      />
    </>
  );
}
