import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type BrowserContext, expect, type Page } from "@playwright/test";

/** The e2e server's origin (playwright.config.ts). */
export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

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

export async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/v1${path}`);
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

/**
 * Login state is the presence of the JWTToken cookie (SPEC §4), which is all the storefront shell
 * reads; the accounts work replaces this with a real sign-in.
 */
export async function logIn(context: BrowserContext) {
  await context.addCookies([{ name: "JWTToken", value: "e2e-session", url: BASE_URL }]);
}

export async function setTheme(context: BrowserContext, theme: "light" | "dark") {
  await context.addCookies([{ name: "theme", value: theme, url: BASE_URL }]);
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(" | ")})`),
  ).toEqual([]);
}

/** `1234,50 USD` (SPEC §1). */
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
