import type { Context } from "hono";
import { z } from "zod";
import { messageResponse } from "#contract/accounts.ts";
import { errorResponse } from "#contract/catalog.ts";
import {
  REVIEW_FITS,
  REVIEW_REASON_MAX,
  REVIEW_SORTS,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_MIN,
  reviewBody,
  reviewIdParams,
  reviewListQuery,
  reviewListResponse,
  reviewModerationBody,
  reviewReportBody,
  reviewResponse,
} from "#contract/reviews.ts";
import { listReviews } from "#core/reviews/review-lists.ts";
import { NOT_A_BUYER } from "#core/reviews/review-rows.ts";
import {
  ALREADY_REVIEWED,
  createReview,
  deleteReview,
  moderateReview,
  REVIEW_LIMITS,
  reportReview,
  updateReview,
} from "#core/reviews/review-writes.ts";
import type { Staff } from "#core/staff/roles.ts";
import { defineOperation } from "./operation.ts";

// Reviews from verified buyers (docs/storefront/reviews.md): the product's list for anyone, writing,
// editing and deleting one's own, reporting another's, and staff hiding or restoring one
// (docs/decisions/057-reviews.md).

const me = (c: Context) => c.get("session").customerId as string;
const staff = (c: Context) => c.get("staff") as Staff;
/** Any text is looked up, as GET /products/{id} does: what is no product's id is a 404. */
const productParam = z.object({ id: z.string() });

const NO_PRODUCT = "`No product for this ID: {id}.`";
const NO_REVIEW =
  "`No review for this ID: {id}.`: no such review, or (for its author's calls) another customer's.";
const BAD_ID = "The id is not 24 hex characters (`errors` names `id`).";
const BODY_RULES = `\`rating\` a whole number from 1 to 5; \`title\` ${REVIEW_TITLE_MIN}–${REVIEW_TITLE_MAX} characters and \`text\` ${REVIEW_TEXT_MIN}–${REVIEW_TEXT_MAX}, both plain text (markup is taken out before the lengths are checked: \`<b>Great</b> fit\` is stored as \`Great fit\`); \`fit\` one of ${REVIEW_FITS.join(", ")}.`;
const BAD_BODY = `A field is missing or wrong; \`errors\` names each (${BODY_RULES})`;
const WRITE_LIMIT = `At most ${REVIEW_LIMITS.writesPerCustomer.limit} review writes (new, edit, delete) per customer an hour: \`${REVIEW_LIMITS.writesPerCustomer.message}\``;

export const reviewOperations = [
  defineOperation(
    {
      method: "get",
      path: "/products/{id}/reviews",
      access: "viewer",
      errorBody: errorResponse,
      summary: "A product's reviews, a page at a time",
      description: `The visible reviews of the product in the order \`sort\` names (${REVIEW_SORTS.join(", ")}; newest by default), with \`summary\`: the product's \`ratingsAverage\` and \`ratingsQuantity\` (the figures every product list shows), how many visible reviews give each number of stars and each fit. \`paginationResults\` counts the visible reviews. With a customer's token, \`mine\` is their own review of the product wherever it falls in the order, hidden or not (\`hidden\` says which); otherwise null. Hidden reviews are in no one else's list.`,
      unparsedParams: productParam,
      query: reviewListQuery,
      ok: {
        status: "200",
        description: "A page of reviews and the product's figures.",
        schema: reviewListResponse,
      },
      fails: { "404": NO_PRODUCT },
    },
    async (c, { query }, { ctx }) =>
      c.json(await listReviews(ctx, c.req.param("id") as string, query, c.get("customerId"))),
  ),
  defineOperation(
    {
      method: "post",
      path: "/products/{id}/reviews",
      access: "customer",
      errorBody: errorResponse,
      summary: "Review a product the customer has received",
      description: `Only a customer with an order of the product that was delivered (or delivered and then returned) may review it, once; the product's \`ratingsAverage\` and \`ratingsQuantity\` change in the same transaction. ${BODY_RULES}`,
      unparsedParams: productParam,
      body: reviewBody,
      ok: { status: "201", description: "Written: the review, with its `_id`.", schema: reviewResponse },
      fails: {
        "400": BAD_BODY,
        "403": `The customer has not received the product: \`${NOT_A_BUYER}\``,
        "404": NO_PRODUCT,
        "409": `The customer has reviewed this product already: \`${ALREADY_REVIEWED}\``,
        "429": WRITE_LIMIT,
      },
    },
    async (c, { body }, { ctx }) =>
      c.json({ data: await createReview(ctx, me(c), c.req.param("id") as string, body) }, 201),
  ),
  defineOperation(
    {
      method: "put",
      path: "/reviews/{id}",
      access: "customer",
      errorBody: errorResponse,
      summary: "Edit the customer's own review",
      description: `Replaces the review's rating, title, text and fit (all four are sent); the product's figures follow. ${BODY_RULES}`,
      params: reviewIdParams,
      body: reviewBody,
      ok: { status: "200", description: "The review as it is now.", schema: reviewResponse },
      fails: { "400": `${BAD_ID} Or: ${BAD_BODY}`, "404": NO_REVIEW, "429": WRITE_LIMIT },
    },
    async (c, { params, body }, { ctx }) => c.json({ data: await updateReview(ctx, me(c), params.id, body) }),
  ),
  defineOperation(
    {
      method: "delete",
      path: "/reviews/{id}",
      access: "customer",
      errorBody: errorResponse,
      summary: "Delete the customer's own review",
      description:
        "The review and its reports are gone and the product's figures follow; the customer may review the product again.",
      params: reviewIdParams,
      ok: { status: "200", description: "Deleted.", schema: messageResponse },
      fails: { "400": BAD_ID, "404": NO_REVIEW, "429": WRITE_LIMIT },
    },
    async (c, { params }, { ctx }) => {
      await deleteReview(ctx, me(c), params.id);
      return c.json({ status: "Success" as const, message: "Your review is deleted." });
    },
  ),
  defineOperation(
    {
      method: "patch",
      path: "/reviews/{id}",
      access: "manager",
      errorBody: errorResponse,
      summary: "Hide a review (with a reason) or restore it",
      description: `\`{ "hidden": true, "reason": "…" }\` hides the review: it leaves every list but its author's and counts in no figure. \`{ "hidden": false }\` restores it. \`reason\` (at most ${REVIEW_REASON_MAX} characters) is required to hide. Sending what the review already is changes nothing and answers the same. Each change is audited as \`review.hide\` or \`review.restore\`.`,
      params: reviewIdParams,
      body: reviewModerationBody,
      ok: {
        status: "200",
        description: "The review, with `hidden` saying where it stands.",
        schema: reviewResponse,
      },
      fails: {
        "400": `${BAD_ID} Or \`hidden\` is not true or false, or \`reason\` is missing to hide or too long (\`errors\` names the field).`,
        "404": "`No review for this ID: {id}.`",
      },
    },
    async (c, { params, body }, { ctx }) =>
      c.json({ data: (await moderateReview(ctx, staff(c), params.id, body)).review }),
  ),
  defineOperation(
    {
      method: "post",
      path: "/reviews/{id}/reports",
      access: "customer",
      errorBody: errorResponse,
      summary: "Report another customer's review to the staff",
      description: `\`reason\` (1–${REVIEW_REASON_MAX} characters) says what is wrong. A customer's report of a review counts once: reporting it again answers 200 and changes nothing. At most ${REVIEW_LIMITS.reportsPerCustomer.limit} reports per customer an hour.`,
      params: reviewIdParams,
      body: reviewReportBody,
      ok: { status: "201", description: "Reported (200: reported already).", schema: messageResponse },
      fails: {
        "400": `${BAD_ID} Or \`reason\` is missing or too long, or the review is the customer's own: \`You cannot report your own review.\``,
        "404": "`No review for this ID: {id}.`: no such review, or a hidden one.",
        "429": `\`${REVIEW_LIMITS.reportsPerCustomer.message}\``,
      },
    },
    async (c, { params, body }, { ctx }) => {
      const first = await reportReview(ctx, me(c), params.id, body);
      return c.json(
        {
          status: "Success" as const,
          message: first
            ? "Thank you. The review is reported to the shop's staff."
            : "You have reported this review already.",
        },
        first ? 201 : 200,
      );
    },
  ),
];
