import { z } from "zod";
import { trimmedText } from "./accounts.ts";
import { hasAtMostDecimals, optionalNumber } from "./form-numbers.ts";
import { orderResponse } from "./shopping.ts";

// Refunds (docs/back-office/refunds.md): the body of POST /orders/{id}/refunds, which the
// back office's refund page posts too (as text), and its answer.

export const REFUND_REASON_MAX = 500;
/** The most an amount may be, in dollars (far above any order; keeps cents inside an int). */
export const MAX_REFUND_AMOUNT = 1_000_000;
/** The most lines one refund may name, and the most units of one line (order lines hold far fewer). */
export const MAX_REFUND_LINES = 100;
export const MAX_REFUND_UNITS = 10_000;
/** The highest line position (order_items.position is a smallint; carts hold far fewer lines). */
export const MAX_LINE_POSITION = 9_999;
/** The Idempotency-Key header: what clients send (a UUID, mostly), bounded. */
export const IDEMPOTENCY_KEY_MAX = 255;

const amountMessage = `Amount must be an amount in dollars above 0 and at most ${MAX_REFUND_AMOUNT}, with at most 2 decimals.`;
const reasonMessage = `Reason must be at most ${REFUND_REASON_MAX} characters.`;
const positionMessage =
  "Each line's position must be a whole number from 0: the line's place in the order's items.";
const quantityMessage = `Each line's quantity must be a whole number from 1 to ${MAX_REFUND_UNITS}.`;

export const refundLine = z.object({
  position: z
    .number({ message: positionMessage })
    .int({ message: positionMessage })
    .min(0, { message: positionMessage })
    .max(MAX_LINE_POSITION, { message: positionMessage }),
  quantity: z
    .number({ message: quantityMessage })
    .int({ message: quantityMessage })
    .min(1, { message: quantityMessage })
    .max(MAX_REFUND_UNITS, { message: quantityMessage }),
});
export type RefundLine = z.infer<typeof refundLine>;

/**
 * POST /orders/{id}/refunds: an `amount` in dollars, or `lines` (each order line's position in the
 * order's `items`, from 0, and how many of its units), never both; and the `reason`, which the
 * customer does not see but the order's record keeps.
 */
export const refundBody = z
  .object({
    amount: optionalNumber(
      z
        .number({ message: amountMessage })
        .gt(0, { message: amountMessage })
        .max(MAX_REFUND_AMOUNT, { message: amountMessage })
        .refine((v) => hasAtMostDecimals(v, 2), { message: amountMessage }),
    ),
    lines: z
      .array(refundLine, { message: "Lines must be a list of { position, quantity }." })
      .min(1, { message: "Lines must name at least one line." })
      .max(MAX_REFUND_LINES, { message: `Lines may name at most ${MAX_REFUND_LINES} lines.` })
      .refine((lines) => new Set(lines.map((l) => l.position)).size === lines.length, {
        message: "Lines must name each position once.",
      })
      .optional(),
    reason: trimmedText(
      z
        .string({ message: "Reason must be text." })
        .min(1, { message: "Reason is required." })
        .max(REFUND_REASON_MAX, { message: reasonMessage }),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.amount !== undefined && body.lines !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: "Give an amount or lines to refund, not both.",
      });
    if (body.amount === undefined && body.lines === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: "Give an amount or the lines to refund.",
      });
  });
export type RefundBody = z.output<typeof refundBody>;

/** The optional `Idempotency-Key` header: the same key on the same order is the same refund. */
export const idempotencyKeyHeader = z
  .string()
  .trim()
  .min(1, { message: "Idempotency-Key must not be empty." })
  .max(IDEMPOTENCY_KEY_MAX, { message: `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX} characters.` })
  .regex(/^[\x21-\x7e]+$/, { message: "Idempotency-Key must be printable ASCII without spaces." })
  .optional();

/** The order after the refund, as its customer reads it (with `refunds` and `refundedAmount`). */
export const refundResponse = orderResponse;

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What the back office's refund page shows of an order (core/orders/refunds.ts: refundSheet). */
export interface RefundSheet {
  orderId: string;
  number: number;
  /** `cash`: paid out by hand; `provider`: given back through the card's payment provider. */
  method: "cash" | "provider";
  /** Dollars: what was paid (0 until paid), refunded or reserved so far, and what is left. */
  paid: number;
  refunded: number;
  refundable: number;
  /** The order's coupon percent: a line gives back its units' price less it (docs/back-office/refunds.md). */
  couponPercent: number | null;
  /** Why nothing can be refunded now, or null. */
  refusal: string | null;
  lines: {
    position: number;
    title: string;
    size: string | null;
    color: string;
    quantity: number;
    /** Units given back by earlier line refunds (pending or succeeded). */
    refunded: number;
    unitPrice: number;
  }[];
  refunds: {
    id: string;
    amount: number;
    status: RefundStatus;
    reason: string;
    method: "cash" | "provider";
    failureReason: string | null;
    at: string;
  }[];
}
