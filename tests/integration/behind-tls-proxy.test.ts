import { describe, expect, it } from "vitest";
import { call, createCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { setUpStorefront } from "../support/storefront.ts";

// Behind a TLS-terminating proxy (TRUST_PROXY, no PUBLIC_URL) the shop receives plain http on an
// internal address; the browser is on https://shop.example. The request's URL is rewritten from the
// proxy's headers (server/middleware/public-url.ts), so page actions pass React Router's origin
// check, cookies are Secure, and links name the public address. The full story through a real nginx
// is tests/e2e/behind-nginx.spec.ts.

const shop = setUpTestShop();
const storefront = setUpStorefront(shop);

/** What nginx adds (docs/operations.md's example) to what the browser sends on https://shop.example. */
const VIA_PROXY = {
  "x-forwarded-proto": "https",
  "x-forwarded-host": "shop.example",
  "x-forwarded-for": "198.51.100.23",
};
const FROM_OUR_PAGE = { ...VIA_PROXY, origin: "https://shop.example", "sec-fetch-site": "same-origin" };

describe("pages behind a TLS proxy", () => {
  it("a log-in form post from the shop's https page starts a Secure session", async () => {
    const customer = await createCustomer(shop);
    const res = await storefront.request("/auth/log-in", {
      form: { email: customer.email, password: customer.password, redirectTo: "/customer/orders" },
      headers: FROM_OUR_PAGE,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/customer/orders");
    expect(res.headers.get("set-cookie")).toMatch(/^JWTToken=[^;]+;.*; Secure$/);
  });

  it("a page's data request (.data) and a fetcher's post go through", async () => {
    const customer = await createCustomer(shop);
    const res = await storefront.request("/customer/shopping-cart.data", {
      headers: FROM_OUR_PAGE,
      cookie: customer.token,
    });
    expect(res.status).toBe(200);
    const posted = await storefront.request("/auth/log-out.data", {
      method: "POST",
      headers: FROM_OUR_PAGE,
      cookie: customer.token,
    });
    expect(posted.status).toBeLessThan(400);
    expect(posted.headers.get("set-cookie")).toMatch(/^JWTToken=; Path=\//);
  });

  it("canonical links name the public https address", async () => {
    const res = await storefront.request("/", { headers: VIA_PROXY });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<link rel="canonical" href="https://shop.example/"/>');
  });

  it("forwarded headers from a client the shop does not trust as a proxy change nothing", async () => {
    // Only the outermost of TRUST_PROXY proxies is believed; a made-up host is not a host name.
    const res = await storefront.request("/", {
      headers: { ...VIA_PROXY, "x-forwarded-host": "evil.example/<script>" },
    });
    expect(await res.text()).toContain('<link rel="canonical" href="https://localhost/"/>');
  });
});

describe("the API behind a TLS proxy", () => {
  it("log-in answers with a Secure session cookie", async () => {
    const customer = await createCustomer(shop);
    const res = await call(shop, "POST", "/auth/login", {
      body: { email: customer.email, password: customer.password },
      headers: { ...VIA_PROXY, origin: "https://shop.example" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/; Secure$/);
  });
});
