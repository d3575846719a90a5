import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
import { decodeJwt } from "jose";
import { createSessionToken, signToken } from "../../core/accounts/tokens.ts";
import type { CoreContext } from "../../core/context.ts";
import { stableId } from "../../db/ids.ts";
import { E2E_JWT_SECRET } from "./secret.ts";

/** The e2e server's origin (playwright.config.ts). */
export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

/** The origin of the shop the running test's project talks to (PGlite, or the PostgreSQL smoke run). */
export function shopOrigin(): string {
  return test.info().project.use.baseURL ?? BASE_URL;
}

export interface ApiSize {
  _id: string;
  size: string;
  quantity: number;
  price: number;
  priceBeforeDiscount: number;
  discountPercent: number;
}
export interface ApiProduct {
  _id: string;
  title: string;
  price: number;
  priceBeforeDiscount: number;
  discountPercent: number;
  quantity: number;
  description: string;
  sizes: ApiSize[];
  category: { _id: string; name: string };
  subCategories: { _id: string; name: string }[];
  underSubCategories: { _id: string; name: string }[];
  brand: { _id: string; name: string } | null;
  group: { productsIDs: { _id: string; colorName: string }[] } | null;
  ratingsAverage: number;
  ratingsQuantity: number;
}

/**
 * A read the API client may repeat after a network error: the client keeps idle connections open
 * for reuse, and a request sent just as the server closes one fails with a reset, which says nothing
 * about the shop. Only reads are repeated; a write is sent once.
 */
const READ_RETRIES = 2;

export async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/v1${path}`, { maxRetries: READ_RETRIES });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** The first product (best sellers first) whose detail satisfies `test`. */
export async function findProduct(
  request: APIRequestContext,
  test: (p: ApiProduct) => boolean,
): Promise<ApiProduct> {
  const list = await api<{ data: { _id: string }[] }>(request, "/products?limit=100&sort=-sold&fields=_id");
  for (const { _id } of list.data) {
    const { data } = await api<{ data: ApiProduct }>(request, `/products/${_id}`);
    if (test(data)) return data;
  }
  throw new Error("no product in the demo catalogue matches");
}

export const DEMO = {
  email: "demo@shop.test",
  password: "demo12345",
  id: stableId("customer", "demo@shop.test"),
};

/** The demo staff (demo/shop-data.ts: DEMO_STAFF). */
export const DEMO_STAFF = {
  admin: { email: "admin@shop.test", password: "admin12345", id: stableId("customer", "admin@shop.test") },
  manager: {
    email: "manager@shop.test",
    password: "manager12345",
    id: stableId("customer", "manager@shop.test"),
  },
} as const;

/**
 * A session token for an account, signed with the e2e server's secret (as log-in would issue it; a
 * staff `role` gets a staff session's lifetime).
 */
export function sessionToken(customerId = DEMO.id, tokenVersion = 0, role?: string): Promise<string> {
  const ctx = { accounts: { secret: E2E_JWT_SECRET }, now: () => new Date() } as Pick<
    CoreContext,
    "accounts" | "now"
  >;
  return createSessionToken(ctx, { id: customerId, tokenVersion, role });
}

/** Signs the browser in as a demo staff member (the log-in page has its own stories). */
export async function logInAsStaff(context: BrowserContext, role: keyof typeof DEMO_STAFF) {
  const token = await sessionToken(DEMO_STAFF[role].id, 0, role);
  await context.addCookies([{ name: "JWTToken", value: token, url: shopOrigin() }]);
}

/**
 * Signs the browser in as the demo customer (verified email, one phone, one address) by setting the
 * session cookie directly; the log-in page itself has its own stories (accounts.spec.ts).
 */
export async function logIn(context: BrowserContext, customerId = DEMO.id) {
  await context.addCookies([{ name: "JWTToken", value: await sessionToken(customerId), url: shopOrigin() }]);
}

/**
 * Saves a verified phone number for a customer through the API, with the ID token the built-in
 * phone verifier would have issued after the SMS code (the add-phone page has its own stories).
 */
export async function addVerifiedPhone(
  request: APIRequestContext,
  customer: { id: string; token: string },
  phoneNumber = "+212612345678",
) {
  const ctx = { accounts: { secret: E2E_JWT_SECRET }, now: () => new Date() } as Pick<
    CoreContext,
    "accounts" | "now"
  >;
  const idToken = await signToken(ctx, "phone-id-token", customer.id, { phone_number: phoneNumber }, 300);
  const res = await request.post("/api/v1/customer/phone-numbers", {
    data: { idToken },
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
}

export interface OutboxMessage {
  channel: "email" | "sms";
  to: string;
  subject: string;
  text: string;
}

/**
 * The newest 6-digit code mailed or texted to `to` (the built-in outbox, /dev/outbox.json). Order
 * mails arrive in the same outbox from the job queue, at their own pace: the newest message with a
 * code is the one, whatever came after it.
 */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (
        await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`, { maxRetries: READ_RETRIES })
      ).json()) as OutboxMessage[];
      code = messages.map((m) => m.text.match(/\b(\d{6})\b/)?.[1]).find(Boolean);
      return code;
    })
    .toBeTruthy();
  return code!;
}

let customerCount = 0;

/** A new customer through the API (sign-up, and the emailed code when `verified`). */
export async function createCustomer(
  request: APIRequestContext,
  options: { verified?: boolean; firstName?: string } = {},
): Promise<{ id: string; email: string; password: string; token: string }> {
  const email = `e2e-${Date.now()}-${process.pid}-${++customerCount}@shop.test`;
  const password = "password123";
  const res = await request.post("/api/v1/auth/signup", {
    // An address of its own (made up from worker and count): sign-ups are limited per address, and
    // a fixture is not what that limit is about (playwright.config.ts trusts the header).
    headers: { "x-forwarded-for": `203.0.${process.pid % 256}.${customerCount % 256}` },
    data: {
      firstName: options.firstName ?? "Sam",
      lastName: "Tester",
      email,
      password,
      confirmPassword: password,
    },
  });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  if (options.verified) {
    const code = await latestCode(request, email);
    const verified = await request.post("/api/v1/customer/verify-email", {
      data: { emailVerificationCode: code },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verified.status()).toBe(200);
  }
  const profile = decodeJwt(token);
  return { id: String(profile.sub), email, password, token };
}

export async function setTheme(context: BrowserContext, theme: "light" | "dark") {
  await context.addCookies([{ name: "theme", value: theme, url: shopOrigin() }]);
}

/** `1234,50 USD` (docs/storefront/README.md#prices). */
export function price(amount: number): string {
  const cents = Math.round(amount * 100);
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")} USD`;
}

/** Fails the request for the page data of a client-side navigation (React Router's `.data`). */
export async function failDataRequests(page: Page, how: { status: number } | "abort") {
  await page.route(/\.data(\?|$)/, (route) =>
    how === "abort"
      ? route.abort("connectionrefused")
      : route.fulfill({ status: how.status, body: "failure" }),
  );
}

/** Waits until React has hydrated the page (root.tsx marks the document). */
export async function hydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/**
 * Opens the account menu and logs out. The menu closes itself on a navigation (app/components/use-dismiss.ts),
 * and on a loaded machine one the page started earlier can land after the menu opened: then it is
 * opened again, as a shopper would.
 */
export async function logOutFromMenu(nav: Locator) {
  const logOut = nav.getByRole("button", { name: "log out" }).filter({ visible: true });
  await expect(async () => {
    if (!(await logOut.isVisible())) await nav.getByLabel("Account menu").click();
    await logOut.click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

// ---- Favorites and orders (favorites.spec.ts, orders.spec.ts) ----

/** A call to the API as a customer (Bearer token); fails the test unless it answers 2xx. */
export async function customerCall<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`/api/v1${path}`, {
    method,
    data,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

let phoneCount = 0;

/** A verified customer with one verified phone number (checkout needs one), of its own. */
export async function createCustomerWithPhone(request: APIRequestContext) {
  const customer = await createCustomer(request, { verified: true });
  const digits = `${Date.now() % 10_000_000}${++phoneCount}`.padStart(8, "0").slice(-8);
  const phone = `+2126${digits}`;
  await addVerifiedPhone(request, customer, phone);
  return { ...customer, phone };
}

export const ORDER_ADDRESS = {
  country: "Morocco",
  state: "Casablanca-Settat",
  city: "Casablanca",
  street: "12 Rue des Fleurs",
  postalCode: "20250",
};

export interface ApiOrder {
  _id: string;
  number: number;
  status: string;
  isPaid: boolean;
  items: { product: { _id: string; title: string }; size: string | null; quantity: number }[];
  pricing: { taxPrice: number; shippingPrice: number; totalPrice: number; totalPriceAfterDiscount: number };
  paymentExpiresAt: string | null;
}

/** Puts one in-stock product in the customer's cart and checks out (cash on delivery or card). */
export async function placeOrder(
  request: APIRequestContext,
  customer: { token: string; phone: string },
  product: ApiProduct,
  method: "cash-on-delivery" | "stripe-checkout-session" = "cash-on-delivery",
): Promise<ApiOrder> {
  const size = product.sizes.find((s) => s.quantity > 0)?.size;
  await customerCall(request, customer.token, "POST", "/customer/shopping-cart", {
    productId: product._id,
    quantity: 1,
    size,
  });
  const placed = await customerCall<{ order: ApiOrder }>(
    request,
    customer.token,
    "POST",
    `/customer/orders/${method}`,
    { phone: customer.phone, ...ORDER_ADDRESS },
  );
  return placed.order;
}

// ---- Time and settled pages (home, search, shell and accessibility stories) ----

/**
 * Stops time in the page. The test installed Playwright's clock (`page.clock.install()`) before the
 * page loaded, so the page's clock started at the real time and has run no faster since: a minute
 * from now is always ahead of it. The jump fires once each timer due by then; afterwards no timer
 * fires until the test runs the clock (`page.clock.runFor`). Axe runs on the page's timers, so a scan
 * needs the clock running.
 */
export async function pauseClock(page: Page) {
  await page.clock.pauseAt(Date.now() + 60_000);
}

/** Waits until every streamed part of the page has arrived: no loading placeholder is left in `main`. */
export async function streamedIn(page: Page) {
  await expect(page.locator("main .skeleton")).toHaveCount(0);
}
