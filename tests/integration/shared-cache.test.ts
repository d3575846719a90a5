import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { weakEtag } from "#server/middleware/shared-cache.ts";
import { call, createCustomer, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { itemBody, stockedItem } from "../support/shopping.ts";
import { setUpStorefront } from "../support/storefront.ts";

// A visitor's pages and the catalogue's public GETs may be kept by a shared cache (nginx's
// proxy_cache, docs/caching.md); nothing personal may be inside them: every storefront page asked
// for by a visitor and by a signed-in customer, compared (docs/decisions/054-shared-cache.md).

const shop = setUpTestShop();
const storefront = setUpStorefront(shop);

const SHARED = /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/;

/** The directives of a response's Content-Security-Policy, by name. */
function scriptSources(res: Response): string[] {
  const policy = res.headers.get("content-security-policy") ?? "";
  const part = policy.split(";").find((p) => p.trim().startsWith("script-src"));
  return part?.trim().split(/\s+/).slice(1) ?? [];
}

/** The text of each inline script of a document, as the browser hashes it. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(` ${attributes}`))
    .map(([, , text]) => text!);
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

let customer: TestCustomer;
let productId: string;

/** Every storefront page a visitor reaches, and the status it answers with. */
async function storefrontPages(): Promise<string[]> {
  const categories = await call(shop, "GET", "/categories");
  const brands = await call(shop, "GET", "/brands");
  const category = (categories.body as { data: { _id: string }[] }).data[0]!._id;
  const brand = (brands.body as { data: { _id: string }[] }).data[0]!._id;
  return [
    "/",
    "/search",
    "/search/shirt",
    `/search/?page=1&category=${category}`,
    `/search/?page=1&brand=${brand}`,
    `/product/${productId}`,
  ];
}

async function signedInCustomerWithACart(): Promise<void> {
  customer = await createCustomer(shop, { verified: true, firstName: "Zephyrine", lastName: "Quillfeather" });
  const item = await stockedItem(shop, { stock: 5 });
  productId = item.productId;
  const added = await call(shop, "POST", "/customer/shopping-cart", {
    token: customer.token,
    body: itemBody(item, 2),
  });
  expect(added.status).toBe(200);
  const favorite = await call(shop, "POST", "/customer/favorites", {
    token: customer.token,
    body: { productId },
  });
  expect(favorite.status).toBe(200);
}

beforeAll(signedInCustomerWithACart);

describe("a visitor's pages and a customer's, compared", () => {
  it("a visitor's page is shareable and the same for every visitor; a customer's is private", async () => {
    for (const page of await storefrontPages()) {
      // Two visitors, one with a dark theme and a phone-sized viewport cookie of its own.
      const first = await storefront.request(page);
      const second = await storefront.request(page, {
        headers: { cookie: "theme=dark; vw=1300; shop_device=abc" },
      });
      // One expectation, so a failure's message shows all three as answered.
      expect({
        page,
        status: first.status,
        cacheControl: first.headers.get("cache-control"),
        setCookie: first.headers.get("set-cookie"),
      }).toEqual({ page, status: 200, cacheControl: expect.stringMatching(SHARED), setCookie: null });
      expect(first.headers.get("etag"), page).toMatch(/^W\/"[\w-]+"$/);
      const html = await first.text();
      // Nothing per request: the same bytes (so no nonce, no token, no per-visitor value).
      expect(await second.text(), page).toBe(html);
      expect(second.headers.get("etag"), page).toBe(first.headers.get("etag"));
      expect(html, page).not.toMatch(/\snonce="/);
      expect(html, page).not.toMatch(/<html[^>]*class="dark"/);
      expect(html, page).not.toContain("Account menu");
      expect(html, page).not.toContain("Shopping cart, ");
      expect(html, page).not.toContain(customer.email);
      expect(html, page).not.toContain("Zephyrine");
      expect(html, page).not.toContain('"isFavorite":true');
      // The policy names each inline script's hash, and no nonce.
      const sources = scriptSources(first);
      expect(
        sources.some((s) => s.startsWith("'nonce-")),
        page,
      ).toBe(false);
      for (const script of inlineScripts(html)) expect(sources, page).toContain(sha256(script));

      const signedIn = await storefront.request(page, { cookie: customer.token });
      expect(signedIn.status, page).toBe(200);
      expect(signedIn.headers.get("cache-control"), page).toBe("private, no-cache");
      expect(signedIn.headers.get("etag"), page).toBeNull();
      const own = await signedIn.text();
      // The customer's page has what is theirs: the account menu, the cart's count, a nonce.
      expect(own, page).toContain("Account menu");
      expect(own, page).toContain("Shopping cart, 1 item");
      expect(own, page).toMatch(/\snonce="/);
      expect(
        scriptSources(signedIn).some((s) => s.startsWith("'nonce-")),
        page,
      ).toBe(true);
    }
  });

  it("a customer's theme is rendered by the server; a visitor's page comes theme-neutral", async () => {
    const signedIn = await storefront.request("/", {
      headers: { cookie: `JWTToken=${customer.token}; theme=dark` },
    });
    expect(await signedIn.text()).toMatch(/<html[^>]*class="dark"/);
    const visitor = await storefront.request("/", { headers: { cookie: "theme=dark" } });
    const html = await visitor.text();
    expect(html).not.toMatch(/<html[^>]*class="dark"/);
    expect(html).not.toMatch(/<html[^>]*color-scheme/);
  });

  it("a search page's size follows the viewport cookie read as nginx's key reads it", async () => {
    const count = async (cookie?: string) => {
      const res = await storefront.request("/search", { headers: cookie ? { cookie } : {} });
      return ((await res.text()).match(/href="\/product\//g) ?? []).length;
    };
    const desktop = await count();
    // A width written otherwise than the boot script writes it counts as no width (as in nginx's map).
    expect(await count("vw=%36%30%30")).toBe(desktop);
    expect(await count("vw=0600")).toBe(desktop);
    expect(await count("vw=1300")).toBe(desktop);
    expect(await count("vw=600")).toBeLessThan(desktop);
  });

  it("answers 304 to a visitor whose copy is current", async () => {
    const first = await storefront.request("/");
    const etag = first.headers.get("etag")!;
    const again = await storefront.request("/", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toMatch(SHARED);
    expect(await again.text()).toBe("");
  });

  it("never shares the personal pages, an error page, or an answer that sets a cookie", async () => {
    for (const page of [
      "/auth/log-in",
      "/auth/sign-up",
      "/auth/forgot-password",
      "/customer/profile",
      "/customer/shopping-cart",
      "/customer/favorites",
      "/customer/orders",
      "/admin",
      "/no/such/page",
      `/product/${"0".repeat(24)}`,
    ]) {
      const res = await storefront.request(page);
      expect(res.headers.get("cache-control"), page).toBe("private, no-cache");
      expect(res.headers.get("etag"), page).toBeNull();
      await res.arrayBuffer();
    }
    // The not-found page of a visitor has no nonce either (rendered as shareable), so its scripts are hashed.
    const missing = await storefront.request("/no/such/page");
    expect(missing.status).toBe(404);
    const html = await missing.text();
    for (const script of inlineScripts(html)) expect(scriptSources(missing)).toContain(sha256(script));
    // Log out answers with a cookie: never shared.
    const logOut = await storefront.request("/auth/log-out", { cookie: customer.token });
    expect(logOut.headers.get("cache-control") ?? "").not.toMatch(/public/);
  });

  it("the same for a signed-in customer's back-office and account pages", async () => {
    for (const page of ["/customer/profile", "/customer/shopping-cart", "/customer/favorites"]) {
      const res = await storefront.request(page, { cookie: customer.token });
      expect(res.status, page).toBe(200);
      expect(res.headers.get("cache-control"), page).toBe("private, no-cache");
      // Streamed through nginx as rendered: nginx does not buffer it.
      expect(res.headers.get("x-accel-buffering"), page).toBe("no");
      await res.arrayBuffer();
    }
  });
});

describe("the API's public GETs", () => {
  it("are shareable for a visitor and private with a session, which adds the favorite marker", async () => {
    for (const path of ["/products?limit=5", `/products/${productId}`, "/categories", "/brands"]) {
      const visitor = await shop.app.request(`/api/v1${path}`);
      expect(visitor.status, path).toBe(200);
      expect(visitor.headers.get("cache-control"), path).toMatch(SHARED);
      expect(visitor.headers.get("etag"), path).toMatch(/^W\//);
      // The tag is of the body as sent (made from the JSON text, never read back: decision 066).
      const body = new Uint8Array(await visitor.clone().arrayBuffer());
      expect(visitor.headers.get("etag"), path).toBe(weakEtag(body));
      const revalidated = await shop.app.request(`/api/v1${path}`, {
        headers: { "if-none-match": visitor.headers.get("etag")! },
      });
      expect(revalidated.status, path).toBe(304);
      expect(revalidated.headers.get("cache-control"), path).toMatch(SHARED);
      expect(await revalidated.text(), path).toBe("");
      expect(
        scriptSources(visitor).some((s) => s.startsWith("'nonce-")),
        path,
      ).toBe(false);
      const again = await shop.app.request(`/api/v1${path}`);
      expect(again.headers.get("content-security-policy")).toBe(
        visitor.headers.get("content-security-policy"),
      );
      expect(await again.text(), path).toBe(await visitor.text());

      const asCustomer: Record<string, string>[] = [
        { authorization: `Bearer ${customer.token}` },
        { cookie: `JWTToken=${customer.token}` },
      ];
      for (const headers of asCustomer) {
        const own = await shop.app.request(`/api/v1${path}`, { headers });
        expect(own.status, path).toBe(200);
        expect(own.headers.get("cache-control"), path).toBe("private, no-cache");
        expect(own.headers.get("etag"), path).toBeNull();
        await own.arrayBuffer();
      }
    }
    const own = await call(shop, "GET", `/products/${productId}`, { token: customer.token });
    expect(own.body).toMatchObject({ data: { isFavorite: true } });
  });

  it("a customer's own GETs and a refused request are private", async () => {
    const cart = await shop.app.request("/api/v1/customer/shopping-cart", {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(cart.headers.get("cache-control")).toBe("private, no-cache");
    const refused = await shop.app.request("/api/v1/customer/shopping-cart");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("private, no-cache");
    const missing = await shop.app.request(`/api/v1/products/${"0".repeat(24)}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("private, no-cache");
  });
});
