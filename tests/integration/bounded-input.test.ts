import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountRows, call } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";

// Bodies are bounded before they are read, and text the database cannot store (NUL) is a 400 naming
// the field wherever it arrives: JSON body, query string, path segment, page form
// (server/middleware/request-input.ts, contract/storable-text.ts).

const shop = setUpTestShop();

describe("bodies over the limit", () => {
  let server: ReturnType<typeof serve>;
  let port: number;
  beforeAll(async () => {
    server = serve({ fetch: shop.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /**
   * POSTs `path` as a client that announces (or streams) far more than it sends: it keeps sending
   * 16 KB chunks, up to `chunks`, until the answer arrives. The server may close the connection
   * once it has answered; what counts is the answer.
   */
  function post(path: string, headers: Record<string, string>, chunks: number) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      let answered = false;
      // A connection of its own: the server closes one whose announced body never came.
      const options = { host: "127.0.0.1", port, path, method: "POST", headers, agent: false };
      const req = httpRequest(options, (res) => {
        answered = true;
        let body = "";
        res.on("data", (d) => {
          body += d;
        });
        res.on("end", () => resolve({ status: res.statusCode!, body }));
        res.on("error", () => resolve({ status: res.statusCode!, body }));
      });
      req.on("error", (error) => {
        if (!answered) reject(error);
      });
      const chunk = Buffer.alloc(16 * 1024, "a");
      let sent = 0;
      const send = () => {
        while (!answered && sent < chunks) {
          sent++;
          if (!req.write(chunk)) return void req.once("drain", send);
        }
        if (!answered) req.end();
      };
      send();
    });
  }

  it("refuses a JSON body by its declared length, before reading it: 413 with the limit", async () => {
    const res = await post(
      "/api/v1/auth/login",
      { "content-type": "application/json", "content-length": String(600 * 1024 * 1024) },
      0,
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      status: "fail",
      message: "The request body is too large: at most 64 KB.",
    });
  });

  it("refuses a JSON body sent without a length once it passes the limit", async () => {
    const res = await post(
      "/api/v1/auth/login",
      { "content-type": "application/json", "transfer-encoding": "chunked" },
      8,
    );
    expect(res.status).toBe(413);
  });

  it("refuses a page form post over the limit", async () => {
    const res = await post(
      "/auth/log-in",
      { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
      8,
    );
    expect(res.status).toBe(413);
    expect(res.body).toBe("The request body is too large: at most 64 KB.");
  });
});

describe("text the database cannot store", () => {
  it("in a JSON body is a 400 naming the field, and changes nothing", async () => {
    const before = await accountRows(shop);
    const res = await call(shop, "POST", "/auth/signup", {
      body: {
        firstName: "Sa\u0000m",
        lastName: "Tester",
        email: "nul@example.test",
        password: "long-enough",
        confirmPassword: "long-enough",
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: "fail",
      message: "firstName contains a character that is not allowed.",
      errors: [{ field: "firstName", message: "firstName contains a character that is not allowed." }],
    });
    expect(await accountRows(shop)).toEqual(before);
  });

  it("in a query string or a path segment is a 400 naming it, on the API and on pages", async () => {
    for (const [path, field] of [
      ["/api/v1/products?search=shi%00rt", "search"],
      ["/dev/outbox.json?to=%00", "to"],
      ["/api/v1/products/%00", "path"],
      ["/checkout/test/%00", "path"],
    ] as const) {
      const res = await shop.app.request(path, { headers: { "x-forwarded-for": "127.0.0.1" } });
      expect(res.status, path).toBe(400);
      const text = await res.text();
      expect(text, path).toContain(`${field} contains a character that is not allowed.`);
    }
    const malformed = await shop.app.request("/api/v1/products/%E0%A4%A");
    expect(malformed.status).toBe(400);
  });

  it("in a page form is a 400 naming the field, before the page's action", async () => {
    const res = await shop.app.request("/auth/log-in", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=sam%00%40example.test&password=x",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("email contains a character that is not allowed.");
  });
});

describe("numeric filters", () => {
  it("accept every value the contract accepts: a decimal discount bound is a 200", async () => {
    const res = await shop.get("/api/v1/products?discountPercent[lte]=1.5&fields=discountPercent&limit=100");
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const product of res.body.data) expect(product.discountPercent).toBeLessThanOrEqual(1);
  });
});
