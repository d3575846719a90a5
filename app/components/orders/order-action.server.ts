import { redirect } from "react-router";
import { z } from "zod";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { CALL_FAILED } from "#app/lib/toast.ts";
import { resumePayment } from "#core/checkout/resume-payment.ts";
import type { CoreContext } from "#core/context.ts";
import { cancelPayment } from "#core/orders/cancellation.ts";

export const PAYMENT_CANCELLED = "Your payment was cancelled. The items of that order are back in your cart.";
export const PAYMENT_NOT_CANCELLED = "That order is no longer awaiting payment, so it was not cancelled.";

const orderAction = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("complete-payment") }), z.object({ intent: z.literal("cancel-payment") })],
  { error: "Unknown action." },
);

/**
 * The order page's posts (docs/storefront/orders.md#awaiting-payment): complete the payment (to the
 * provider's page, reopened or new) or cancel the unpaid order (its items back in the cart). The
 * orders list and the cart post here too.
 */
export async function runOrderChange(
  core: CoreContext,
  customerId: string,
  orderId: string,
  form: FormData,
  origin: string,
) {
  const parsed = readForm(form, orderAction);
  if (!parsed.ok) return invalidForm(parsed.failure, { ok: false as const });
  try {
    if (parsed.data.intent === "complete-payment") {
      const session = await resumePayment(core, customerId, orderId, { origin });
      return redirect(session.url);
    }
    const cancelled = await cancelPayment(core, customerId, orderId);
    if (!cancelled) return { ok: false as const, message: PAYMENT_NOT_CANCELLED };
    return { ok: true as const, message: PAYMENT_CANCELLED };
  } catch (error) {
    return formFailure(error, CALL_FAILED, { ok: false as const });
  }
}
