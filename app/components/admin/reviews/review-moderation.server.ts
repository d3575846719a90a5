import { z } from "zod";
import type { FormFailure } from "#app/lib/form-action.server.ts";
import { readForm } from "#app/lib/form-action.server.ts";
import { messagesByField } from "#contract/accounts.ts";
import { ID_PATTERN, one, pageParams } from "#contract/query.ts";
import { type ReviewModerationBody, reviewIdParams, reviewModerationBody } from "#contract/reviews.ts";
import { STAFF_REVIEW_FILTERS } from "#core/reviews/staff-reviews.ts";

// What /admin/reviews reads from its URL and its forms (docs/back-office/reviews.md).

/**
 * The page's URL: which reviews (`filter`), of which product (`product`), which page. A bad value
 * is left out and named above the table (readListQuery), like every back-office table.
 */
export const reviewPageQuery = z.object({
  page: pageParams.page,
  limit: pageParams.limit,
  filter: one(
    "filter",
    z.enum(STAFF_REVIEW_FILTERS, { message: `filter must be one of: ${STAFF_REVIEW_FILTERS.join(", ")}` }),
  ).default("all"),
  product: one(
    "product",
    z.string().regex(ID_PATTERN, { message: "product must be a 24-character id." }),
  ).optional(),
});

/** The review whose Hide form the page shows (`?hide=<id>`), when the URL names a well-formed id. */
export function hideParam(url: URL): string | null {
  const id = url.searchParams.get("hide");
  return id && ID_PATTERN.test(id) ? id : null;
}

export type ModerationIntent = "hide" | "restore" | "keep";

/** A row's post: which review, and the body the API's PATCH /reviews/{id} takes. */
const moderationFields = z.object({
  intent: z.enum(["hide", "restore", "keep"], { message: "Choose Hide, Restore or Keep." }),
  id: reviewIdParams.shape.id,
  reason: z.string().optional(),
});

export type ModerationRead =
  | { ok: true; intent: ModerationIntent; id: string; body: ReviewModerationBody }
  | { ok: false; intent?: ModerationIntent; id?: string; failure: FormFailure };

/**
 * The posted form as the contract's moderation body: "Hide" is `hidden: true` with the reason the
 * form asks for, "Restore" (a hidden review) and "Keep" (a reported one, its reports settled) are
 * `hidden: false`. The same schema as the API checks it, so a missing
 * reason reads "Reason is required to hide a review." here too.
 */
export function readModeration(form: FormData): ModerationRead {
  const fields = readForm(form, moderationFields);
  if (!fields.ok) return { ok: false, failure: fields.failure };
  const { intent, id, reason } = fields.data;
  const body = reviewModerationBody.safeParse({ hidden: intent === "hide", reason });
  if (!body.success) {
    const messages = messagesByField(body.error);
    return {
      ok: false,
      intent,
      id,
      failure: { message: Object.values(messages)[0] ?? "Please check the form.", fields: messages },
    };
  }
  return { ok: true, intent, id, body: body.data };
}
