import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { pageLog } from "#app/lib/log.server.ts";
import { notFoundAs404 } from "#app/lib/route-errors.server.ts";
import { CALL_FAILED } from "#app/lib/toast.ts";
import { messagesByField } from "#contract/accounts.ts";
import { refundBody } from "#contract/refunds.ts";
import { findUnstorableText, unstorableMessage } from "#contract/storable-text.ts";
import type { CoreContext } from "#core/context.ts";
import { DomainError, HTTP_STATUS } from "#core/errors.ts";
import { amountToCents } from "#core/money.ts";
import { refundOrder, refundSheet } from "#core/orders/refunds.ts";
import type { Staff } from "#core/staff/roles.ts";
import { QUANTITY_FIELD_PREFIX, type RefundAnswer } from "./refund-form.tsx";

// The refund page's loader and action (docs/back-office/refunds.md#the-refund-page): the order's
// refund sheet and a fresh idempotency key for the form, and the posted form turned into the API's
// body and refunded through core.

/** The sheet, and the key the form carries: a double submit of this form is one refund. */
export async function loadRefundPage(core: CoreContext, staff: Staff, orderId: string) {
  const sheet = await notFoundAs404(refundSheet(core, staff, orderId));
  return { sheet, idempotencyKey: randomUUID() };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 1000) : "";
};

/**
 * The form as the API's body: `amount` when filled in, the lines whose quantity is filled in and not
 * 0 (a quantity that is not a whole number is passed on as one the schema refuses, under `lines`).
 */
function bodyOf(form: FormData): Record<string, unknown> {
  const lines: { position: number; quantity: number }[] = [];
  for (const [name, value] of form) {
    if (!name.startsWith(QUANTITY_FIELD_PREFIX) || typeof value !== "string") continue;
    const quantity = value.trim();
    if (quantity === "" || quantity === "0") continue;
    lines.push({
      position: Number(name.slice(QUANTITY_FIELD_PREFIX.length)),
      quantity: /^\d+$/.test(quantity) ? Number(quantity) : Number.NaN,
    });
  }
  const amount = text(form, "amount").trim();
  return {
    ...(amount ? { amount } : {}),
    ...(lines.length > 0 ? { lines } : {}),
    reason: text(form, "reason"),
  };
}

/**
 * Refunds what the form asks for, then goes to the order's page. A refusal comes back to the form
 * with its message and what was typed. The form's next key is a fresh one, except after the
 * provider did not answer: the refund is pending under this key, and sending it again finishes it.
 */
export async function refundFromForm(core: CoreContext, staff: Staff, orderId: string, form: FormData) {
  const key = text(form, "idempotencyKey").trim();
  const quantities: Record<string, string> = {};
  for (const [name, value] of form)
    if (name.startsWith(QUANTITY_FIELD_PREFIX) && typeof value === "string")
      quantities[name] = value.slice(0, 20);
  const values = { amount: text(form, "amount"), reason: text(form, "reason"), quantities };
  const refused = (status: number, message: string, fields?: Record<string, string>, sameKey = false) =>
    data<RefundAnswer>(
      { message, fields, values, idempotencyKey: sameKey && key ? key : randomUUID() },
      { status },
    );

  const body = bodyOf(form);
  const unstorable = findUnstorableText(body);
  if (unstorable !== null)
    return refused(400, unstorableMessage(unstorable), { [unstorable]: unstorableMessage(unstorable) });
  const parsed = refundBody.safeParse(body);
  if (!parsed.success) {
    const fields = messagesByField(parsed.error);
    return refused(400, Object.values(fields)[0] ?? "Please check the form.", fields);
  }
  try {
    await refundOrder(core, staff, orderId, {
      ...(parsed.data.amount !== undefined
        ? { amountCents: amountToCents(parsed.data.amount) }
        : { lines: parsed.data.lines }),
      reason: parsed.data.reason,
      // A form without its key (a stale page) refunds as a new request would.
      idempotencyKey: key ? `form:${key.slice(0, 100)}` : undefined,
    });
  } catch (error) {
    if (error instanceof DomainError) {
      if (error.kind === "rate_limited") throw data({ message: error.message }, { status: 429 });
      const fields = error.fields
        ? Object.fromEntries(error.fields.map((f) => [f.field, f.message]))
        : undefined;
      return refused(HTTP_STATUS[error.kind], error.message, fields, error.kind === "unavailable");
    }
    pageLog.warn({ err: error }, "refund form failed");
    return refused(500, CALL_FAILED, undefined, true);
  }
  return redirect(`/admin/orders/${encodeURIComponent(orderId)}?refunded=1`);
}
