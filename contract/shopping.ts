import { z } from "zod";
import { addressBody, trimmedText } from "./accounts.ts";
import { paginationResults, productListItem } from "./catalog.ts";
import { ID_PATTERN, pageParams } from "./query.ts";

// Favorites, cart, coupon, checkout and orders (docs/storefront/cart.md, favorites.md, orders.md): one schema per payload, used by
// the API, the route actions and the forms, with the spec's messages word for word.

/** Most of one item a cart line may hold: far above a real order, far below integer overflow. */
export const MAX_LINE_QUANTITY = 999;
export const COUPON_CODE_MIN = 3;
export const COUPON_CODE_MAX = 32;
/** docs/storefront/cart.md#quantity: quantity changes on the cart page wait this long after the last click. */
export const QUANTITY_DEBOUNCE_MS = 500;
/** docs/storefront/cart.md#coupon: confetti when a coupon is applied. */
export const CONFETTI_PIECES = 200;
/** A message that starts so is shown as a success toast (docs/storefront/cart.md#coupon). */
export const COUPON_APPLIED_PREFIX = "Price discount applied";
/** A checkout answer that starts so sends the shopper to the hosted card payment page (docs/storefront/cart.md#checkout). */
export const CARD_CHECKOUT_PREFIX = "Stripe";
/** The order page's query parameter (`?payment=success`) of a shopper back from paying. */
export const PAYMENT_RETURN_PARAM = "payment";

/**
 * Where the card payment page sends the shopper back: the order's page either way. Paid, it thanks
 * them; left by its Back link, it says the order awaits payment and offers to complete or cancel it
 * (docs/decisions/033-a-way-back-to-payment.md).
 */
export function paymentReturnPaths(orderId: string) {
  return {
    success: `/customer/orders/${orderId}?${PAYMENT_RETURN_PARAM}=success`,
    cancel: `/customer/orders/${orderId}`,
  };
}

/** docs/storefront/favorites.md#page-size: page size per breakpoint: <640, 640, 768, 1024, 1280, 1536. */
export const FAVORITES_PAGE_SIZES = [12, 12, 12, 19, 20, 20] as const;
export const ORDERS_PAGE_SIZE = 10;

export const PAYMENT_METHODS = ["credit_card", "cash_on_delivery"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = "credit_card";
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  credit_card: "Credit Card",
  cash_on_delivery: "Cash On Delivery",
};

export const ORDER_STATUSES = [
  "pending_payment",
  "paid",
  "placed",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  "returned",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  paid: "Paid",
  placed: "Placed",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  returned: "Returned",
};

const productIdText = z
  .string({ message: "productId is required." })
  .min(1, { message: "productId is required." })
  .regex(ID_PATTERN, { message: "productId must be a 24-character id." });

const productId = trimmedText(productIdText);

/** A size label, or none for a product without sizes (absent, null and "" all mean none). */
const size = z.preprocess(
  (v) => (v === undefined || v === null ? undefined : typeof v === "string" ? v.trim() || undefined : v),
  z
    .string({ message: "size must be a string." })
    .max(20, { message: "size must be at most 20 characters." })
    .optional(),
);

const notAQuantity = "quantity must be a whole number of at least 1.";
const quantity = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
  z
    .number({ message: notAQuantity })
    .int({ message: notAQuantity })
    .min(1, { message: notAQuantity })
    .max(MAX_LINE_QUANTITY, { message: `quantity must be at most ${MAX_LINE_QUANTITY}.` }),
);

export const favoriteBody = z.object({ productId });

/** DELETE /customer/favorites/:productId: a path segment is taken as it is, not trimmed like a body field. */
export const favoriteParams = z.object({ productId: productIdText });

/** GET /customer/favorites and GET /customer/orders take the same page parameters. */
export const favoriteListQuery = z.object({ ...pageParams });
export const orderListQuery = favoriteListQuery;

export const addToCartBody = z.object({
  productId,
  // The spec's client always sends a quantity; an API client that leaves it out adds one.
  quantity: quantity.default(1),
  size,
});
export type AddToCartBody = z.infer<typeof addToCartBody>;

export const updateCartItemBody = z.object({ productId, size, quantity });
export type UpdateCartItemBody = z.infer<typeof updateCartItemBody>;

export const removeCartItemBody = addToCartBody.pick({ productId: true, size: true });
export type RemoveCartItemBody = z.infer<typeof removeCartItemBody>;

export const applyCouponBody = z.object({
  couponCode: trimmedText(
    z
      .string({ message: "Coupon code is required." })
      .min(1, { message: "Coupon code is required." })
      .min(COUPON_CODE_MIN, { message: `Coupon code must be at least ${COUPON_CODE_MIN} characters.` })
      .max(COUPON_CODE_MAX, { message: `Coupon code must be at most ${COUPON_CODE_MAX} characters.` }),
  ),
});

/** Both checkout calls (docs/storefront/cart.md#payment): the phone must be one of the customer's verified numbers. */
export const checkoutBody = addressBody.extend({
  phone: trimmedText(
    z
      .string({ message: "Select phone number." })
      .min(1, { message: "Select phone number." })
      .max(32, { message: "Select phone number." }),
  ),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

/** The checkout popup's form: the API body plus the payment method that picks the endpoint. */
export const checkoutForm = checkoutBody.extend({
  paymentMethod: z.enum(PAYMENT_METHODS, { message: "Choose a payment method." }),
});

// ---- Responses (documented in OpenAPI; also the types core returns) ----

const success = z.object({ status: z.literal("Success"), message: z.string() });

export const favoriteEntry = z.object({
  _id: z.string(),
  productId: productListItem,
  save: z.boolean(),
});

export const favoriteListResponse = z.object({
  results: z.number().int(),
  paginationResults,
  data: z.array(favoriteEntry),
});
export type FavoriteListResponse = z.infer<typeof favoriteListResponse>;

export const favoriteChangedResponse = success.extend({ productId: z.string(), isFavorite: z.boolean() });

export const cartItem = z.object({
  _id: z.string(),
  product: z.object({
    _id: z.string(),
    title: z.string(),
    imageCover: z.string(),
    quantity: z.number().int().describe("Stock still available to this cart: the line may grow by this much"),
    sizes: z.array(z.object({ size: z.string(), quantity: z.number().int() })),
  }),
  size: z.string().nullable(),
  color: z.string(),
  quantity: z.number().int(),
  price: z.number().describe("Unit price in dollars, from the catalogue at the time of reading"),
  totalPrice: z.number(),
});
export type CartItem = z.infer<typeof cartItem>;

/**
 * docs/storefront/cart.md#quantity: the most a cart line's quantity control offers: what the line holds plus the stock still
 * free for it, never past the cap core enforces.
 */
export function maxLineQuantity(item: { quantity: number; product: { quantity: number } }): number {
  return Math.min(MAX_LINE_QUANTITY, item.quantity + Math.max(0, item.product.quantity));
}

export const cartPricing = z.object({
  taxPrice: z.number(),
  shippingPrice: z.number(),
  totalPrice: z.number(),
  totalPriceAfterDiscount: z.number(),
});

export const cartCoupon = z.object({
  couponCode: z.string(),
  couponDiscount: z.number().int().describe("Percent"),
  discountedAmount: z.number(),
});

export const cartResponse = success.extend({
  numOfCartItems: z.number().int(),
  cartItems: z.array(cartItem),
  data: z.object({
    pricing: cartPricing,
    coupon: cartCoupon.optional(),
    holdExpiresAt: z
      .string()
      .nullable()
      .describe("When the cart's stock holds lapse unless the cart is used"),
    notices: z
      .array(z.string())
      .optional()
      .describe(
        "What changed since the cart was last used: lines whose stock ran out, a coupon that stopped applying",
      ),
  }),
});
export type CartResponse = z.infer<typeof cartResponse>;

/**
 * Every cart answer of the API (GET, POST, PUT, DELETE /customer/shopping-cart and PUT …/apply-coupon):
 * the cart under `data`, as the original back end answered (`response.data.cartItems`), with
 * `cartItems` and `numOfCartItems` also at the top level for clients that read the spec's listing
 * literally (docs/decisions/025-api-fidelity.md). The storefront reads `cartResponse` from core.
 */
export const apiCartResponse = success.extend({
  numOfCartItems: z.number().int().describe("A copy of data.numOfCartItems"),
  cartItems: z.array(cartItem).describe("A copy of data.cartItems"),
  data: cartResponse.shape.data.extend({
    numOfCartItems: z.number().int(),
    cartItems: z.array(cartItem),
  }),
});
export type ApiCartResponse = z.infer<typeof apiCartResponse>;

/** The API's cart answer: core's cart with the lines also under `data`. */
export function toApiCart(cart: CartResponse): ApiCartResponse {
  return {
    ...cart,
    data: { numOfCartItems: cart.numOfCartItems, cartItems: cart.cartItems, ...cart.data },
  };
}

/**
 * POST /customer/shopping-cart (the API and core alike): the cart under `data`, as the original back
 * end answered, read by the add's own statement (docs/decisions/025-api-fidelity.md): every line with
 * its product, size, colour, quantity and prices, the pricing and the coupon. The stock left is given
 * for the item just added (`product.quantity`: the shown stock drops by the quantity added), counted
 * under the add's lock; counting every line's stock is what GET does, and would make every add cost
 * a cart read. The top level keeps what the add always answered: status, message, numOfCartItems.
 */
export const cartAddedItem = cartItem.extend({
  product: cartItem.shape.product.pick({ _id: true, title: true, imageCover: true }).extend({
    quantity: z
      .number()
      .int()
      .optional()
      .describe("On the item just added only: its stock still available to this cart"),
  }),
});

export const cartAddedResponse = success.extend({
  numOfCartItems: z.number().int().describe("A copy of data.numOfCartItems"),
  data: cartResponse.shape.data.extend({
    numOfCartItems: z.number().int(),
    cartItems: z.array(cartAddedItem),
    holdExpiresAt: z.string().describe("When the cart's stock holds lapse unless the cart is used"),
  }),
});
export type CartAddedResponse = z.infer<typeof cartAddedResponse>;

export const orderItem = z.object({
  product: z.object({ _id: z.string(), title: z.string(), imageCover: z.string() }),
  size: z.string().nullable(),
  color: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  totalPrice: z.number(),
});

export const order = z.object({
  _id: z.string(),
  number: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  isPaid: z.boolean(),
  paidAt: z.string().nullable(),
  paymentExpiresAt: z.string().nullable(),
  phone: z.string(),
  shippingAddress: z.object({
    country: z.string(),
    state: z.string(),
    city: z.string(),
    street: z.string(),
    postalCode: z.string(),
  }),
  items: z.array(orderItem),
  pricing: cartPricing.extend({ itemsPrice: z.number() }),
  coupon: cartCoupon.nullable(),
  statusHistory: z.array(
    z.object({ status: z.enum(ORDER_STATUSES), at: z.string(), note: z.string().nullable() }),
  ),
  shipment: z
    .object({ carrier: z.string(), trackingNumber: z.string(), trackingUrl: z.string().nullable() })
    .nullable()
    .describe("The carrier and tracking number, once the order has shipped"),
  refunds: z
    .array(
      z.object({
        amount: z.number(),
        status: z.enum(["pending", "succeeded", "failed"]),
        at: z.string(),
      }),
    )
    .describe("Money given back on the order, oldest first"),
  refundedAmount: z.number().describe("What has been refunded so far (pending and succeeded refunds)"),
  createdAt: z.string(),
});
export type Order = z.infer<typeof order>;

export const orderListResponse = z.object({
  results: z.number().int(),
  paginationResults,
  data: z.array(order),
});
export type OrderListResponse = z.infer<typeof orderListResponse>;

export const orderResponse = z.object({ data: order });

export const checkoutResponse = success.extend({
  order,
  sessionID: z.string().optional(),
  sessionURL: z.string().optional(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/** A card order's payment page, reopened or new (POST /customer/orders/{orderId}/payment-session). */
export const paymentSessionResponse = z.object({
  status: z
    .enum(["reopened", "created"])
    .describe(
      "`reopened`: the provider still keeps the order's payment page open; `created`: it had expired, and a new page is now the order's",
    ),
  url: z.string().describe("Where the customer pays"),
});
export type PaymentSessionResponse = z.infer<typeof paymentSessionResponse>;

// ---- The built-in test checkout's card form ----

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const testCardBody = z.object({
  cardNumber: z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[\s-]/g, "") : v === undefined || v === null ? "" : v),
    z
      .string({ message: "Card number is required." })
      .min(1, { message: "Card number is required." })
      .regex(/^\d{13,19}$/, { message: "Your card number is incomplete." })
      .refine(luhn, { message: "Your card number is invalid." }),
  ),
  expiry: trimmedText(
    z
      .string({ message: "Expiry date is required." })
      .min(1, { message: "Expiry date is required." })
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, {
        message: "Your card's expiry date is incomplete (MM / YY).",
      }),
  ),
  cvc: trimmedText(
    z
      .string({ message: "Security code is required." })
      .min(1, { message: "Security code is required." })
      .regex(/^\d{3,4}$/, { message: "Your card's security code is incomplete." }),
  ),
});
export type TestCardBody = z.infer<typeof testCardBody>;
