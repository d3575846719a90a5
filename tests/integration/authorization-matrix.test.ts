import { sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { EMAIL_NOT_VERIFIED, PHONE_ADD_FAILED, PHONE_ERROR_MESSAGES } from "#contract/accounts.ts";
import { INVALID_SESSION, NOT_LOGGED_IN } from "#core/accounts/customers.ts";
import { keyFor } from "#core/accounts/keys.ts";
import { signToken } from "#core/accounts/tokens.ts";
import type { AccountsContext } from "#core/context.ts";
import { newId } from "#db/ids.ts";
import { ROUTE_TABLE } from "#server/api/route-table.ts";
import {
  accountRows,
  call,
  createCustomer,
  insertAddress,
  insertPhoneNumber,
  phoneIdToken,
  SAMPLE_ADDRESS,
  sessionToken,
  type TestCustomer,
} from "../support/accounts.ts";
import { setUpTestShop, TEST_JWT_SECRET } from "../support/app.ts";
import { TEST_NOW } from "../support/constants.ts";
import { insertDeliveredOrder } from "../support/reviews.ts";
import { CHECKOUT_ADDRESS, itemBody, type StockedItem, stockedItem } from "../support/shopping.ts";

// Every customer endpoint against every way a request can lack the right to it. All bad tokens get
// one and the same 401, so an attacker learns nothing about which part was wrong.

const APP_ORIGIN = "https://app.example";
const shop = setUpTestShop({ corsOrigins: [APP_ORIGIN] });

/** The phone number of the customer the bad tokens pretend to be (checkout names it). */
const OWNER_PHONE = "+212600000500";

interface Endpoint {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  /** The JSON body, or a function giving it once the fixtures exist. */
  body?: unknown;
  /**
   * What it answers a new customer with an unverified email: 403, or, for the calls that are part of
   * verifying, this status and body (given the customer's email).
   */
  unverifiedAnswer: 403 | { status: number; body: (email: string) => unknown };
}

const REVIEW = {
  rating: 1,
  title: "Changed by someone",
  text: "Who should not have changed it.",
  fit: "small",
};

const NO_EMAIL_CODE = "There is no verification code for your account. Please request a new one.";

const ENDPOINTS: Endpoint[] = [
  { method: "GET", path: "/customer", unverifiedAnswer: 403 },
  {
    method: "GET",
    path: "/customer/verify-email",
    unverifiedAnswer: {
      status: 200,
      body: (email) => ({
        status: "Success",
        message: `A verification code has been sent to ${email}. It expires in 10 minutes.`,
      }),
    },
  },
  {
    method: "POST",
    path: "/customer/verify-email",
    body: { emailVerificationCode: "123456" },
    // The new customer has asked for no code.
    unverifiedAnswer: {
      status: 400,
      body: () => ({
        status: "fail",
        message: NO_EMAIL_CODE,
        errors: [{ field: "emailVerificationCode", message: NO_EMAIL_CODE }],
      }),
    },
  },
  {
    method: "POST",
    path: "/customer/phone-verification/send-code",
    body: { phoneNumber: "+212612345600" },
    unverifiedAnswer: {
      status: 200,
      body: () => ({
        status: "Success",
        message: "A verification code has been sent to +212612345600.",
        verificationId: expect.any(String),
        phoneNumber: "+212612345600",
      }),
    },
  },
  {
    method: "POST",
    path: "/customer/phone-verification/confirm-code",
    body: { verificationId: "x", code: "123456" },
    unverifiedAnswer: {
      status: 400,
      body: () => ({
        status: "fail",
        message: PHONE_ERROR_MESSAGES["invalid-verification-id"],
        code: "invalid-verification-id",
      }),
    },
  },
  { method: "GET", path: "/customer/phone-numbers", unverifiedAnswer: 403 },
  {
    method: "POST",
    path: "/customer/phone-numbers",
    body: { idToken: "x" },
    // A made-up ID token, as the Firebase verifier answers it.
    unverifiedAnswer: {
      status: 400,
      body: () => ({ status: "fail", message: PHONE_ADD_FAILED, code: "internal-error" }),
    },
  },
  { method: "DELETE", path: "/customer/phone-numbers/:phoneId", unverifiedAnswer: 403 },
  { method: "GET", path: "/customer/addresses", unverifiedAnswer: 403 },
  { method: "POST", path: "/customer/addresses", body: SAMPLE_ADDRESS, unverifiedAnswer: 403 },
  { method: "DELETE", path: "/customer/addresses/:addressId", unverifiedAnswer: 403 },
  // Shopping (server/api/shopping.ts): bodies that would change something if the request got through.
  {
    method: "POST",
    path: "/customer/favorites",
    body: () => ({ productId: item.productId }),
    unverifiedAnswer: 403,
  },
  { method: "DELETE", path: "/customer/favorites/:productId", unverifiedAnswer: 403 },
  { method: "GET", path: "/customer/favorites", unverifiedAnswer: 403 },
  { method: "GET", path: "/customer/shopping-cart", unverifiedAnswer: 403 },
  { method: "POST", path: "/customer/shopping-cart", body: () => itemBody(item, 1), unverifiedAnswer: 403 },
  { method: "PUT", path: "/customer/shopping-cart", body: () => itemBody(item, 1), unverifiedAnswer: 403 },
  { method: "DELETE", path: "/customer/shopping-cart", body: () => itemBody(item), unverifiedAnswer: 403 },
  {
    method: "PUT",
    path: "/customer/shopping-cart/apply-coupon",
    body: { couponCode: "WELCOME10" },
    unverifiedAnswer: 403,
  },
  {
    method: "POST",
    path: "/customer/orders/cash-on-delivery",
    body: { phone: OWNER_PHONE, ...CHECKOUT_ADDRESS },
    unverifiedAnswer: 403,
  },
  {
    method: "POST",
    path: "/customer/orders/stripe-checkout-session",
    body: { phone: OWNER_PHONE, ...CHECKOUT_ADDRESS },
    unverifiedAnswer: 403,
  },
  { method: "GET", path: "/customer/orders", unverifiedAnswer: 403 },
  { method: "GET", path: "/customer/orders/:orderId", unverifiedAnswer: 403 },
  // The owner's order is cash on delivery: got through, it would answer 409, never a page.
  { method: "POST", path: "/customer/orders/:orderId/payment-session", unverifiedAnswer: 403 },
  // The owner's order is placed: got through, it would be cancelled (its stock back on the shelf).
  { method: "POST", path: "/customer/orders/:orderId/cancel", unverifiedAnswer: 403 },
  // Reviews (server/api/reviews.ts): the owner has a review to edit, delete or report.
  { method: "POST", path: "/products/:productId/reviews", body: REVIEW, unverifiedAnswer: 403 },
  { method: "PUT", path: "/reviews/:reviewId", body: REVIEW, unverifiedAnswer: 403 },
  { method: "DELETE", path: "/reviews/:reviewId", unverifiedAnswer: 403 },
  { method: "POST", path: "/reviews/:reviewId/reports", body: { reason: "Spam." }, unverifiedAnswer: 403 },
];

const DAY = 24 * 60 * 60 * 1000;
const OTHER_SECRET = "not-the-shop-secret-0123456789-abcdefghijklmnop";

/** The signing context of the test shop's secret, as tokens.ts sees it. */
const testKeys = { accounts: { secret: TEST_JWT_SECRET } as AccountsContext, now: () => TEST_NOW };
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The customer whose session the bad tokens pretend to be, with a phone number and an address to
 * delete, a favorite, a cart line (of `item`) and an order.
 */
let owner: TestCustomer;
let item: StockedItem;
let ownerOrderId: string;
let ownerPhoneId: string;
let ownerAddressId: string;
let ownerReviewId: string;
/** An account with an unverified email. */
let unverified: TestCustomer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  owner = await createCustomer(shop);
  ownerPhoneId = await insertPhoneNumber(shop, owner.id, OWNER_PHONE);
  ownerAddressId = await insertAddress(shop, owner.id, SAMPLE_ADDRESS);
  item = await stockedItem(shop, { stock: 20 });
  const ordered = await stockedItem(shop, { stock: 20 });
  for (const [method, path, body] of [
    ["POST", "/customer/favorites", { productId: item.productId }],
    ["POST", "/customer/shopping-cart", itemBody(ordered, 1)],
    ["POST", "/customer/orders/cash-on-delivery", { phone: OWNER_PHONE, ...CHECKOUT_ADDRESS }],
    ["POST", "/customer/shopping-cart", itemBody(item, 2)],
  ] as const) {
    const res = await call(shop, method, path, { token: owner.token, body });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    if (path.startsWith("/customer/orders")) ownerOrderId = res.body.order._id;
  }
  // The owner's review of a product they received (written directly: the matrix is about the door).
  ownerReviewId = newId();
  await insertDeliveredOrder(shop, owner.id, item.productId);
  await shop.rows(sql`INSERT INTO product_reviews (id, product_id, customer_id, rating, title, text, fit)
    VALUES (${ownerReviewId}, ${item.productId}, ${owner.id}, 4, 'Owner review', 'Written by the owner.', 'true')`);
  unverified = await createCustomer(shop, { verified: false });
  await insertPhoneNumber(shop, unverified.id, "+212600000501");

  const deleted = await createCustomer(shop);
  await shop.rows(sql`DELETE FROM customers WHERE id = ${deleted.id}`);
  // The password was changed since this token was issued (token version 0 → 1).
  const changed = await createCustomer(shop, { tokenVersion: 1 });
  const claims = {
    sub: owner.id,
    aud: "shop:session",
    ver: 0,
    iat: seconds(TEST_NOW),
    exp: seconds(TEST_NOW) + 3600,
  };
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

  tokens.set("malformed", "not-a-jwt");
  tokens.set("three parts of garbage", "abc.def.ghi");
  tokens.set("expired", await sessionToken(owner.id, 0, { now: new Date(TEST_NOW.getTime() - 91 * DAY) }));
  tokens.set("signed with another secret", await sessionToken(owner.id, 0, { secret: OTHER_SECRET }));
  tokens.set(
    "signed with the raw secret instead of the session key",
    await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(owner.id)
      .setAudience("shop:session")
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET)),
  );
  tokens.set("alg: none", `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`);
  tokens.set(
    "HS512 under the session key",
    await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: "HS512" })
      .setSubject(owner.id)
      .setAudience("shop:session")
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .sign(keyFor(testKeys, "session")),
  );
  tokens.set(
    "a changed payload under the original signature",
    (() => {
      const [header, , signature] = owner.token.split(".");
      return `${header}.${b64({ ...claims, sub: unverified.id })}.${signature}`;
    })(),
  );
  tokens.set("of a deleted customer", deleted.token);
  tokens.set("older than a password change", await sessionToken(changed.id, 0));
  tokens.set("of a customer that never existed", await sessionToken(newId()));
  tokens.set("a phone ID token (another use)", await phoneIdToken(owner.id, "+212600000500"));
  tokens.set(
    "a phone verification id (another use)",
    await signToken(testKeys, "phone-verification", owner.id, { phone_number: "+212600000500" }, 600),
  );
  tokens.set(
    "under the session key for another audience",
    await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(owner.id)
      .setAudience("shop:phone-id-token")
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .sign(keyFor(testKeys, "session")),
  );
  tokens.set("without a token version", await signToken(testKeys, "session", owner.id, {}, 3600));
});

const BAD_TOKENS = [
  "malformed",
  "three parts of garbage",
  "expired",
  "signed with another secret",
  "signed with the raw secret instead of the session key",
  "alg: none",
  "HS512 under the session key",
  "a changed payload under the original signature",
  "of a deleted customer",
  "older than a password change",
  "of a customer that never existed",
  "a phone ID token (another use)",
  "a phone verification id (another use)",
  "under the session key for another audience",
  "without a token version",
];

type Headers = Record<string, string>;

const pathOf = (endpoint: Endpoint) =>
  endpoint.path
    .replace(":phoneId", ownerPhoneId)
    .replace(":addressId", ownerAddressId)
    .replace(":productId", item.productId)
    .replace(":orderId", ownerOrderId)
    .replace(":reviewId", ownerReviewId);

function send(
  endpoint: Endpoint,
  options: { token?: string; cookie?: string; headers?: Record<string, string> },
) {
  const body = typeof endpoint.body === "function" ? endpoint.body() : endpoint.body;
  return call(shop, endpoint.method, pathOf(endpoint), { body, ...options });
}

/** The rows any of the endpoints could write: accounts, and in one query the shopping tables. */
async function writableRows() {
  const [shopping] = await shop.rows(sql`SELECT
      (SELECT json_agg(f ORDER BY f.customer_id, f.product_id) FROM favorites f) AS favorites,
      (SELECT json_agg(h ORDER BY h.id) FROM stock_holds h) AS holds,
      (SELECT json_agg(c ORDER BY c.customer_id) FROM carts c) AS carts,
      (SELECT json_agg(o ORDER BY o.id) FROM orders o) AS orders,
      (SELECT sum(used_count)::int FROM coupons) AS coupon_uses,
      (SELECT sum(stock)::int FROM product_sizes) AS size_stock,
      (SELECT sum(stock)::int FROM products) AS product_stock,
      (SELECT json_agg(r ORDER BY r.id) FROM product_reviews r) AS reviews,
      (SELECT json_agg(rr ORDER BY rr.review_id, rr.customer_id) FROM review_reports rr) AS review_reports`);
  return { ...(await accountRows(shop)), shopping };
}

describe.each(ENDPOINTS)("$method /api/v1$path", (endpoint) => {
  it("without a token → 401 asking to log in, nothing changed", async () => {
    const before = await writableRows();
    for (const headers of [
      {},
      { authorization: "Bearer " },
      { authorization: "Basic ZGVtbzpkZW1v" },
    ] as Headers[]) {
      const res = await send(endpoint, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toEqual({ status: "fail", message: NOT_LOGGED_IN });
    }
    expect(await writableRows()).toEqual(before);
  });

  it.each(BAD_TOKENS)("a token %s → the same 401, nothing changed", async (name) => {
    const before = await writableRows();
    const token = tokens.get(name)!;
    for (const res of [await send(endpoint, { token }), await send(endpoint, { cookie: token })]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: "fail", message: INVALID_SESSION });
    }
    expect(await writableRows()).toEqual(before);
  });

  const answer = endpoint.unverifiedAnswer;
  if (answer !== 403) {
    it(`works before the email is verified → ${answer.status}`, async () => {
      // A customer of its own, so what the call answers does not depend on the other tests.
      const customer = await createCustomer(shop, { verified: false });
      const res = await send(endpoint, { token: customer.token });
      expect(res.status).toBe(answer.status);
      expect(res.body).toEqual(answer.body(customer.email));
    });
  } else {
    it("an unverified email → 403 pointing to email verification, nothing changed", async () => {
      const before = await writableRows();
      const res = await send(endpoint, { token: unverified.token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ status: "fail", message: EMAIL_NOT_VERIFIED });
      expect(res.body.message).toMatch(/^Your email is not verified/);
      expect(await writableRows()).toEqual(before);
    });
  }
});

describe("another customer's phone numbers and addresses", () => {
  it.each([
    ["/customer/phone-numbers", "No phone number for this ID: "],
    ["/customer/addresses", "No address for this ID: "],
  ])("DELETE /api/v1%s/:id of another customer → 404 exactly like an unknown id", async (path, text) => {
    const intruder = await createCustomer(shop);
    const foreignId = path.includes("phone") ? ownerPhoneId : ownerAddressId;
    const unknownId = newId();
    const before = await writableRows();
    const foreign = await call(shop, "DELETE", `${path}/${foreignId}`, { token: intruder.token });
    const unknown = await call(shop, "DELETE", `${path}/${unknownId}`, { token: intruder.token });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(foreign.body).toEqual({ status: "fail", message: `${text}${foreignId}` });
    expect({ ...foreign.body, message: foreign.body.message.replace(foreignId, "ID") }).toEqual({
      ...unknown.body,
      message: unknown.body.message.replace(unknownId, "ID"),
    });
    expect(await writableRows()).toEqual(before);
  });

  it("lists and the profile never show another customer's entries", async () => {
    const intruder = await createCustomer(shop);
    for (const path of ["/customer/phone-numbers", "/customer/addresses"]) {
      const res = await call(shop, "GET", path, { token: intruder.token });
      expect(res.body).toEqual({ results: 0, data: [] });
    }
    const profile = await call(shop, "GET", "/customer", { token: intruder.token });
    expect(profile.body.data).toMatchObject({ _id: intruder.id, phoneNumbers: [], addressesList: [] });
  });
});

/** The writes a cookie alone may not make from another site's page: every customer call but a GET. */
const CROSS_SITE_WRITES: [method: Endpoint["method"], path: string, body: unknown][] = [
  ["POST", "/customer/addresses", { ...SAMPLE_ADDRESS, city: "Tanger" }],
  ["POST", "/customer/verify-email", { emailVerificationCode: "123456" }],
  ["POST", "/customer/phone-verification/send-code", { phoneNumber: "+212612345601" }],
  ["DELETE", "/customer/addresses/:addressId", undefined],
  ["DELETE", "/customer/phone-numbers/:phoneId", undefined],
  ["POST", "/customer/favorites", () => ({ productId: item.productId })],
  ["DELETE", "/customer/favorites/:productId", undefined],
  ["POST", "/customer/shopping-cart", () => itemBody(item, 1)],
  ["PUT", "/customer/shopping-cart", () => itemBody(item, 1)],
  ["DELETE", "/customer/shopping-cart", () => itemBody(item)],
  ["PUT", "/customer/shopping-cart/apply-coupon", { couponCode: "WELCOME10" }],
  ["POST", "/customer/orders/cash-on-delivery", { phone: OWNER_PHONE, ...CHECKOUT_ADDRESS }],
  ["POST", "/customer/orders/stripe-checkout-session", { phone: OWNER_PHONE, ...CHECKOUT_ADDRESS }],
  ["POST", "/customer/phone-verification/confirm-code", { verificationId: "x", code: "123456" }],
  ["POST", "/customer/phone-numbers", { idToken: "x" }],
  ["POST", "/customer/orders/:orderId/payment-session", undefined],
  ["POST", "/customer/orders/:orderId/cancel", undefined],
  ["POST", "/products/:productId/reviews", REVIEW],
  ["PUT", "/reviews/:reviewId", REVIEW],
  ["DELETE", "/reviews/:reviewId", undefined],
  ["POST", "/reviews/:reviewId/reports", { reason: "Spam." }],
];

describe("cookie authentication (JWTToken)", () => {
  const FOREIGN = "https://evil.example";
  const CROSS_SITE = "This request did not come from the shop's own pages.";

  it("the cookie alone authenticates a GET, whatever the origin", async () => {
    for (const headers of [{}, { origin: FOREIGN }] as Headers[]) {
      const res = await call(shop, "GET", "/customer", { cookie: owner.token, headers });
      expect(res.status).toBe(200);
      expect(res.body.data._id).toBe(owner.id);
    }
  });

  it.each(CROSS_SITE_WRITES)(
    "a cookie-authenticated %s %s from a foreign origin → 403, nothing changed",
    async (method, path, body) => {
      const endpoint = { method, path, body } as Endpoint;
      const before = await writableRows();
      for (const headers of [
        { origin: FOREIGN },
        { origin: "null" },
        { "sec-fetch-site": "cross-site" },
      ] as Headers[]) {
        const res = await send(endpoint, { cookie: owner.token, headers });
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(res.body).toEqual({ status: "fail", message: CROSS_SITE });
      }
      expect(await writableRows()).toEqual(before);
    },
  );

  it("a cookie-authenticated POST from the shop's own origin or an allowed one goes through", async () => {
    const customer = await createCustomer(shop);
    const cities = ["Agadir", "Tétouan", "Oujda", "Kénitra"];
    const headerSets: Headers[] = [
      { origin: "http://localhost" },
      { origin: APP_ORIGIN },
      { "sec-fetch-site": "same-origin" },
      {}, // not a browser: no Origin and no Sec-Fetch-Site
    ];
    for (const [i, headers] of headerSets.entries()) {
      const res = await call(shop, "POST", "/customer/addresses", {
        cookie: customer.token,
        headers,
        body: { ...SAMPLE_ADDRESS, city: cities[i] },
      });
      expect(res.status, JSON.stringify(headers)).toBe(201);
    }
    const rows = await shop.rows(sql`SELECT city FROM customer_addresses WHERE customer_id = ${customer.id}`);
    expect(rows).toHaveLength(4);
  });

  it("a Bearer token from a foreign origin is fine (a browser never sends it by itself)", async () => {
    const customer = await createCustomer(shop);
    const res = await call(shop, "POST", "/customer/addresses", {
      token: customer.token,
      cookie: "ignored-when-a-bearer-token-is-sent",
      headers: { origin: FOREIGN, "sec-fetch-site": "cross-site" },
      body: SAMPLE_ADDRESS,
    });
    expect(res.status).toBe(201);
    const del = await call(shop, "DELETE", `/customer/addresses/${res.body.address._id}`, {
      token: customer.token,
      headers: { origin: FOREIGN },
    });
    expect(del.status).toBe(200);
  });

  it("behind a TLS proxy the browser's own same-origin write goes through (Sec-Fetch-Site vouches for it)", async () => {
    // The app sees http://internal:3000 while the page is https://shop.example.
    const customer = await createCustomer(shop);
    const res = await shop.get("http://internal:3000/api/v1/customer/addresses", {
      method: "POST",
      headers: {
        cookie: `JWTToken=${customer.token}`,
        origin: "https://shop.example",
        "sec-fetch-site": "same-origin",
        "content-type": "application/json",
        "x-forwarded-for": "10.200.0.1",
      },
      body: JSON.stringify(SAMPLE_ADDRESS),
    });
    expect(res.status).toBe(201);
    // The same request as another site's page would make it is still refused.
    const forged = await shop.get("http://internal:3000/api/v1/customer/addresses", {
      method: "POST",
      headers: {
        cookie: `JWTToken=${customer.token}`,
        origin: FOREIGN,
        "sec-fetch-site": "cross-site",
        "content-type": "application/json",
        "x-forwarded-for": "10.200.0.1",
      },
      body: JSON.stringify({ ...SAMPLE_ADDRESS, city: "Meknès" }),
    });
    expect(forged.status).toBe(403);
  });

  it("another Authorization scheme (a staging site's Basic auth) leaves the cookie in charge", async () => {
    const res = await call(shop, "GET", "/customer", {
      cookie: owner.token,
      headers: { authorization: "Basic c3RhZ2luZzpzZWNyZXQ=" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data._id).toBe(owner.id);
    // A Bearer token, even a bad one, is what the client meant: no falling back to the cookie.
    const bearer = await call(shop, "GET", "/customer", { cookie: owner.token, token: "not-a-jwt" });
    expect(bearer.status).toBe(401);
  });

  it("a bad cookie from a foreign origin is a 401 like any bad token", async () => {
    const res = await call(shop, "POST", "/customer/addresses", {
      cookie: "not-a-jwt",
      headers: { origin: FOREIGN },
      body: SAMPLE_ADDRESS,
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: "fail", message: INVALID_SESSION });
  });
});

// The route table (server/api/route-table.ts) is what is mounted: a customer operation added there
// without its entries here fails these, instead of going untested.
describe("the matrix covers every operation of the route table that needs a session", () => {
  const sessionOperations = ROUTE_TABLE.filter((o) => o.access === "customer" || o.access === "verifying");
  const key = (method: string, path: string) =>
    `${method.toUpperCase()} ${path.replace(/\{\w+\}|:\w+/g, "{id}")}`;

  it("an entry for each, and none for anything else", () => {
    expect(ENDPOINTS.map((e) => key(e.method, e.path)).sort()).toEqual(
      sessionOperations.map((o) => key(o.method, o.path)).sort(),
    );
  });

  it("an unverified email is refused (403) exactly where the table asks for a verified one", () => {
    const refused = new Set(
      ENDPOINTS.filter((e) => e.unverifiedAnswer === 403).map((e) => key(e.method, e.path)),
    );
    for (const o of sessionOperations) {
      expect(refused.has(key(o.method, o.path)), `${o.method} ${o.path}`).toBe(o.access === "customer");
    }
  });

  it("every one of them but a GET is tried as a cross-site write with the cookie", () => {
    expect(CROSS_SITE_WRITES.map(([method, path]) => key(method, path)).sort()).toEqual(
      sessionOperations
        .filter((o) => o.method !== "get")
        .map((o) => key(o.method, o.path))
        .sort(),
    );
  });
});
