import { redirect } from "react-router";
import { z } from "zod";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import type { OrderChangeAnswer } from "#app/lib/orders.ts";
import { CALL_FAILED } from "#app/lib/toast.ts";
import { resumePayment } from "#core/checkout/resume-payment.ts";
import type { CoreContext } from "#core/context.ts";
import { cancelPayment } from "#core/orders/cancellation.ts";
import { cancelOwnOrder } from "#core/orders/customer-cancellation.ts";

export const PAYMENT_CANCELLED = "Your payment was cancelled. The items of that order are back in your cart.";
export const PAYMENT_NOT_CANCELLED = "That order is no longer awaiting payment, so it was not cancelled.";
export const ORDER_CANCELLED = "Your order was cancelled. It will not be sent, and nothing is due.";

const orderAction = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("complete-payment") }),
    z.object({ intent: z.literal("cancel-payment") }),
    z.object({ intent: z.literal("cancel-order") }),
  ],
  { error: "Unknown action." },
);

/**
 * The order page's posts: complete the payment (to the provider's page, reopened or new) or cancel
 * the unpaid order (its items back in the cart), docs/storefront/orders.md#awaiting-payment; or
 * cancel the order the shop has not started preparing (docs/storefront/orders.md#cancelling-an-order).
 * The orders list and the cart post here too.
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
    if (parsed.data.intent === "cancel-order") {
      const { backInCart } = await cancelOwnOrder(core, customerId, orderId);
      // A card order that awaited its payment: the same answer as cancelling its payment.
      if (backInCart)
        return { ok: true, message: PAYMENT_CANCELLED, toCart: true } satisfies OrderChangeAnswer;
      return { ok: true, message: ORDER_CANCELLED } satisfies OrderChangeAnswer;
    }
    const cancelled = await cancelPayment(core, customerId, orderId);
    if (!cancelled) return { ok: false, message: PAYMENT_NOT_CANCELLED } satisfies OrderChangeAnswer;
    return { ok: true, message: PAYMENT_CANCELLED, toCart: true } satisfies OrderChangeAnswer;
  } catch (error) {
    return formFailure(error, CALL_FAILED, { ok: false as const });
  }
}
