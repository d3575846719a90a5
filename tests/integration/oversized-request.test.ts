import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOversizedRequests, OVERSIZED_TITLE } from "../../server/oversized-request.ts";
import { setUpTestShop } from "../support/app.ts";

// A request Node's parser refuses before the app sees it (headers over 16 KB) gets the shop's own
// page with the security headers, never the browser's bare error or a crash
// (server/oversized-request.ts, docs/decisions/032-odd-input-answers.md).

const shop = setUpTestShop();

/** Sends `raw` over a socket of its own and reads the whole answer (the server closes after it). */
function exchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(answer));
    // The server may reset the connection while the client is still sending: what counts is the answer.
    socket.on("error", (error) => (answer ? resolve(answer) : reject(error)));
    socket.write(raw);
  });
}

describe("requests too large to parse", () => {
  let server: ReturnType<typeof serve>;
  let port: number;
  beforeAll(async () => {
    server = serve({ fetch: shop.app.fetch, port: 0, hostname: "127.0.0.1" });
    answerOversizedRequests(server as import("node:http").Server, { PUBLIC_URL: undefined });
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("answers a 20 KB search URL with the shop's own page: 431, HTML, security headers", async () => {
    const answer = await exchange(
      port,
      `GET /search/${"a".repeat(20_000)}?page=1 HTTP/1.1\r\nHost: shop.test\r\n\r\n`,
    );
    const [head, body] = answer.split("\r\n\r\n", 2) as [string, string];
    expect(head.split("\r\n")[0]).toBe("HTTP/1.1 431 Request Header Fields Too Large");
    expect(head).toMatch(/^Content-Type: text\/html; charset=utf-8$/im);
    expect(head).toMatch(/^Content-Security-Policy: default-src 'self'; script-src 'self' 'nonce-/im);
    expect(head).toMatch(/^X-Content-Type-Options: nosniff$/im);
    expect(head).toMatch(/^X-Frame-Options: DENY$/im);
    expect(head).toMatch(/^Referrer-Policy: strict-origin-when-cross-origin$/im);
    expect(head).toMatch(/^Permissions-Policy: /im);
    expect(body).toContain(`<h1>${OVERSIZED_TITLE}</h1>`);
    expect(body).toContain('<a class="button" href="/">GO TO HOME</a>');
    expect(Buffer.byteLength(body)).toBe(Number(/^Content-Length: (\d+)$/im.exec(head)![1]));
  });

  it("answers a header over the limit the same way", async () => {
    const answer = await exchange(
      port,
      `GET / HTTP/1.1\r\nHost: shop.test\r\nCookie: x=${"b".repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 431 Request Header Fields Too Large");
    expect(answer).toContain(OVERSIZED_TITLE);
  });

  it("still answers other malformed requests with a bare 400, and keeps serving", async () => {
    const answer = await exchange(port, "NOT HTTP AT ALL\r\n\r\n");
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    const health = await fetch(`http://127.0.0.1:${port}/api/v1/products?limit=1&fields=name`);
    expect(health.status).toBe(200);
  });
});

describe("the API keeps refusing out-of-range prices, naming the field", () => {
  it("answers 400 for a minimum price over the contract's maximum", async () => {
    const res = await shop.app.request("/api/v1/products?price[gte]=99999999");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("price[gte]");
  });

  it("answers 400 for a search text over 200 characters", async () => {
    const res = await shop.app.request(`/api/v1/products?search=${"a".repeat(201)}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("search must be at most 200 characters");
  });
});
