import { z } from "zod";
import { day } from "./admin-staff.ts";
import { listResponse } from "./catalog.ts";
import { ID_PATTERN, one, pageParams } from "./query.ts";
import { ORDER_STATUSES, order, PAYMENT_METHODS } from "./shopping.ts";

// Orders in the back office (docs/back-office/orders.md): the staff list's query, a move's body,
// and the staff's view of an order. One schema per payload, read by the staff API and by the
// /admin/orders pages' forms (which post text: an empty field means the same as a missing one).

/** Rows a bulk move may name at once: one page of the table at its largest. */
export const BULK_MOVE_MAX = 100;
export const CARRIER_MAX = 100;
export const TRACKING_NUMBER_MAX = 100;
export const TRACKING_URL_MAX = 2000;
export const MOVE_NOTE_MAX = 500;
export const ORDER_SEARCH_MAX = 100;

const statusNames = ORDER_STATUSES.join(", ");

/** `status=placed&status=paid`, `status[]=placed`, or `status=placed,paid`: one or several statuses. */
const statusList = z
  .array(z.string())
  .transform((values) =>
    values
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter((v) => v.length > 0),
  )
  .pipe(z.array(z.enum(ORDER_STATUSES, { message: `status must be one or more of ${statusNames}` })))
  .transform((values) => [...new Set(values)]);

const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+$/.test(v);

/**
 * GET /orders: every customer's orders, newest first. Every filter is optional; `from` and `to`
 * are whole days (UTC), both included; `customer` is an account id or an email address (whole,
 * ignoring case); `q` finds an order number (`1042` or `#1042`), part of an email address or part
 * of the phone number the order ships to.
 */
export const staffOrderListQuery = z
  .object({
    page: pageParams.page,
    limit: pageParams.limit,
    status: statusList.optional(),
    paymentMethod: one(
      "paymentMethod",
      z.enum(PAYMENT_METHODS, { message: `paymentMethod must be ${PAYMENT_METHODS.join(" or ")}` }),
    ).optional(),
    from: day("from").optional(),
    to: day("to").optional(),
    customer: one(
      "customer",
      z
        .string()
        .trim()
        .max(254, { message: "customer must be at most 254 characters" })
        .refine((v) => ID_PATTERN.test(v) || looksLikeEmail(v), {
          message: "customer must be a customer's id or email address",
        }),
    ).optional(),
    q: one(
      "q",
      z
        .string()
        .trim()
        .max(ORDER_SEARCH_MAX, { message: `q must be at most ${ORDER_SEARCH_MAX} characters` }),
    ).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ["to"],
    message: "to must be the same day as from or later",
  });
export type StaffOrderListQuery = z.output<typeof staffOrderListQuery>;

/** `{id}` of /orders/{id}. */
export const staffOrderParams = z.object({
  id: z.string().regex(ID_PATTERN, { message: "id must be a 24-character id" }),
});

/** Form fields arrive as text and a left-empty field as ""; both mean the same as JSON's absent. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

function optionalText(label: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ message: `${label} must be text.` })
      .trim()
      .max(max, { message: `${label} must be at most ${max} characters.` })
      .optional(),
  );
}

const isHttpsUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
};

export const CARRIER_REQUIRED = "Carrier is required to mark an order shipped.";
export const TRACKING_NUMBER_REQUIRED = "Tracking number is required to mark an order shipped.";

/**
 * POST /orders/{id}/transitions, and each move form of the order's page. `carrier` and
 * `trackingNumber` are required to mark an order shipped; `trackingUrl` is where the customer
 * follows the parcel; `note` joins the timeline.
 */
export const orderTransitionBody = z
  .object({
    to: z.enum(ORDER_STATUSES, { message: `to must be one of ${statusNames}.` }),
    carrier: optionalText("Carrier", CARRIER_MAX),
    trackingNumber: optionalText("Tracking number", TRACKING_NUMBER_MAX),
    trackingUrl: z.preprocess(
      blankToUndefined,
      z
        .string({ message: "Tracking URL must be text." })
        .trim()
        .max(TRACKING_URL_MAX, { message: `Tracking URL must be at most ${TRACKING_URL_MAX} characters.` })
        .refine(isHttpsUrl, { message: "Tracking URL must be an https:// address." })
        .optional(),
    ),
    note: optionalText("Note", MOVE_NOTE_MAX),
  })
  .superRefine((body, ctx) => {
    // Core checks the same (core/orders/order-workflow.ts); here a form learns it before posting.
    if (body.to !== "shipped") return;
    if (body.carrier === undefined)
      ctx.addIssue({ code: "custom", path: ["carrier"], message: CARRIER_REQUIRED });
    if (body.trackingNumber === undefined)
      ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: TRACKING_NUMBER_REQUIRED });
  });
export type OrderTransitionBody = z.output<typeof orderTransitionBody>;

/** The orders a bulk move names (the list page's checkboxes, `order`). */
export const bulkOrderIds = z
  .array(z.string().regex(ID_PATTERN, { message: "An order in the selection is not a valid order id." }), {
    message: "Select at least one order.",
  })
  .min(1, { message: "Select at least one order." })
  .max(BULK_MOVE_MAX, { message: `Select at most ${BULK_MOVE_MAX} orders at once.` })
  .transform((ids) => [...new Set(ids)]);

// ---- Answers ----

const staffRef = z
  .object({ _id: z.string(), email: z.string() })
  .nullable()
  .describe("The staff member who made it; null for the customer, the payment provider or the shop itself");

export const staffOrderCustomer = z.object({ _id: z.string(), name: z.string(), email: z.string() });

/** A row of GET /orders: the order as its customer reads it, and whose it is. */
export const staffOrderListItem = order.extend({ customer: staffOrderCustomer });
export type StaffOrderListItem = z.infer<typeof staffOrderListItem>;
export const staffOrderListResponse = listResponse(staffOrderListItem).extend({
  total: z.number().int().describe("How many orders match, over all pages"),
});
export type StaffOrderList = z.infer<typeof staffOrderListResponse>;

export const NOTIFICATION_STATUSES = ["pending", "sent", "failed"] as const;

/** A message an order's change queued (the outbox, docs/decisions/047-job-queue.md). */
export const orderNotification = z.object({
  _id: z.string(),
  kind: z.string().describe("What it announces: `order.shipped`, `staff.new_order`…"),
  channel: z.enum(["email", "sms"]),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderNotification = z.infer<typeof orderNotification>;

/** GET /orders/{id}: everything the back office's order page shows. */
export const staffOrder = order.extend({
  customer: staffOrderCustomer,
  paymentProvider: z.string().nullable().describe("The card payment's provider (`builtin`, `stripe`)"),
  statusHistory: z.array(
    z.object({
      status: z.enum(ORDER_STATUSES),
      at: z.string(),
      note: z.string().nullable(),
      actor: staffRef,
    }),
  ),
  refunds: z
    .array(
      z.object({
        _id: z.string(),
        amount: z.number(),
        status: z.enum(["pending", "succeeded", "failed"]),
        at: z.string(),
        reason: z.string(),
        method: z.enum(["provider", "cash"]),
        failureReason: z.string().nullable(),
        actor: staffRef,
      }),
    )
    .describe("Money given back on the order, oldest first"),
  notifications: z.array(orderNotification).describe("Messages the order's changes queued, oldest first"),
  nextMoves: z
    .array(z.object({ to: z.enum(ORDER_STATUSES), label: z.string() }))
    .describe("The moves staff may make from the order's status, with their button labels"),
});
export type StaffOrder = z.infer<typeof staffOrder>;

export const staffOrderResponse = z.object({ data: staffOrder });
export const orderTransitionResponse = z.object({
  data: staffOrder,
  changed: z
    .boolean()
    .describe("False when the order already was where the move leads: nothing was changed or sent"),
});

/** What a bulk move did to one order. */
export interface BulkMoveResult {
  orderId: string;
  /** Null when there is no such order. */
  number: number | null;
  outcome: "moved" | "unchanged" | "refused";
  message: string;
}
