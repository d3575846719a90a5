import type { CartResponse } from "#contract/shopping.ts";
import { readCart } from "../cart/cart.ts";
import type { CoreContext } from "../context.ts";
import { expireUnpaidOrders } from "../orders/cancellation.ts";

/**
 * The customer's cart as the cart page and the API show it. An unpaid card order past its payment
 * window first gives its items back to this cart, so the page never shows a hold that has already
 * lapsed with its order. Lives here, beside checkout, because it needs both the cart and orders,
 * which do not import each other (docs/decisions/027-stock-module-and-core-layout.md).
 */
export async function getCart(ctx: CoreContext, customerId: string): Promise<CartResponse> {
  await expireUnpaidOrders(ctx, { customerId });
  return readCart(ctx, customerId);
}
