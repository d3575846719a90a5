import type { Context } from "hono";
import { z } from "zod";
import { errorResponse } from "#contract/catalog.ts";
import { idempotencyKeyHeader, refundBody, refundResponse } from "#contract/refunds.ts";
import { DomainError } from "#core/errors.ts";
import { amountToCents } from "#core/money.ts";
import { refundOrder } from "#core/orders/refunds.ts";
import type { Staff } from "#core/staff/roles.ts";
import { defineOperation } from "./operation.ts";

// Refunds (docs/back-office/refunds.md): POST /orders/{id}/refunds, on the original back end's
// resource path. Admins only (docs/decisions/048-refunds.md).

const staff = (c: Context) => c.get("staff") as Staff;
/** Any text is looked up: what is no order's id is a 404. */
const orderParam = z.object({ id: z.string() });

/** The optional Idempotency-Key header, checked as a field is: a bad one is a 400 naming it. */
function idempotencyKeyOf(c: Context): string | undefined {
  const parsed = idempotencyKeyHeader.safeParse(c.req.header("idempotency-key"));
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? "Idempotency-Key is not valid.";
  throw new DomainError("invalid", message, [{ field: "Idempotency-Key", message }]);
}

export const refundAdminOperations = [
  defineOperation(
    {
      method: "post",
      path: "/orders/{id}/refunds",
      access: "admin",
      errorBody: errorResponse,
      unparsedParams: orderParam,
      summary: "Refund part or all of a paid order",
      description:
        "Gives back `amount` (dollars, at most 2 decimals), or the units of `lines` (`position` is the line's place in the order's `items`, from 0; each line gives back its unit price × quantity less the order's coupon percent, rounded down to the cent), never both; `reason` (1–500 characters) is required. Never more than was paid less what is refunded or under way, and never more of a line than is left of it. A card order is refunded through its payment provider, a cash order is recorded as paid out by hand. An optional `Idempotency-Key` header makes a repeated request the same refund: it answers as the first did and gives back nothing more (the key is the order's: the same key on another order is another refund); without one, every request is a new refund. Audited as `order.refund`; the customer is mailed once the refund succeeds.",
      body: refundBody,
      ok: {
        status: "201",
        description:
          "Refunded (or, for a payment provider still working on it, pending): the order with its `refunds` and `refundedAmount`.",
        schema: refundResponse,
      },
      fails: {
        "400":
          "A field is missing or wrong (`errors` names it): no amount and no lines, both, a reason missing or too long, a line the order does not have or more units than it holds, a bad Idempotency-Key.",
        "404": "`No order for this ID: {id}.`",
        "409":
          "Not refundable, and the message says why: nothing paid yet (a cash order not collected, an unpaid card order), refunded in full, more than is left (`errors` names `amount` or `lines`), a line refunded already, paid through a provider the shop no longer uses, or refused by the payment provider (the refund is kept as failed).",
        "503":
          "The payment provider did not answer: the refund is pending and its amount reserved. Send the same request (same Idempotency-Key) again to finish it; it is never paid twice.",
      },
    },
    async (c, { body }, { ctx }) => {
      const idempotencyKey = idempotencyKeyOf(c);
      const result = await refundOrder(ctx, staff(c), c.req.param("id") as string, {
        ...(body.amount !== undefined ? { amountCents: amountToCents(body.amount) } : { lines: body.lines }),
        reason: body.reason,
        idempotencyKey,
      });
      return c.json({ data: result.order }, 201);
    },
  ),
];
