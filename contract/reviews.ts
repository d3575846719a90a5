import { z } from "zod";
import { trimmedText } from "./accounts.ts";
import { paginationResults } from "./catalog.ts";
import { ID_PATTERN, MAX_PAGE, one, wholeNumber } from "./query.ts";

// Reviews from verified buyers (docs/storefront/reviews.md): what a customer writes, how the product
// page and the API list them, and what staff send to hide or restore one.

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_TITLE_MIN = 3;
export const REVIEW_TITLE_MAX = 100;
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REASON_MAX = 500;
/** Reviews on one page of the product page's list (and the API's default `limit`). */
export const REVIEWS_PAGE_SIZE = 5;
export const REVIEWS_MAX_LIMIT = 50;

export const REVIEW_FITS = ["small", "true", "large"] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];
export const REVIEW_FIT_LABELS: Record<ReviewFit, string> = {
  small: "Runs small",
  true: "True to size",
  large: "Runs large",
};

export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  newest: "Newest",
  highest: "Highest rated",
  lowest: "Lowest rated",
};

const ratingMessage = "Rating must be a whole number of stars from 1 to 5.";
const fitMessage = "Fit must be one of: small, true, large.";

/**
 * Markup is taken out of a review's text before it is stored: a script or style with its content,
 * comments, tags, and then any `<` or `>` left (so `<<b>script>` cannot become a tag once the inner
 * one is gone). Reviews are plain text wherever they are shown. `3 < 4` keeps its 4: only `<`
 * followed by a letter, `/` or `!` starts a tag.
 */
export function plainText(text: string): string {
  return text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?(-->|$)/g, " ")
    .replace(/<[/!]?[a-zA-Z][^<>]*>?/g, " ")
    .replace(/[<>]/g, " ")
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function reviewText(label: string, min: number, max: number) {
  return z.preprocess(
    (v) => (typeof v === "string" ? plainText(v) : v === undefined || v === null ? "" : v),
    z
      .string({ message: `${label} is required.` })
      // An empty field is only "required", not also too short.
      .min(1, { message: `${label} is required.`, abort: true })
      .min(min, { message: `${label} should be at least ${min} characters.` })
      .max(max, { message: `${label} should be at most ${max} characters.` }),
  );
}

/** A rating from a JSON number or a form's text ("4"). */
const rating = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v === "" ? undefined : v),
  z
    .number({ message: ratingMessage })
    .int({ message: ratingMessage })
    .min(REVIEW_RATING_MIN, { message: ratingMessage })
    .max(REVIEW_RATING_MAX, { message: ratingMessage }),
);

/** POST /products/{id}/reviews and PUT /reviews/{id}: the whole review. */
export const reviewBody = z.object({
  rating,
  title: reviewText("Title", REVIEW_TITLE_MIN, REVIEW_TITLE_MAX),
  text: reviewText("Review", REVIEW_TEXT_MIN, REVIEW_TEXT_MAX),
  fit: z.enum(REVIEW_FITS, { message: fitMessage }),
});
export type ReviewBody = z.infer<typeof reviewBody>;

const reason = (required: string) =>
  trimmedText(
    z
      .string({ message: required })
      .min(1, { message: required })
      .max(REVIEW_REASON_MAX, { message: `Reason must be at most ${REVIEW_REASON_MAX} characters.` }),
  );

/** PATCH /reviews/{id} (staff): hide with a reason, or restore (`hidden: false`, the reason optional). */
export const reviewModerationBody = z
  .object({
    hidden: z.boolean({ message: "Hidden must be true or false." }),
    reason: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v === null ? undefined : v),
      z
        .string({ message: "Reason must be text." })
        .max(REVIEW_REASON_MAX, { message: `Reason must be at most ${REVIEW_REASON_MAX} characters.` })
        .optional(),
    ),
  })
  .superRefine((body, issue) => {
    if (body.hidden && !body.reason) {
      issue.addIssue({ code: "custom", path: ["reason"], message: "Reason is required to hide a review." });
    }
  });
export type ReviewModerationBody = z.infer<typeof reviewModerationBody>;

/** POST /reviews/{id}/reports: why a customer reports a review. */
export const reviewReportBody = z.object({ reason: reason("Reason is required.") });
export type ReviewReportBody = z.infer<typeof reviewReportBody>;

export const reviewIdParams = z.object({
  id: z.string().regex(ID_PATTERN, { message: "id must be a 24-character id." }),
});

/** GET /products/{id}/reviews. */
export const reviewListQuery = z.object({
  page: one("page", wholeNumber("page", 1, MAX_PAGE)).default(1),
  limit: one("limit", wholeNumber("limit", 1, REVIEWS_MAX_LIMIT)).default(REVIEWS_PAGE_SIZE),
  sort: one(
    "sort",
    z.enum(REVIEW_SORTS, { message: `sort must be one of: ${REVIEW_SORTS.join(", ")}` }),
  ).default("newest"),
});
export type ReviewListQuery = z.infer<typeof reviewListQuery>;

export const review = z.object({
  _id: z.string(),
  product: z.string(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  fit: z.enum(REVIEW_FITS),
  /** The author as the shop shows them: first name and the last name's initial. */
  author: z.string(),
  /** Every review comes from a customer with a delivered order of the product. */
  verifiedBuyer: z.literal(true),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Present for the author and staff only: the review is hidden from everyone else. */
  hidden: z.boolean().optional(),
});
export type Review = z.infer<typeof review>;

/** The product's figures from its visible reviews: average, count, stars 5 to 1, and fit. */
export const reviewSummary = z.object({
  ratingsAverage: z.number(),
  ratingsQuantity: z.number().int(),
  histogram: z.object({ 5: z.number(), 4: z.number(), 3: z.number(), 2: z.number(), 1: z.number() }),
  fit: z.object({ small: z.number(), true: z.number(), large: z.number() }),
});
export type ReviewSummary = z.infer<typeof reviewSummary>;

export const reviewListResponse = z.object({
  results: z.number().int(),
  paginationResults,
  summary: reviewSummary,
  /** The signed-in customer's own review of the product, wherever it falls in the order (or null). */
  mine: review.nullable(),
  data: z.array(review),
});
export type ReviewListResponse = z.infer<typeof reviewListResponse>;

export const reviewResponse = z.object({ data: review });
