import { z } from "zod";
import { trimmedText } from "./accounts.ts";
import { paginationResults } from "./catalog.ts";
import {
  hasAtMostDecimals,
  instantField,
  optionalInstant,
  optionalNumber,
  wholeField,
} from "./form-numbers.ts";
import { ID_PATTERN, one, pageParams, sortList } from "./query.ts";
import { COUPON_CODE_MAX, COUPON_CODE_MIN } from "./shopping.ts";

// The staff's coupons (docs/back-office/coupons-and-settings.md): the body of POST /coupons and
// PUT /coupons/{id}, in the original back end's names where it had them (`name` is the code,
// `discount` the percent, `expire` the expiry), and what the staff list and record answer.

export const COUPON_STATUSES = ["active", "scheduled", "expired", "used up", "disabled"] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** The most a coupon's usage limit may be (an int column). */
export const MAX_USAGE_LIMIT = 1_000_000_000;
/** The highest minimum subtotal, in dollars (the catalogue's highest price). */
export const MAX_MIN_SUBTOTAL = 1_000_000;

const codeMessage = `Code must be ${COUPON_CODE_MIN} to ${COUPON_CODE_MAX} letters, digits, - or _.`;

/** The code customers type: stored upper-case, compared ignoring case. */
const couponName = trimmedText(
  z
    .string({ message: codeMessage })
    .min(1, { message: "Code is required.", abort: true })
    .min(COUPON_CODE_MIN, { message: codeMessage })
    .max(COUPON_CODE_MAX, { message: codeMessage })
    .regex(/^[A-Za-z0-9_-]+$/, { message: codeMessage })
    .transform((code) => code.toUpperCase()),
);

const expireMessage = "Expiry must be a date (YYYY-MM-DD) or a date and time with its offset.";
const startMessage = "Start must be a date (YYYY-MM-DD) or a date and time with its offset.";
const usageLimitMessage = `Usage limit must be a whole number from 1 to ${MAX_USAGE_LIMIT}, or empty for no limit.`;
const minSubtotalMessage = `Minimum subtotal must be an amount in dollars from 0 to ${MAX_MIN_SUBTOTAL}, with at most 2 decimals.`;

/**
 * A coupon as staff write it, whole (PUT replaces every field). A day for `start` means its first
 * moment (UTC); a day for `expire` means the coupon is valid all that day.
 */
export const couponBody = z
  .object({
    name: couponName,
    discount: wholeField("Discount is required.", "Discount must be a whole percent from 1 to 100.", 1, 100),
    start: optionalInstant(startMessage, "start"),
    expire: instantField("Expiry is required.", expireMessage, "end"),
    usageLimit: optionalNumber(
      z
        .number({ message: usageLimitMessage })
        .int({ message: usageLimitMessage })
        .min(1, { message: usageLimitMessage })
        .max(MAX_USAGE_LIMIT, { message: usageLimitMessage }),
    ),
    minSubtotal: optionalNumber(
      z
        .number({ message: minSubtotalMessage })
        .min(0, { message: minSubtotalMessage })
        .max(MAX_MIN_SUBTOTAL, { message: minSubtotalMessage })
        .refine((v) => hasAtMostDecimals(v, 2), { message: minSubtotalMessage }),
    ),
  })
  .superRefine((body, ctx) => {
    // Checked only when both parsed (zod runs this after other fields' non-fatal issues too).
    const { start, expire } = body as { start: unknown; expire: unknown };
    if (start instanceof Date && expire instanceof Date && expire.getTime() <= start.getTime()) {
      ctx.addIssue({ code: "custom", path: ["expire"], message: "Expiry must be after the start." });
    }
  });

export type CouponBody = z.output<typeof couponBody>;

/** `{id}` of /coupons/{id}. */
export const couponParams = z.object({
  id: z.string().regex(ID_PATTERN, { message: "id must be a 24-character id." }),
});

export const COUPON_SORT_FIELDS = ["name", "discount", "start", "expire", "usedCount", "createdAt"] as const;
export type CouponSortField = (typeof COUPON_SORT_FIELDS)[number];

/** GET /coupons: the staff list, searched by code and filtered by status. */
export const couponListQuery = z.object({
  ...pageParams,
  sort: one("sort", sortList(COUPON_SORT_FIELDS)).optional(),
  search: one(
    "search",
    z
      .string()
      .trim()
      .max(COUPON_CODE_MAX, { message: `search must be at most ${COUPON_CODE_MAX} characters` }),
  ).optional(),
  status: one(
    "status",
    z.enum(COUPON_STATUSES, { message: `status must be one of ${COUPON_STATUSES.join(", ")}` }),
  ).optional(),
});

export type CouponListQuery = z.output<typeof couponListQuery>;

/** A coupon as staff read it: money in dollars, moments as ISO strings. */
export const staffCoupon = z.object({
  _id: z.string(),
  name: z.string().describe("The code customers type (upper-case; matched ignoring case)"),
  discount: z.number().int().describe("Percent off the order's total, 1–100"),
  start: z.string().nullable().describe("When it starts to apply; null: from its creation"),
  expire: z.string().describe("When it stops applying"),
  usageLimit: z.number().int().nullable().describe("How many orders may use it; null: no limit"),
  usedCount: z
    .number()
    .int()
    .describe("How many orders used it (a cancelled unpaid order gives its use back)"),
  minSubtotal: z.number().describe("The least the cart's items must be worth, in dollars"),
  disabledAt: z.string().nullable().describe("When staff disabled it; null: enabled"),
  status: z.enum(COUPON_STATUSES),
  createdAt: z.string(),
});
export type StaffCoupon = z.infer<typeof staffCoupon>;

export const staffCouponResponse = z.object({ data: staffCoupon });

export const staffCouponListResponse = z.object({
  results: z.number().int(),
  total: z.number().int().describe("How many coupons match, over all pages"),
  paginationResults,
  data: z.array(staffCoupon),
});
export type StaffCouponList = z.infer<typeof staffCouponListResponse>;
