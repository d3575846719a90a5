import { redirect } from "react-router";
import { z } from "zod";
import { PAYMENT_CANCELLED, PAYMENT_NOT_CANCELLED } from "#app/components/orders/order-action.server.ts";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { ORDERS_ROUTE } from "#app/lib/orders.ts";
import { CALL_FAILED } from "#app/lib/toast.ts";
import {
  applyCouponBody,
  type CartResponse,
  checkoutForm,
  removeCartItemBody,
  updateCartItemBody,
} from "#contract/shopping.ts";
import { applyCoupon, removeCartItem, updateCartItem } from "#core/cart/cart.ts";
import { checkout } from "#core/checkout/checkout.ts";
import { getCart } from "#core/checkout/current-cart.ts";
import type { CoreContext } from "#core/context.ts";
import { cancelPayment } from "#core/orders/cancellation.ts";

/** Every change of the cart page, told apart by `intent` (docs/decisions/016-cart-page-and-checkout-popup.md: one action for the cart). */
const cartAction = z.discriminatedUnion(
  "intent",
  [
    updateCartItemBody.extend({ intent: z.literal("update") }),
    removeCartItemBody.extend({ intent: z.literal("remove") }),
    applyCouponBody.extend({ intent: z.literal("apply-coupon") }),
    // `respond=data`: the page's script sends the form and shows the answer itself (toast, then the
    // orders page); a plain form post is redirected.
    checkoutForm.extend({ intent: z.literal("checkout"), respond: z.literal("data").optional() }),
    z.object({ intent: z.literal("cancel-payment"), orderId: z.string().min(1).max(64) }),
  ],
  { error: "Unknown action." },
);

type Intent = z.infer<typeof cartAction>["intent"];

/**
 * Runs one change of the customer's cart page (the cart route's action): each answer carries the
 * cart as it now is, or (a placed order) where the page goes next.
 */
export async function runCartChange(core: CoreContext, customerId: string, form: FormData, origin: string) {
  // A refusal answers with the cart as it now is, so the page shows the truth (docs/storefront/cart.md#cart-page).
  const currentCart = () => getCart(core, customerId).catch(() => null);
  const parsed = readForm(form, cartAction);
  if (!parsed.ok) {
    return invalidForm(parsed.failure, {
      ok: false as const,
      intent: String(form.get("intent") ?? "") as Intent,
      cart: await currentCart(),
    });
  }
  const input = parsed.data;
  const changed = (cart: CartResponse) => ({
    ok: true as const,
    intent: input.intent,
    message: cart.message,
    cart,
  });
  try {
    switch (input.intent) {
      case "update": {
        const { intent: _, ...body } = input;
        return changed(await updateCartItem(core, customerId, body));
      }
      case "remove": {
        const { intent: _, ...body } = input;
        return changed(await removeCartItem(core, customerId, body));
      }
      case "apply-coupon":
        return changed(await applyCoupon(core, customerId, input.couponCode));
      case "cancel-payment": {
        const cancelled = await cancelPayment(core, customerId, input.orderId);
        if (!cancelled) return { ok: false as const, intent: input.intent, message: PAYMENT_NOT_CANCELLED };
        return { ok: true as const, intent: input.intent, message: PAYMENT_CANCELLED };
      }
      case "checkout": {
        const { intent: _, paymentMethod, respond, ...body } = input;
        const placed = await checkout(core, customerId, body, paymentMethod, { origin });
        // A card order goes on to the hosted payment page (docs/storefront/cart.md#checkout).
        if (placed.sessionURL) {
          return redirect(placed.sessionURL);
        }
        if (respond !== "data") return redirect(ORDERS_ROUTE);
        return { ok: true as const, intent: input.intent, message: placed.message, redirectTo: ORDERS_ROUTE };
      }
    }
  } catch (error) {
    return formFailure(error, CALL_FAILED, {
      ok: false as const,
      intent: input.intent,
      cart: await currentCart(),
    });
  }
}
