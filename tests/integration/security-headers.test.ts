import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  PERMISSIONS_POLICY,
  STRICT_TRANSPORT_SECURITY,
  securityHeaders,
} from "#server/middleware/security-headers.ts";
import { createCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { setUpStorefront } from "../support/storefront.ts";

// Every response carries the security headers, and the pages' inline scripts all carry the nonce
// their response's Content-Security-Policy names (docs/decisions/023-security-headers.md). The
// browser side (no violation on any page of the stories) is tests/e2e/fixtures.ts.

const shop = setUpTestShop();
const storefront = setUpStorefront(shop);

/** The directives of a policy, by name. */
function directives(policy: string | null): Record<string, string[]> {
  expect(policy).toBeTruthy();
  return Object.fromEntries(
    policy!.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

/**
 * `shared`: a visitor's page or public GET, which a shared cache may keep, names its inline scripts'
 * hashes instead of a nonce (docs/decisions/054-shared-cache.md; tests/integration/shared-cache.test.ts).
 */
function expectSecurityHeaders(res: Response, { shared = false } = {}) {
  const csp = directives(res.headers.get("content-security-policy"));
  expect(csp["default-src"]).toEqual(["'self'"]);
  expect(csp["script-src"]).toContain("'self'");
  expect(csp["script-src"]).not.toContain("'unsafe-inline'");
  expect(csp["script-src"]).not.toContain("'unsafe-eval'");
  expect(csp["script-src"]!.filter((s) => s.startsWith("'nonce-"))).toHaveLength(shared ? 0 : 1);
  expect(csp["frame-ancestors"]).toEqual(["'none'"]);
  expect(csp["object-src"]).toEqual(["'none'"]);
  expect(csp["base-uri"]).toEqual(["'self'"]);
  expect(csp["form-action"]).toEqual(["'self'"]);
  // Without SMS_PROVIDER=firebase nothing outside the shop is allowed.
  expect(csp["connect-src"]).toEqual(["'self'"]);
  expect(csp["frame-src"]).toEqual(["'none'"]);
  expect(csp["worker-src"]).toEqual(["'self'", "blob:"]);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("permissions-policy")).toBe(PERMISSIONS_POLICY);
  for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()"]) {
    expect(res.headers.get("permissions-policy")).toContain(feature);
  }
  // Plain http without a proxy saying otherwise: no HSTS.
  expect(res.headers.get("strict-transport-security")).toBeNull();
}

function nonceOf(res: Response): string {
  const source = directives(res.headers.get("content-security-policy"))["script-src"]!.find((s) =>
    s.startsWith("'nonce-"),
  )!;
  return source.slice("'nonce-".length, -1);
}

/** Every `<script …>` start tag of a document, with its attributes. */
function scriptTags(html: string): { tag: string; type?: string; nonce?: string; src?: string }[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => ({
    tag,
    type: tag.match(/\stype="([^"]*)"/)?.[1],
    nonce: tag.match(/\snonce="([^"]*)"/)?.[1],
    src: tag.match(/\ssrc="([^"]*)"/)?.[1],
  }));
}

/** Types a browser runs (data blocks such as JSON-LD and the deferred entry's text/plain are not). */
const RUNS = new Set([undefined, "", "module", "text/javascript", "application/javascript"]);

function expectEveryScriptNonced(html: string, nonce: string) {
  const scripts = scriptTags(html).filter((s) => RUNS.has(s.type));
  // The theme boot script, the hydration starter, React Router's context script, the scroll
  // restoration at least.
  expect(scripts.length).toBeGreaterThanOrEqual(3);
  for (const script of scripts) expect(script.nonce, script.tag).toBe(nonce);
}

describe("security headers", () => {
  it("are on an API answer", async () => {
    const res = await shop.app.request("/api/v1/products?limit=1");
    expect(res.status).toBe(200);
    expectSecurityHeaders(res, { shared: true });
  });

  it("are on an API 404 and on an unknown path", async () => {
    const api = await shop.app.request("/api/v1/no-such-thing");
    expect(api.status).toBe(404);
    expectSecurityHeaders(api);
    // The test shop has no page renderer: Hono's own 404.
    const other = await shop.app.request("/no-such-page");
    expect(other.status).toBe(404);
    expectSecurityHeaders(other);
  });

  it("are on an API error answer and on the health check", async () => {
    const bad = await shop.app.request("/api/v1/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expectSecurityHeaders(bad);
    expectSecurityHeaders(await shop.app.request("/healthz"));
  });

  it("are on an image and on an image 404", async () => {
    const [brand] = await shop.rows<{ image: string }>(sql`SELECT image FROM brands ORDER BY slug LIMIT 1`);
    const image = await shop.app.request(brand!.image);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expectSecurityHeaders(image);
    const missing = await shop.app.request("/images/brands/not-a-brand.webp");
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing);
  });

  it("give each response its own nonce", async () => {
    const [a, b] = await Promise.all([shop.app.request("/healthz"), shop.app.request("/healthz")]);
    expect(nonceOf(a)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(a)).not.toBe(nonceOf(b));
  });

  it("send HSTS only when a trusted proxy says the client used https", async () => {
    const viaTls = await shop.app.request("/healthz", {
      headers: { "x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.7" },
    });
    expect(viaTls.headers.get("strict-transport-security")).toBe(STRICT_TRANSPORT_SECURITY);
    const viaPlain = await shop.app.request("/healthz", { headers: { "x-forwarded-proto": "http" } });
    expect(viaPlain.headers.get("strict-transport-security")).toBeNull();
    // Two entries behind one trusted proxy: the client wrote the left one, the proxy the right.
    const forged = await shop.app.request("/healthz", { headers: { "x-forwarded-proto": "https, http" } });
    expect(forged.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("security headers without a trusted proxy, or with an https PUBLIC_URL", () => {
  const app = (config: Parameters<typeof securityHeaders>[0]) => {
    const hono = new Hono();
    hono.use(securityHeaders(config));
    hono.get("/", (c) => c.text("ok"));
    return hono;
  };

  it("ignore X-Forwarded-Proto when no proxy is trusted", async () => {
    const res = await app({}).request("/", { headers: { "x-forwarded-proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("send HSTS for an https request, or when PUBLIC_URL is https", async () => {
    const direct = await app({}).request("https://shop.example/");
    expect(direct.headers.get("strict-transport-security")).toBe(STRICT_TRANSPORT_SECURITY);
    const configured = await app({ PUBLIC_URL: "https://shop.example" }).request("/");
    expect(configured.headers.get("strict-transport-security")).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it("are on an error the handler throws", async () => {
    const hono = app({});
    hono.get("/boom", () => {
      throw new Error("boom");
    });
    hono.onError((_error, c) => c.text("failed", 500));
    const res = await hono.request("/boom");
    expect(res.status).toBe(500);
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("the policy for Firebase phone verification and Stripe checkout", () => {
  it("allows reCAPTCHA, the Identity Toolkit and the emulator only with SMS_PROVIDER=firebase", () => {
    const csp = directives(
      contentSecurityPolicy("n0nce", {
        SMS_PROVIDER: "firebase",
        FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
      }),
    );
    expect(csp["script-src"]).toEqual([
      "'self'",
      "'nonce-n0nce'",
      "'report-sample'",
      "https://www.google.com/recaptcha/",
      "https://www.gstatic.com/recaptcha/",
    ]);
    expect(csp["connect-src"]).toEqual([
      "'self'",
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
      "http://127.0.0.1:9099",
    ]);
    expect(csp["frame-src"]).toEqual([
      "https://www.google.com/recaptcha/",
      "https://recaptcha.google.com/recaptcha/",
    ]);
    const builtin = directives(contentSecurityPolicy("n0nce", { SMS_PROVIDER: "builtin" }));
    expect(builtin["script-src"]).toEqual(["'self'", "'nonce-n0nce'", "'report-sample'"]);
    expect(builtin["connect-src"]).toEqual(["'self'"]);
    expect(builtin["frame-src"]).toEqual(["'none'"]);
  });

  it("with an auth domain, also the SDK's helper frame and its loader", () => {
    const csp = directives(
      contentSecurityPolicy("n", {
        SMS_PROVIDER: "firebase",
        FIREBASE_AUTH_DOMAIN: "shop.firebaseapp.com",
      }),
    );
    expect(csp["script-src"]).toContain("https://apis.google.com");
    expect(csp["frame-src"]).toContain("https://shop.firebaseapp.com");
  });

  it("lets a card checkout's form post go on to Stripe's payment page only with PAYMENT_PROVIDER=stripe", () => {
    const stripe = directives(
      contentSecurityPolicy("n", {
        PAYMENT_PROVIDER: "stripe",
        PUBLIC_URL: "https://shop.example/",
        STRIPE_API_BASE: "http://127.0.0.1:12111/v1",
      }),
    );
    expect(stripe["form-action"]).toEqual([
      "'self'",
      "https://shop.example",
      "https://checkout.stripe.com",
      "http://127.0.0.1:12111",
    ]);
    const builtin = directives(contentSecurityPolicy("n", { PAYMENT_PROVIDER: "builtin" }));
    expect(builtin["form-action"]).toEqual(["'self'"]);
  });
});

describe("pages", () => {
  it("carry the headers, and every inline script carries the response's nonce", async () => {
    // A customer's page: a visitor's names its scripts' hashes instead (shared-cache.test.ts).
    const customer = await createCustomer(shop);
    const res = await storefront.request("/", { cookie: customer.token });
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
    const html = await res.text();
    const nonce = nonceOf(res);
    expectEveryScriptNonced(html, nonce);
    // The deferred hydration's starter is one of them (app/lib/deferred-hydration.server.ts).
    expect(html).toContain('id="shop-entry"');
    expect(html).toContain(`<script nonce="${nonce}">(function(){var n=document.currentScript`);
    // The nonced modulepreloads are held back for the starter to put back, as without a nonce.
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toMatch(/id="shop-entry" data-preload="[^"]+"/);
  });

  it("a page that streams its data after the shell nonces the streamed scripts too", async () => {
    const customer = await createCustomer(shop);
    const res = await storefront.request("/customer/shopping-cart", { cookie: customer.token });
    expect(res.status).toBe(200);
    expectEveryScriptNonced(await res.text(), nonceOf(res));
  });

  it("the page 404 carries the headers and nonced scripts", async () => {
    const customer = await createCustomer(shop);
    const res = await storefront.request("/no-such-page", { cookie: customer.token });
    expect(res.status).toBe(404);
    expectSecurityHeaders(res);
    expectEveryScriptNonced(await res.text(), nonceOf(res));
    // A visitor's 404 was rendered as a shareable page would be: hashes, no nonce.
    const visitor = await storefront.request("/no-such-page");
    expect(visitor.status).toBe(404);
    expectSecurityHeaders(visitor, { shared: true });
  });
});
