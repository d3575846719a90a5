import type { Context } from "hono";
import { z } from "zod";
import { ID_PATTERN } from "#contract/query.ts";
import {
  addToCartBody,
  apiCartResponse,
  applyCouponBody,
  CARD_CHECKOUT_PREFIX,
  COUPON_APPLIED_PREFIX,
  cartAddedResponse,
  checkoutBody,
  checkoutResponse,
  favoriteBody,
  favoriteChangedResponse,
  favoriteListQuery,
  favoriteListResponse,
  favoriteParams,
  MAX_LINE_QUANTITY,
  orderListQuery,
  orderListResponse,
  orderResponse,
  type PaymentMethod,
  paymentSessionResponse,
  removeCartItemBody,
  toApiCart,
  updateCartItemBody,
} from "#contract/shopping.ts";
import { addToCart, applyCoupon, removeCartItem, updateCartItem } from "#core/cart/cart.ts";
import { checkout, PAYMENT_WINDOW_MINUTES } from "#core/checkout/checkout.ts";
import { getCart } from "#core/checkout/current-cart.ts";
import { resumePayment } from "#core/checkout/resume-payment.ts";
import type { CoreContext } from "#core/context.ts";
import { addFavorite, listFavorites, removeFavorite } from "#core/favorites/favorites.ts";
import { cancelOwnOrder } from "#core/orders/customer-cancellation.ts";
import { getOrder, listOrders } from "#core/orders/orders.ts";
import { type ApiDeps, defineOperation } from "./operation.ts";

// Favorites, the cart, checkout and orders under /customer (docs/storefront/api.md#calls); all need a verified email.

const me = (c: Context) => c.get("session").customerId as string;

const NO_PRODUCT = "`No product for this ID: {productId}.`";
const ITEM_RULES =
  "The item is a product and, for a product with sizes, one of its sizes (matched ignoring case); a product without sizes takes no size.";
const CART_REFUSALS = "Or the product needs a size, does not come in that size, or takes none.";
const CHECKOUT_FAILS = {
  "400":
    "Or `phone` is not one of the customer's verified numbers (`errors` names `phone`), or the cart is empty.",
  "409":
    "The cart changed on the way and nothing was ordered: a lapsed hold whose stock is gone (the line is removed), stock that ran short, or a coupon that stopped applying (it is removed); the message says what and asks to review the cart.",
};

/** The two checkout calls (docs/storefront/api.md#calls) differ only in how the order is to be paid. */
function checkoutOperation(
  path: string,
  paymentMethod: PaymentMethod,
  doc: { summary: string; description: string; okDescription: string; fails: Record<string, string> },
) {
  return defineOperation(
    {
      method: "post",
      path,
      summary: doc.summary,
      description: doc.description,
      access: "customer",
      body: checkoutBody,
      ok: { status: "201", description: doc.okDescription, schema: checkoutResponse },
      fails: doc.fails,
    },
    async (c, { body }, { ctx, publicUrl }: ApiDeps) => {
      const origin = publicUrl ?? new URL(c.req.url).origin;
      return c.json(await checkout(ctx, me(c), body, paymentMethod, { origin }), 201);
    },
  );
}

/** A page of one of the customer's lists (favorites, orders), newest first. */
function ownPageOperation(
  path: string,
  query: typeof favoriteListQuery,
  list: (ctx: CoreContext, customerId: string, page: z.output<typeof favoriteListQuery>) => Promise<unknown>,
  doc: { summary: string; description?: string; okDescription: string; schema: z.ZodType },
) {
  return defineOperation(
    {
      method: "get",
      path,
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      access: "customer",
      query,
      ok: { status: "200", description: doc.okDescription, schema: doc.schema },
    },
    async (c, input, { ctx }) => c.json(await list(ctx, me(c), input.query)),
  );
}

export const shoppingOperations = [
  ownPageOperation("/customer/favorites", favoriteListQuery, listFavorites, {
    summary: "The customer's favorites, newest first",
    description:
      "Each entry's `productId` holds the product as GET /products lists it. `fields=productId` (what the spec's client sends) is accepted and changes nothing.",
    okDescription: "A page of favorites.",
    schema: favoriteListResponse,
  }),
  defineOperation(
    {
      method: "post",
      path: "/customer/favorites",
      summary: "Save a product to the favorites",
      description: "Saving a product that is saved already is not an error.",
      access: "customer",
      body: favoriteBody,
      ok: { status: "200", description: "Saved.", schema: favoriteChangedResponse },
      fails: { "404": NO_PRODUCT },
    },
    async (c, { body }, { ctx }) => c.json(await addFavorite(ctx, me(c), body.productId)),
  ),
  defineOperation(
    {
      method: "delete",
      path: "/customer/favorites/{productId}",
      summary: "Remove a product from the favorites",
      description: "Removing a product that is not saved is not an error.",
      access: "customer",
      params: favoriteParams,
      ok: { status: "200", description: "Removed.", schema: favoriteChangedResponse },
      fails: { "400": "The id is not 24 hex characters.", "404": NO_PRODUCT },
    },
    async (c, { params }, { ctx }) => c.json(await removeFavorite(ctx, me(c), params.productId)),
  ),
  // Every cart answer carries the cart under `data` (docs/decisions/025-api-fidelity.md): toApiCart
  // for the reads and changes; the add's answer is built so by core, from its own statement.
  defineOperation(
    {
      method: "get",
      path: "/customer/shopping-cart",
      summary: "The cart, priced from the catalogue now",
      description:
        "Reading the cart keeps its stock holds for another RESERVATION_MINUTES. A line whose hold lapsed is held again when the stock is still there, else removed; a coupon that stopped applying is removed; `message` says so. An unpaid card order past its payment window is cancelled first and its items come back to the cart.",
      access: "customer",
      ok: {
        status: "200",
        description: "The cart (docs/storefront/api.md#cart-response).",
        schema: apiCartResponse,
      },
    },
    async (c, _input, { ctx }) => c.json(toApiCart(await getCart(ctx, me(c)))),
  ),
  defineOperation(
    {
      method: "post",
      path: "/customer/shopping-cart",
      summary: "Add an item to the cart, holding its stock",
      description: `${ITEM_RULES} Adding to an item already in the cart grows its line (at most ${MAX_LINE_QUANTITY}). The stock is held for RESERVATION_MINUTES (15 by default), renewed by cart activity.`,
      access: "customer",
      body: addToCartBody,
      ok: {
        status: "200",
        description:
          "Added: the cart under `data`: every line with its product, size, colour, quantity and prices, the pricing and the coupon, as GET would price them. The stock left is given for the item just added (`product.quantity` of its line); GET gives every line's. The top level keeps `numOfCartItems`, without a copy of the lines. Lines whose hold lapsed before this add are listed as they stand and re-checked by the next GET.",
        schema: cartAddedResponse,
      },
      fails: {
        "400": `${CART_REFUSALS} Or the line would hold more than ${MAX_LINE_QUANTITY}.`,
        "404": NO_PRODUCT,
        "409": "Not enough stock: out of stock, only N left, or the cart already holds all of it.",
      },
    },
    async (c, { body }, { ctx }) => c.json(await addToCart(ctx, me(c), body)),
  ),
  defineOperation(
    {
      method: "put",
      path: "/customer/shopping-cart",
      summary: "Set the quantity of a cart line",
      description: `${ITEM_RULES} The quantity may go up to the line's quantity plus the stock left.`,
      access: "customer",
      body: updateCartItemBody,
      ok: { status: "200", description: "The cart.", schema: apiCartResponse },
      fails: {
        "400": CART_REFUSALS,
        "404": `${NO_PRODUCT}, or the item is not in the cart.`,
        "409": "More than the line's quantity plus the stock left.",
      },
    },
    async (c, { body }, { ctx }) => c.json(toApiCart(await updateCartItem(ctx, me(c), body))),
  ),
  defineOperation(
    {
      method: "delete",
      path: "/customer/shopping-cart",
      summary: "Remove a line from the cart, freeing its stock",
      description: ITEM_RULES,
      access: "customer",
      body: removeCartItemBody,
      ok: { status: "200", description: "The cart left.", schema: apiCartResponse },
      fails: { "400": CART_REFUSALS, "404": `${NO_PRODUCT}, or the item is not in the cart.` },
    },
    async (c, { body }, { ctx }) => c.json(toApiCart(await removeCartItem(ctx, me(c), body))),
  ),
  defineOperation(
    {
      method: "put",
      path: "/customer/shopping-cart/apply-coupon",
      summary: "Apply a coupon to the cart",
      description: `The code is matched ignoring case; one coupon per cart. The message starts \`${COUPON_APPLIED_PREFIX}\`.`,
      access: "customer",
      body: applyCouponBody,
      ok: { status: "200", description: "The cart with its discount.", schema: apiCartResponse },
      fails: {
        "400":
          "Or the code is unknown, expired or used up, the items are under its minimum, the cart is empty, or it holds a coupon already.",
      },
    },
    async (c, { body }, { ctx }) => c.json(toApiCart(await applyCoupon(ctx, me(c), body.couponCode))),
  ),
  checkoutOperation("/customer/orders/cash-on-delivery", "cash_on_delivery", {
    summary: "Order the cart, paying cash on delivery",
    description:
      "The order is `placed`: the held stock leaves the shelf, the coupon's use is counted, the prices of this moment are kept on the order, the cart is emptied and the address joins the customer's list.",
    okDescription: "The order.",
    fails: CHECKOUT_FAILS,
  }),
  checkoutOperation("/customer/orders/stripe-checkout-session", "credit_card", {
    summary: "Order the cart and open a card payment page",
    description: `As cash on delivery, but the order waits in \`pending_payment\` until the payment provider confirms it; unpaid after ${PAYMENT_WINDOW_MINUTES} minutes it is cancelled, its stock released and its items put back in the cart. The message starts \`${CARD_CHECKOUT_PREFIX}\`; \`sessionID\` and \`sessionURL\` name the hosted payment page.`,
    okDescription: "The order and its payment page.",
    fails: {
      ...CHECKOUT_FAILS,
      "503": "The payment service did not answer: the order is cancelled and the cart is unchanged.",
    },
  }),
  ownPageOperation("/customer/orders", orderListQuery, listOrders, {
    summary: "The customer's orders, newest first",
    okDescription: "A page of orders.",
    schema: orderListResponse,
  }),
  defineOperation(
    {
      method: "get",
      path: "/customer/orders/{orderId}",
      summary: "One of the customer's orders",
      access: "customer",
      // Published as an id, but looked up as sent: a malformed id is a 404 like an unknown one.
      unparsedParams: z.object({ orderId: z.string().regex(ID_PATTERN) }),
      ok: { status: "200", description: "The order.", schema: orderResponse },
      fails: {
        "404":
          "No such order among the customer's (another customer's id and a malformed id answer the same).",
      },
    },
    async (c, _input, { ctx }) =>
      c.json({ data: await getOrder(ctx, me(c), c.req.param("orderId") as string) }),
  ),
  defineOperation(
    {
      method: "post",
      path: "/customer/orders/{orderId}/payment-session",
      summary: "Reopen the payment page of a card order awaiting payment",
      description: `For a card order in \`pending_payment\` within its ${PAYMENT_WINDOW_MINUTES}-minute payment window: the payment page the provider still keeps open (\`reopened\`), or a new one when it expired (\`created\`), which from then on is the only page that pays the order. Calling again while a page is open answers that page.`,
      access: "customer",
      unparsedParams: z.object({ orderId: z.string().regex(ID_PATTERN) }),
      ok: {
        status: "200",
        description: "Where the customer pays: the page still open (`reopened`) or a new one (`created`).",
        schema: paymentSessionResponse,
      },
      fails: {
        "404":
          "No such order among the customer's (another customer's id and a malformed id answer the same).",
        "409":
          "The order is not awaiting payment, and the message says why: paid already, cancelled, cash on delivery, its payment window closed, or its payment made and being confirmed.",
        "503": "The payment service did not answer: the order still awaits payment.",
      },
    },
    async (c, _input, { ctx, publicUrl }) => {
      const origin = publicUrl ?? new URL(c.req.url).origin;
      const orderId = c.req.param("orderId") as string;
      return c.json(await resumePayment(ctx, me(c), orderId, { origin }));
    },
  ),
  defineOperation(
    {
      method: "post",
      path: "/customer/orders/{orderId}/cancel",
      summary: "Cancel one of the customer's orders",
      description:
        "While the order is `placed` (cash on delivery) or `pending_payment` (a card order awaiting its payment). Its stock goes back on the shelf, its coupon's use is given back, the timeline gains a `cancelled` entry and the customer is mailed once. A card order awaiting its payment also gets its payment page closed and its items put back in the customer's cart. Cancelling a cancelled order again answers it as it is and changes nothing.",
      access: "customer",
      unparsedParams: z.object({ orderId: z.string().regex(ID_PATTERN) }),
      ok: { status: "200", description: "The order, cancelled.", schema: orderResponse },
      fails: {
        "404":
          "No such order among the customer's (another customer's id and a malformed id answer the same).",
        "409":
          "The shop has started preparing the order (`This order can no longer be cancelled: it is being prepared.`) or sent it (`…: it has been shipped.`, `…: it has been delivered.`)",
      },
    },
    async (c, _input, { ctx }) => {
      const { order } = await cancelOwnOrder(ctx, me(c), c.req.param("orderId") as string);
      return c.json({ data: order });
    },
  ),
];
