import { z } from "zod";
import {
  accountErrorResponse,
  addPhoneNumberBody,
  addressBody,
  addressesChangedResponse,
  addressListResponse,
  addressSavedResponse,
  confirmPhoneCodeBody,
  EMAIL_NOT_VERIFIED,
  forgotPasswordBody,
  loginBody,
  messageResponse,
  PHONE_ADD_FAILED,
  PHONE_ALREADY_SAVED,
  phoneCodeConfirmedResponse,
  phoneCodeSentResponse,
  phoneNumberListResponse,
  phoneNumbersChangedResponse,
  profileResponse,
  resetPasswordBody,
  sendPhoneCodeBody,
  signupBody,
  tokenResponse,
  verificationStatusResponse,
  verifyEmailBody,
  WRONG_CREDENTIALS,
} from "#contract/accounts.ts";
import {
  brandListQuery,
  categoryListQuery,
  errorResponse,
  listResponse,
  productDetail,
  productListItem,
  productListQuery,
  subcategoryListQuery,
  taxonomyItem,
  underSubcategoryListQuery,
} from "#contract/catalog.ts";
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_PAGE } from "#contract/query.ts";
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
  MAX_LINE_QUANTITY,
  orderListQuery,
  orderListResponse,
  orderResponse,
  removeCartItemBody,
  updateCartItemBody,
} from "#contract/shopping.ts";
import { PAYMENT_WINDOW_MINUTES } from "#core/checkout/checkout.ts";

type JsonSchema = Record<string, unknown>;

const PARAMETERS: Record<string, { description: string; schema: JsonSchema; explode?: boolean }> = {
  page: {
    description: "Page number (default 1).",
    schema: { type: "integer", minimum: 1, maximum: MAX_PAGE },
  },
  limit: {
    description: `Items per page (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}).`,
    schema: { type: "integer", minimum: 1, maximum: MAX_LIMIT },
  },
  sort: {
    description: "Comma-separated fields; a leading `-` sorts descending.",
    schema: { type: "string" },
  },
  fields: {
    description:
      "Comma-separated fields to return; unknown names are ignored. Products: `save` (the original back end's name) or `isFavorite` asks for the favorite marker, which a request with a session gets whatever the list says.",
    schema: { type: "string" },
  },
  search: {
    description: "Text search over titles, descriptions, brands and categories; tolerates typos.",
    schema: { type: "string", maxLength: 200 },
  },
  category: {
    description: "Category id(s): repeated, `category[]=`, or comma-separated.",
    schema: { type: "array", items: { type: "string" } },
    explode: true,
  },
  subCategories: {
    description: "Subcategory id(s); any of them matches.",
    schema: { type: "array", items: { type: "string" } },
    explode: true,
  },
  underSubCategories: {
    description: "Under-subcategory id(s); any of them matches.",
    schema: { type: "array", items: { type: "string" } },
    explode: true,
  },
  brand: {
    description: "Brand id(s); any of them matches.",
    schema: { type: "array", items: { type: "string" } },
    explode: true,
  },
  subCategory: {
    description: "Subcategory id(s) whose under-subcategories to list.",
    schema: { type: "array", items: { type: "string" } },
    explode: true,
  },
  "ratingsAverage[gte]": {
    description: "Minimum average rating (0–5).",
    schema: { type: "number", minimum: 0, maximum: 5 },
  },
  "price[gte]": { description: "Minimum price in USD.", schema: { type: "number", minimum: 0 } },
  "price[lte]": { description: "Maximum price in USD.", schema: { type: "number", minimum: 0 } },
  "discountPercent[lte]": {
    description: "Maximum discount percent.",
    schema: { type: "number", minimum: 0, maximum: 100 },
  },
};

function parameters(schema: z.ZodObject) {
  return Object.keys(schema.shape).map((name) => {
    const p = PARAMETERS[name];
    if (!p) throw new Error(`OpenAPI: no description for query parameter ${name}`);
    return {
      name,
      in: "query",
      required: false,
      description: p.description,
      schema: p.schema,
      ...(p.explode ? { style: "form", explode: true } : {}),
    };
  });
}

const json = (schema: z.ZodType) => ({
  "application/json": { schema: z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) },
});
const errors = {
  "400": {
    description: "A query parameter is malformed; the message names it.",
    content: json(errorResponse),
  },
  "429": { description: "Too many requests.", content: json(errorResponse) },
};

function listOperation(summary: string, query: z.ZodObject, item: z.ZodType) {
  return {
    get: {
      summary,
      parameters: parameters(query),
      responses: {
        "200": { description: "A page of results.", content: json(listResponse(item)) },
        ...errors,
      },
    },
  };
}

/**
 * A JSON body: unknown fields are ignored (not refused), so the schema says nothing about them; a
 * field with a default may be left out (the output schema lists it as required).
 */
function requestBody(schema: z.ZodType) {
  const content = json(schema);
  const body = content["application/json"].schema as JsonSchema;
  delete body.additionalProperties;
  const properties = (body.properties ?? {}) as Record<string, JsonSchema>;
  if (Array.isArray(body.required)) {
    body.required = body.required.filter((name: string) => properties[name]?.default === undefined);
  }
  return { required: true, content };
}

const accountError = (description: string) => ({ description, content: json(accountErrorResponse) });

type Access = "visitor" | "customer" | "verifying";

interface AccountOperation {
  summary: string;
  description?: string;
  /** visitor: no token; customer: a session and a verified email; verifying: a session, verified or not. */
  access: Access;
  body?: z.ZodType;
  ok: { status: "200" | "201"; description: string; schema: z.ZodType };
  /** Further answers by status: what makes them. */
  fails?: Record<string, string>;
  /** The path has an `{id}` (true), or a path parameter of this name. */
  id?: boolean | string;
  /** Query parameters (lists). */
  query?: z.ZodObject;
}

function accountOperation(o: AccountOperation) {
  const badBody = o.body
    ? "A field is missing or wrong: `message` is the first problem, `errors` lists each with its field."
    : undefined;
  const fails: Record<string, string> = { ...o.fails };
  const badQuery = o.query ? "A query parameter is malformed; the message names it." : undefined;
  for (const bad of [badBody, badQuery]) {
    if (bad) fails["400"] = fails["400"] ? `${bad} ${fails["400"]}` : bad;
  }
  if (o.access !== "visitor") {
    fails["401"] ??=
      "No token, or one that is malformed, expired, forged, revoked by a password change or of a deleted account (one message for all).";
    const crossSite = "A change authenticated by the cookie alone from another site's page.";
    if (o.access === "customer")
      fails["403"] = `The email is not verified (\`${EMAIL_NOT_VERIFIED}\`), or: ${crossSite}`;
    else if (o.body || o.id) fails["403"] = crossSite;
  }
  fails["429"] ??= "Too many requests.";
  return {
    summary: o.summary,
    ...(o.description ? { description: o.description } : {}),
    ...(o.access === "visitor" ? {} : { security: [{ bearer: [] }, { cookie: [] }] }),
    ...(o.id
      ? {
          parameters: [
            {
              name: o.id === true ? "id" : o.id,
              in: "path",
              required: true,
              schema: { type: "string", pattern: "^[0-9a-f]{24}$" },
            },
          ],
        }
      : {}),
    ...(o.query ? { parameters: parameters(o.query) } : {}),
    ...(o.body ? { requestBody: requestBody(o.body) } : {}),
    responses: {
      [o.ok.status]: { description: o.ok.description, content: json(o.ok.schema) },
      ...Object.fromEntries(
        Object.entries(fails)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([status, description]) => [status, accountError(description)]),
      ),
    },
  };
}

/** Sign-up, log-in, password reset, verification, profile, phone numbers and addresses (SPEC §7). */
function accountPaths() {
  return {
    "/auth/signup": {
      post: accountOperation({
        summary: "Create an account",
        description:
          "Mails a 6-digit email verification code (10 minutes, 5 attempts) and logs the new customer in.",
        access: "visitor",
        body: signupBody,
        ok: {
          status: "201",
          description: "Created; the session token (also set as the JWTToken cookie).",
          schema: tokenResponse,
        },
        fails: { "409": "An account with this email already exists." },
      }),
    },
    "/auth/login": {
      post: accountOperation({
        summary: "Log in with email and password",
        access: "visitor",
        body: loginBody,
        ok: {
          status: "200",
          description: "The session token (also set as the JWTToken cookie).",
          schema: tokenResponse,
        },
        fails: {
          "401": `\`${WRONG_CREDENTIALS}\` for a wrong password and an unknown email alike.`,
          "429": "Too many attempts from this address or for this account (15 minutes).",
        },
      }),
    },
    "/auth/forgotPassword": {
      post: accountOperation({
        summary: "Mail a password reset code",
        description:
          "The answer is the same whether or not the email has an account. At most one code a minute and five an hour are mailed; throttled requests are answered the same way.",
        access: "visitor",
        body: forgotPasswordBody,
        ok: {
          status: "200",
          description: "The code is on its way if the account exists.",
          schema: messageResponse,
        },
      }),
    },
    "/auth/passwordResetCode": {
      put: accountOperation({
        summary: "Set a new password with the reset code",
        description:
          "Ends every older session, marks the email verified and logs the customer in. `email` is optional: with it, wrong codes count against that account's code (5 attempts).",
        access: "visitor",
        body: resetPasswordBody,
        ok: {
          status: "200",
          description: "The new session token (also set as the JWTToken cookie).",
          schema: tokenResponse,
        },
        fails: { "400": "Or the code is wrong, expired, used up or already used." },
      }),
    },
    "/auth/logout": {
      post: accountOperation({
        summary: "Log out (clear the JWTToken cookie)",
        access: "visitor",
        ok: { status: "200", description: "The cookie is cleared.", schema: messageResponse },
      }),
    },
    "/customer": {
      get: accountOperation({
        summary: "The customer's profile with phone numbers and addresses",
        access: "customer",
        ok: { status: "200", description: "The profile.", schema: profileResponse },
      }),
    },
    "/customer/verify-email": {
      get: accountOperation({
        summary: "Mail an email verification code",
        description:
          "`Verified` when the email is verified already. Asking again within a minute mails nothing new; the first code stays good.",
        access: "verifying",
        ok: {
          status: "200",
          description: "A code was sent, or the email is verified.",
          schema: verificationStatusResponse,
        },
        fails: { "429": "Five codes this hour already." },
      }),
      post: accountOperation({
        summary: "Verify the email with the code",
        access: "verifying",
        body: verifyEmailBody,
        ok: { status: "200", description: "`Verified`.", schema: verificationStatusResponse },
        fails: {
          "400": "Or the code is wrong, expired or used up (5 attempts).",
          "429": "Too many code checks for this account (15 minutes).",
        },
      }),
    },
    "/customer/phone-verification/send-code": {
      post: accountOperation({
        summary: "Text a verification code to a phone number (built-in identity provider)",
        description:
          "Failures carry the identity error `code` of SPEC §8 (`invalid-phone-number`, `too-many-requests`, ...).",
        access: "verifying",
        body: sendPhoneCodeBody,
        ok: {
          status: "200",
          description: "The code was texted; `verificationId` names this attempt.",
          schema: phoneCodeSentResponse,
        },
        fails: {
          "400": "Or `code: invalid-phone-number` / `missing-phone-number`.",
          "429": "`code: too-many-requests`.",
        },
      }),
    },
    "/customer/phone-verification/confirm-code": {
      post: accountOperation({
        summary: "Confirm the texted code; returns the ID token that saves the number",
        access: "verifying",
        body: confirmPhoneCodeBody,
        ok: {
          status: "200",
          description: "The ID token for POST /customer/phone-numbers (10 minutes).",
          schema: phoneCodeConfirmedResponse,
        },
        fails: {
          "400": "Or `code`: `invalid-verification-code`, `code-expired` or `invalid-verification-id`.",
          "429": "`code: too-many-requests`: the code is used up or the account made too many checks.",
        },
      }),
    },
    "/customer/phone-numbers": {
      get: accountOperation({
        summary: "The customer's phone numbers",
        access: "customer",
        ok: { status: "200", description: "Oldest first.", schema: phoneNumberListResponse },
      }),
      post: accountOperation({
        summary: "Save the phone number an ID token vouches for",
        description:
          "The ID token comes from the identity provider (built in, or Firebase) after the code was confirmed.",
        access: "verifying",
        body: addPhoneNumberBody,
        ok: {
          status: "201",
          description: "Saved; all the customer's numbers.",
          schema: phoneNumbersChangedResponse,
        },
        fails: {
          "400": `Or \`${PHONE_ADD_FAILED}\` for an invalid, expired or foreign ID token (with its \`code\`), or ten numbers saved already.`,
          "409": `\`${PHONE_ALREADY_SAVED}\``,
        },
      }),
    },
    "/customer/phone-numbers/{id}": {
      delete: accountOperation({
        summary: "Remove a phone number",
        access: "customer",
        id: true,
        ok: { status: "200", description: "Removed; the numbers left.", schema: phoneNumbersChangedResponse },
        fails: {
          "400": "The id is not 24 hex characters.",
          "404": "No such number among the customer's (another customer's id answers the same).",
        },
      }),
    },
    "/customer/addresses": {
      get: accountOperation({
        summary: "The customer's saved addresses",
        access: "customer",
        ok: { status: "200", description: "Oldest first.", schema: addressListResponse },
      }),
      post: accountOperation({
        summary: "Save an address",
        description: "The same address again (ignoring case and spacing) is the one already saved.",
        access: "customer",
        body: addressBody,
        ok: {
          status: "201",
          description: "The saved address and all of them.",
          schema: addressSavedResponse,
        },
        fails: { "400": "Or ten addresses saved already." },
      }),
    },
    "/customer/addresses/{id}": {
      delete: accountOperation({
        summary: "Remove an address",
        access: "customer",
        id: true,
        ok: { status: "200", description: "Removed; the addresses left.", schema: addressesChangedResponse },
        fails: {
          "400": "The id is not 24 hex characters.",
          "404": "No such address among the customer's (another customer's id answers the same).",
        },
      }),
    },
  };
}

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

/** Favorites, the cart, the coupon, checkout and orders (SPEC §7); all need a verified email. */
function shoppingPaths() {
  return {
    "/customer/favorites": {
      get: accountOperation({
        summary: "The customer's favorites, newest first",
        description:
          "Each entry's `productId` holds the product as GET /products lists it. `fields=productId` (what the spec's client sends) is accepted and changes nothing.",
        access: "customer",
        query: favoriteListQuery,
        ok: { status: "200", description: "A page of favorites.", schema: favoriteListResponse },
      }),
      post: accountOperation({
        summary: "Save a product to the favorites",
        description: "Saving a product that is saved already is not an error.",
        access: "customer",
        body: favoriteBody,
        ok: { status: "200", description: "Saved.", schema: favoriteChangedResponse },
        fails: { "404": NO_PRODUCT },
      }),
    },
    "/customer/favorites/{productId}": {
      delete: accountOperation({
        summary: "Remove a product from the favorites",
        description: "Removing a product that is not saved is not an error.",
        access: "customer",
        id: "productId",
        ok: { status: "200", description: "Removed.", schema: favoriteChangedResponse },
        fails: { "400": "The id is not 24 hex characters.", "404": NO_PRODUCT },
      }),
    },
    "/customer/shopping-cart": {
      get: accountOperation({
        summary: "The cart, priced from the catalogue now",
        description:
          "Reading the cart keeps its stock holds for another RESERVATION_MINUTES. A line whose hold lapsed is held again when the stock is still there, else removed; a coupon that stopped applying is removed; `message` says so. An unpaid card order past its payment window is cancelled first and its items come back to the cart.",
        access: "customer",
        ok: { status: "200", description: "The cart (SPEC §3).", schema: apiCartResponse },
      }),
      post: accountOperation({
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
      }),
      put: accountOperation({
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
      }),
      delete: accountOperation({
        summary: "Remove a line from the cart, freeing its stock",
        description: ITEM_RULES,
        access: "customer",
        body: removeCartItemBody,
        ok: { status: "200", description: "The cart left.", schema: apiCartResponse },
        fails: { "400": CART_REFUSALS, "404": `${NO_PRODUCT}, or the item is not in the cart.` },
      }),
    },
    "/customer/shopping-cart/apply-coupon": {
      put: accountOperation({
        summary: "Apply a coupon to the cart",
        description: `The code is matched ignoring case; one coupon per cart. The message starts \`${COUPON_APPLIED_PREFIX}\`.`,
        access: "customer",
        body: applyCouponBody,
        ok: { status: "200", description: "The cart with its discount.", schema: apiCartResponse },
        fails: {
          "400":
            "Or the code is unknown, expired or used up, the items are under its minimum, the cart is empty, or it holds a coupon already.",
        },
      }),
    },
    "/customer/orders/cash-on-delivery": {
      post: accountOperation({
        summary: "Order the cart, paying cash on delivery",
        description:
          "The order is `placed`: the held stock leaves the shelf, the coupon's use is counted, the prices of this moment are kept on the order, the cart is emptied and the address joins the customer's list.",
        access: "customer",
        body: checkoutBody,
        ok: { status: "201", description: "The order.", schema: checkoutResponse },
        fails: CHECKOUT_FAILS,
      }),
    },
    "/customer/orders/stripe-checkout-session": {
      post: accountOperation({
        summary: "Order the cart and open a card payment page",
        description: `As cash on delivery, but the order waits in \`pending_payment\` until the payment provider confirms it; unpaid after ${PAYMENT_WINDOW_MINUTES} minutes it is cancelled, its stock released and its items put back in the cart. The message starts \`${CARD_CHECKOUT_PREFIX}\`; \`sessionID\` and \`sessionURL\` name the hosted payment page.`,
        access: "customer",
        body: checkoutBody,
        ok: { status: "201", description: "The order and its payment page.", schema: checkoutResponse },
        fails: {
          ...CHECKOUT_FAILS,
          "503": "The payment service did not answer: the order is cancelled and the cart is unchanged.",
        },
      }),
    },
    "/customer/orders": {
      get: accountOperation({
        summary: "The customer's orders, newest first",
        access: "customer",
        query: orderListQuery,
        ok: { status: "200", description: "A page of orders.", schema: orderListResponse },
      }),
    },
    "/customer/orders/{orderId}": {
      get: accountOperation({
        summary: "One of the customer's orders",
        access: "customer",
        id: "orderId",
        ok: { status: "200", description: "The order.", schema: orderResponse },
        fails: {
          "404":
            "No such order among the customer's (another customer's id and a malformed id answer the same).",
        },
      }),
    },
  };
}

/** The published contract, built from the same zod schemas the handlers validate with. */
export function buildOpenApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "shop API",
      version: "1.0.0",
      description:
        "The storefront's REST API. Money is shown in USD with two decimals; ids are 24 hex characters. Image URLs (`image`, `imageCover`, `images`, `profileImage`) are absolute: on PUBLIC_URL when it is set, else on the origin the request was sent to; a catalogue's absolute URL (a CDN) is given as it is. Every cart answer carries the cart under `data` (`data.cartItems`, `data.pricing`, …), with `cartItems` and `numOfCartItems` also at the top level.",
    },
    servers: [{ url: "/api/v1" }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        cookie: { type: "apiKey", in: "cookie", name: "JWTToken" },
      },
    },
    paths: {
      "/categories": listOperation("List categories", categoryListQuery, taxonomyItem),
      "/brands": listOperation("List brands", brandListQuery, taxonomyItem),
      "/subcategories": listOperation(
        "List subcategories (optionally of categories)",
        subcategoryListQuery,
        taxonomyItem,
      ),
      "/undersubcategories": listOperation(
        "List under-subcategories (optionally of subcategories)",
        underSubcategoryListQuery,
        taxonomyItem,
      ),
      "/products": listOperation("List, filter and search products", productListQuery, productListItem),
      "/products/{id}": {
        get: {
          summary: "One product with sizes, colour variants and related names",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": { description: "The product.", content: json(z.object({ data: productDetail })) },
            "404": { description: "`No product for this ID: {id}.`", content: json(errorResponse) },
            "429": errors["429"],
          },
        },
      },
      ...accountPaths(),
      ...shoppingPaths(),
    },
  };
}
