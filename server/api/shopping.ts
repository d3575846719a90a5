import { type Context, Hono } from "hono";
import {
  addToCartBody,
  applyCouponBody,
  checkoutBody,
  favoriteBody,
  favoriteListQuery,
  favoriteParams,
  orderListQuery,
  type PaymentMethod,
  removeCartItemBody,
  toApiCart,
  updateCartItemBody,
} from "#contract/shopping.ts";
import { addToCart, applyCoupon, getCart, removeCartItem, updateCartItem } from "#core/cart/cart.ts";
import { checkout } from "#core/checkout/checkout.ts";
import type { CoreContext } from "#core/context.ts";
import { addFavorite, listFavorites, removeFavorite } from "#core/favorites/favorites.ts";
import { getOrder, listOrders } from "#core/orders/orders.ts";
import { requireSession } from "../middleware/session.ts";
import { parseBody, parseParams, parseQuery } from "./validate.ts";

interface Options {
  /** Origins besides our own whose pages may write with the cookie (PUBLIC_URL, CORS_ORIGINS). */
  allowedOrigins: string[];
  publicUrl?: string;
}

/** The two checkout calls (SPEC §7) differ only in how the order is to be paid. */
const CHECKOUT_ROUTES: [path: string, method: PaymentMethod][] = [
  ["/orders/cash-on-delivery", "cash_on_delivery"],
  ["/orders/stripe-checkout-session", "credit_card"],
];

/** Favorites, the cart, checkout and orders under /customer (SPEC §7); a verified email is required. */
export function shoppingRoutes(ctx: CoreContext, options: Options) {
  const session = requireSession(ctx, { allowedOrigins: options.allowedOrigins });
  const me = (c: Context) => c.get("session").customerId as string;
  const origin = (c: Context) => options.publicUrl ?? new URL(c.req.url).origin;
  // The session check goes on each route, not on the whole /customer prefix, which also holds the
  // routes that work before the email is verified (server/api/accounts.ts).
  const routes = new Hono()
    .post("/favorites", session, async (c) => {
      const { productId } = await parseBody(c, favoriteBody);
      return c.json(await addFavorite(ctx, me(c), productId));
    })
    .delete("/favorites/:productId", session, async (c) => {
      const { productId } = parseParams(c, favoriteParams);
      return c.json(await removeFavorite(ctx, me(c), productId));
    })
    .get("/favorites", session, async (c) =>
      c.json(await listFavorites(ctx, me(c), parseQuery(c, favoriteListQuery))),
    )
    // Every cart answer carries the cart under `data` (docs/decisions/025-api-fidelity.md): toApiCart
    // for the reads and changes; the add's answer is built so by core, from its own statement.
    .get("/shopping-cart", session, async (c) => c.json(toApiCart(await getCart(ctx, me(c)))))
    .post("/shopping-cart", session, async (c) =>
      c.json(await addToCart(ctx, me(c), await parseBody(c, addToCartBody))),
    )
    .put("/shopping-cart/apply-coupon", session, async (c) => {
      const { couponCode } = await parseBody(c, applyCouponBody);
      return c.json(toApiCart(await applyCoupon(ctx, me(c), couponCode)));
    })
    .put("/shopping-cart", session, async (c) =>
      c.json(toApiCart(await updateCartItem(ctx, me(c), await parseBody(c, updateCartItemBody)))),
    )
    .delete("/shopping-cart", session, async (c) =>
      c.json(toApiCart(await removeCartItem(ctx, me(c), await parseBody(c, removeCartItemBody)))),
    );
  for (const [path, paymentMethod] of CHECKOUT_ROUTES) {
    routes.post(path, session, async (c) => {
      const body = await parseBody(c, checkoutBody);
      return c.json(await checkout(ctx, me(c), body, paymentMethod, { origin: origin(c) }), 201);
    });
  }
  return routes
    .get("/orders", session, async (c) => c.json(await listOrders(ctx, me(c), parseQuery(c, orderListQuery))))
    .get("/orders/:orderId", session, async (c) =>
      c.json({ data: await getOrder(ctx, me(c), c.req.param("orderId")) }),
    );
}
