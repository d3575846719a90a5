import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ROUTE_TABLE } from "#server/api/route-table.ts";
import { setUpTestShop } from "../support/app.ts";

const shop = setUpTestShop({ rateLimitPerMinute: 5, corsOrigins: ["https://app.example"] });

// Each test uses its own client IP (X-Forwarded-For is trusted here) so the 5-per-minute limit set
// for the rate-limit test does not leak into the others.
let ipCounter = 0;
const from = (headers: Record<string, string> = {}) => ({
  headers: { "x-forwarded-for": `10.0.0.${++ipCounter}`, ...headers },
});

describe("health", () => {
  it("GET /healthz says the process is alive", async () => {
    const { status, body } = await shop.get("/healthz");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok" });
  });

  it("GET /readyz says the database answers", async () => {
    const { status, body } = await shop.get("/readyz");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok", checks: { database: "ok" } });
  });
});

describe("API plumbing", () => {
  it("publishes the OpenAPI contract with every catalogue, accounts and shopping endpoint and parameter", async () => {
    const { status, body } = await shop.get("/api/v1/openapi.json", from());
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    expect(Object.keys(body.paths).sort()).toEqual(
      [
        "/brands",
        "/categories",
        "/products",
        "/products/{id}",
        "/products/{id}/photos",
        "/subcategories",
        "/undersubcategories",
        "/categories/{id}",
        "/subcategories/{id}",
        "/undersubcategories/{id}",
        "/brands/{id}",
        "/banner-slides",
        "/banner-slides/{id}",
        "/auth/signup",
        "/auth/login",
        "/auth/forgotPassword",
        "/auth/passwordResetCode",
        "/auth/logout",
        "/customer",
        "/customer/verify-email",
        "/customer/phone-verification/send-code",
        "/customer/phone-verification/confirm-code",
        "/customer/phone-numbers",
        "/customer/phone-numbers/{id}",
        "/customer/addresses",
        "/customer/addresses/{id}",
        "/customer/favorites",
        "/customer/favorites/{productId}",
        "/customer/shopping-cart",
        "/customer/shopping-cart/apply-coupon",
        "/customer/orders/cash-on-delivery",
        "/customer/orders/stripe-checkout-session",
        "/customer/orders",
        "/customer/orders/{orderId}",
        "/customer/orders/{orderId}/cancel",
        "/customer/orders/{orderId}/payment-session",
        "/products/{id}/status",
        "/products/{id}/stock",
        "/products/{id}/stock-adjustments",
        "/stock/low",
        "/staff",
        "/staff/{id}",
        "/customers",
        "/audit",
        "/coupons",
        "/coupons/{id}",
        "/coupons/{id}/disable",
        "/coupons/{id}/enable",
        "/orders",
        "/orders/{id}",
        "/orders/{id}/transitions",
        "/settings",
        "/catalogue/export",
        "/catalogue/import",
        "/auth/login/two-factor",
        "/staff/me/two-factor",
        "/staff/me/two-factor/confirm",
        "/staff/me/two-factor/disable",
        "/staff/me/two-factor/recovery-codes",
        "/reports/sales",
        "/orders/{id}/refunds",
        "/webhook-endpoints",
        "/webhook-endpoints/{id}",
        "/webhook-endpoints/{id}/deliveries",
        "/webhook-endpoints/{id}/ping",
        "/webhook-endpoints/{id}/rotate-secret",
        "/products/{id}/reviews",
        "/reviews/{id}",
        "/reviews/{id}/reports",
      ].sort(),
    );
    const methods = Object.fromEntries(
      Object.entries(body.paths as Record<string, object>).map(([path, ops]) => [
        path,
        Object.keys(ops).sort(),
      ]),
    );
    expect(methods["/auth/passwordResetCode"]).toEqual(["put"]);
    expect(methods["/customer/verify-email"]).toEqual(["get", "post"]);
    expect(methods["/customer/phone-numbers"]).toEqual(["get", "post"]);
    expect(methods["/customer/addresses/{id}"]).toEqual(["delete"]);
    expect(methods["/customer/favorites"]).toEqual(["get", "post"]);
    expect(methods["/customer/favorites/{productId}"]).toEqual(["delete"]);
    expect(methods["/customer/shopping-cart"]).toEqual(["delete", "get", "post", "put"]);
    expect(methods["/customer/shopping-cart/apply-coupon"]).toEqual(["put"]);
    expect(methods["/customer/orders/cash-on-delivery"]).toEqual(["post"]);
    expect(methods["/coupons"]).toEqual(["get", "post"]);
    expect(methods["/coupons/{id}"]).toEqual(["get", "put"]);
    expect(methods["/settings"]).toEqual(["get", "put"]);
    expect(methods["/customer/orders/stripe-checkout-session"]).toEqual(["post"]);
    expect(methods["/customer/orders"]).toEqual(["get"]);
    expect(methods["/customer/orders/{orderId}"]).toEqual(["get"]);
    expect(methods["/orders"]).toEqual(["get"]);
    expect(methods["/orders/{id}/transitions"]).toEqual(["post"]);
    expect(methods["/products/{id}/reviews"]).toEqual(["get", "post"]);
    expect(methods["/reviews/{id}"]).toEqual(["delete", "patch", "put"]);
    expect(methods["/reviews/{id}/reports"]).toEqual(["post"]);
    // Every customer and staff endpoint says how it is authenticated; the visitor ones do not ask.
    for (const o of ROUTE_TABLE) {
      const op = body.paths[o.path][o.method];
      expect(Boolean(op.security), `${o.method} ${o.path}`).toBe(
        o.access !== "visitor" && o.access !== "viewer",
      );
    }
    const signup = body.paths["/auth/signup"].post.requestBody.content["application/json"].schema;
    expect(signup.required.sort()).toEqual(["confirmPassword", "email", "firstName", "lastName", "password"]);
    expect(signup.properties.firstName).toMatchObject({ minLength: 3, maxLength: 16 });
    const addToCart =
      body.paths["/customer/shopping-cart"].post.requestBody.content["application/json"].schema;
    // quantity defaults to 1, so a client may leave it out.
    expect(addToCart.required).toEqual(["productId"]);
    expect(addToCart.properties.quantity).toMatchObject({ minimum: 1, maximum: 999 });
    const checkout =
      body.paths["/customer/orders/cash-on-delivery"].post.requestBody.content["application/json"].schema;
    expect(checkout.required.sort()).toEqual(["city", "country", "phone", "postalCode", "state", "street"]);
    const coupon =
      body.paths["/customer/shopping-cart/apply-coupon"].put.requestBody.content["application/json"].schema;
    expect(coupon.properties.couponCode).toMatchObject({ minLength: 3, maxLength: 32 });
    expect(body.paths["/customer/favorites"].get.parameters.map((p: any) => p.name)).toEqual([
      "page",
      "limit",
    ]);
    expect(body.paths["/customer/orders/{orderId}"].get.parameters[0]).toMatchObject({
      name: "orderId",
      in: "path",
    });
    const names = body.paths["/products"].get.parameters.map((p: any) => p.name);
    for (const name of [
      "page",
      "limit",
      "sort",
      "fields",
      "search",
      "category",
      "subCategories",
      "underSubCategories",
      "brand",
      "ratingsAverage[gte]",
      "price[gte]",
      "price[lte]",
      "discountPercent[lte]",
    ]) {
      expect(names).toContain(name);
    }
  });

  it("publishes exactly the operations of the route table, and mounts each of them", async () => {
    const { body } = await shop.get("/api/v1/openapi.json", from());
    const published = Object.entries(body.paths as Record<string, object>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    );
    expect(published.sort()).toEqual(ROUTE_TABLE.map((o) => `${o.method} ${o.path}`).sort());
    for (const o of ROUTE_TABLE) {
      // Without a session or a body: refused or answered by the operation, never the API's 404.
      const res = await shop.app.request(`/api/v1${o.path.replace(/\{\w+\}/g, "0".repeat(24))}`, {
        method: o.method.toUpperCase(),
        ...from(),
      });
      const answer = await res.json();
      expect(answer.message ?? "", `${o.method} ${o.path}`).not.toMatch(/^Can't find /);
    }
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const { status, body } = await shop.get("/api/v1/nothing-here", from());
    expect(status).toBe(404);
    expect(body.status).toBe("fail");
  });

  it("echoes a sane request id and makes one up otherwise", async () => {
    const given = await shop.app.request("/healthz", { headers: { "x-request-id": "abc-123" } });
    expect(given.headers.get("x-request-id")).toBe("abc-123");
    const made = await shop.app.request("/healthz", { headers: { "x-request-id": "bad id\n" } });
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("allows cross-origin calls only from CORS_ORIGINS", async () => {
    const allowed = await shop.app.request("/api/v1/categories", from({ origin: "https://app.example" }));
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://app.example");
    const refused = await shop.app.request("/api/v1/categories", from({ origin: "https://evil.example" }));
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await shop.app.request("/api/v1/products", {
      method: "OPTIONS",
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "GET",
        "x-forwarded-for": "10.9.9.9",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(preflight.headers.get("access-control-allow-headers")).toBe(
      "Authorization,Content-Type,Idempotency-Key",
    );
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET,POST,PUT,PATCH,DELETE,OPTIONS");
    expect(preflight.headers.get("access-control-max-age")).toBe("600");
    expect(preflight.headers.get("vary")).toBe("Origin, Access-Control-Request-Headers");
    // A cache in front must keep one answer per Origin: every API answer says it varies by it.
    expect(allowed.headers.get("vary")).toContain("Origin");
    expect(refused.headers.get("vary")).toContain("Origin");
    expect(await allowed.json()).toEqual(await refused.json());
    // An error answer too, so the calling page can read its message.
    const missing = await shop.app.request(
      "/api/v1/products/nothing-here",
      from({ origin: "https://app.example" }),
    );
    expect(missing.status).toBe(404);
    expect(missing.headers.get("access-control-allow-origin")).toBe("https://app.example");
    const refusedPreflight = await shop.app.request("/api/v1/products", {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(refusedPreflight.status).toBe(204);
    expect(refusedPreflight.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("limits requests per IP with a 429 and the spec's message", async () => {
    const init = from();
    for (let i = 0; i < 5; i++)
      expect((await shop.app.request("/api/v1/brands?limit=1", init)).status).toBe(200);
    const res = await shop.app.request("/api/v1/brands?limit=1", init);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      status: "fail",
      message: "Too many requests, please try again later.",
    });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another client is unaffected.
    expect((await shop.app.request("/api/v1/brands?limit=1", from())).status).toBe(200);
  });

  it("compresses JSON with brotli or gzip as the client accepts", async () => {
    const br = await shop.app.request("/api/v1/products?limit=20", from({ "accept-encoding": "gzip, br" }));
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    const body = JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString());
    expect(body.data).toHaveLength(20);
    const gz = await shop.app.request("/api/v1/products?limit=20", from({ "accept-encoding": "gzip" }));
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).data).toHaveLength(20);
    const plain = await shop.app.request("/api/v1/products?limit=20", from());
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("sends a small JSON answer as it is, with its length", async () => {
    const res = await shop.app.request(
      "/api/v1/brands?limit=1&fields=name",
      from({ "accept-encoding": "gzip, br" }),
    );
    expect(res.headers.get("content-encoding")).toBeNull();
    const text = await res.text();
    expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(text));
    expect(Buffer.byteLength(text)).toBeLessThan(1024);
    expect(JSON.parse(text).data).toHaveLength(1);
  });

  it("serves generated catalogue images with long caching", async () => {
    const categories = (await shop.get("/api/v1/categories", from())).body.data;
    const res = await shop.app.request(categories[0].image);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
