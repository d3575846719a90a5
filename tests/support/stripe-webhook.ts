import Stripe from "stripe";
import { createStripePayments } from "#server/adapters/stripe-payments.ts";
import { type ApiResponse, call } from "./accounts.ts";
import type { TestShop } from "./app.ts";
import type { StripeStandIn } from "./stripe-stand-in.ts";

// A shop that takes card payments through Stripe (the real adapter and SDK against the stand-in of
// stripe-stand-in.ts) and the deliveries Stripe's servers would make to its webhook, signed as
// Stripe signs them, at the shop's own time (the signature's 5-minute tolerance is judged on it).

export const STRIPE_SECRET_KEY = "sk_test_stand_in_0123456789";
export const STRIPE_WEBHOOK_SECRET = "whsec_test_stand_in_0123456789";

/** The options of `setUpTestShop` for a shop on the stand-in, with its webhook mounted. */
export function stripeShopOptions(standIn: StripeStandIn, now: () => Date) {
  return {
    payments: createStripePayments({ secretKey: STRIPE_SECRET_KEY, apiBaseUrl: standIn.url }),
    now,
    stripeWebhookSecret: STRIPE_WEBHOOK_SECRET,
  };
}

/** POST /api/v1/webhooks/stripe with this body, signed with the shop's secret at the shop's `now`. */
export function deliverStripeEvent(
  shop: Pick<TestShop, "get" | "ctx">,
  payload: string,
): Promise<ApiResponse> {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: STRIPE_WEBHOOK_SECRET,
    timestamp: Math.floor(shop.ctx.now().getTime() / 1000),
  });
  return call(shop, "POST", "/webhooks/stripe", {
    rawBody: payload,
    headers: { "stripe-signature": signature },
  });
}
