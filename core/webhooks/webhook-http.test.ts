import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postWebhook } from "./webhook-http.ts";

// The request itself, against a receiver on this machine: a redirect is an answer, not followed; only
// the start of a long answer is read; a receiver that never answers meets the deadline; and in
// production a host name that resolves to this machine is refused when connecting.

let server: Server;
let base: string;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? "");
    if (req.url === "/redirect") {
      res.writeHead(302, { location: "/elsewhere" }).end();
    } else if (req.url === "/long") {
      res.writeHead(500);
      res.write("x".repeat(64 * 1024));
      // Never ends on its own: the reader must stop at its limit.
    } else if (req.url === "/silent") {
      // Never answers.
    } else {
      req.resume();
      req.on("end", () => res.writeHead(204).end());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const request = (path: string, overrides: Partial<Parameters<typeof postWebhook>[0]> = {}) =>
  postWebhook({
    url: `${base}${path}`,
    headers: { "content-type": "application/json" },
    body: "{}",
    timeoutMs: 10_000,
    maxResponseBytes: 1024,
    publicOnly: false,
    ...overrides,
  });

describe("postWebhook", () => {
  it("answers with the status", async () => {
    expect((await request("/ok")).status).toBe(204);
  });

  it("does not follow a redirect", async () => {
    expect((await request("/redirect")).status).toBe(302);
    expect(seen).not.toContain("/elsewhere");
  });

  it("reads no more of an answer than its limit", async () => {
    const answer = await request("/long");
    expect(answer.status).toBe(500);
    expect(answer.bodyStart.length).toBe(1024);
  });

  it("gives up on a receiver that does not answer by the deadline", async () => {
    await expect(request("/silent", { timeoutMs: 300 })).rejects.toThrow(/abort|timeout/i);
  });

  it("refuses a host name resolving to a private address when only public ones are allowed", async () => {
    const port = new URL(base).port;
    const before = seen.length;
    await expect(request("/ok", { url: `http://localhost:${port}/ok`, publicOnly: true })).rejects.toThrow(
      /not a public address/,
    );
    expect(seen.length).toBe(before);
  });
});
