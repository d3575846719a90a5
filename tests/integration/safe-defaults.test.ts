import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTBOX_REFUSED } from "#server/outbox-routes.ts";
import { createTestShop, type TestShop } from "../support/app.ts";

// The development outbox holds every sign-in and reset code: on a default start only this machine
// may read it (docs/decisions/021-safe-defaults.md). These tests talk over real sockets, because
// the peer address is what is being judged.

/** This machine's first non-loopback IPv4 address: connecting to it makes the peer not loopback. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

async function listen(shop: TestShop, hostname: string) {
  const server = serve({ fetch: shop.app.fetch, port: 0, hostname });
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (host: string, path: string) => `http://${host}:${port}${path}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe("the development outbox on a default start (no proxy trusted)", () => {
  let shop: TestShop;
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    shop = await createTestShop({ proxyHops: 0 });
    server = await listen(shop, "0.0.0.0");
  });
  afterAll(async () => {
    await server.close();
    await shop.close();
  });

  it("answers a client on this machine", async () => {
    const res = await fetch(server.url("127.0.0.1", "/dev/outbox.json"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    const page = await fetch(server.url("127.0.0.1", "/dev/outbox"));
    expect(page.status).toBe(200);
  });

  it.skipIf(!lanAddress)("refuses a client on another machine, the page and the JSON alike", async () => {
    for (const path of ["/dev/outbox.json?to=sam@example.test", "/dev/outbox"]) {
      const res = await fetch(server.url(lanAddress!, path));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ status: "fail", message: OUTBOX_REFUSED });
    }
  });

  it("refuses what a proxy on this machine forwards: the client behind it could be anyone", async () => {
    for (const header of ["x-forwarded-for", "x-real-ip", "forwarded"]) {
      const res = await fetch(server.url("127.0.0.1", "/dev/outbox.json"), {
        headers: { [header]: header === "forwarded" ? "for=198.51.100.7" : "198.51.100.7" },
      });
      expect(res.status, header).toBe(403);
    }
  });
});

describe("the development outbox behind a trusted proxy", () => {
  let shop: TestShop;
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    shop = await createTestShop({ proxyHops: 1 });
    server = await listen(shop, "127.0.0.1");
  });
  afterAll(async () => {
    await server.close();
    await shop.close();
  });

  it("judges the address the proxy saw, not the proxy's own", async () => {
    const stranger = await fetch(server.url("127.0.0.1", "/dev/outbox.json"), {
      headers: { "x-forwarded-for": "198.51.100.7" },
    });
    expect(stranger.status).toBe(403);
    // A stranger who writes a loopback address in front of their own gains nothing.
    const forged = await fetch(server.url("127.0.0.1", "/dev/outbox.json"), {
      headers: { "x-forwarded-for": "127.0.0.1, 198.51.100.7" },
    });
    expect(forged.status).toBe(403);
    const local = await fetch(server.url("127.0.0.1", "/dev/outbox.json"), {
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    expect(local.status).toBe(200);
  });
});

describe("an outbox the operator opened (DEV_OUTBOX=open)", () => {
  let shop: TestShop;
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    shop = await createTestShop({ proxyHops: 0, devOutbox: "open" });
    server = await listen(shop, "0.0.0.0");
  });
  afterAll(async () => {
    await server.close();
    await shop.close();
  });

  it.skipIf(!lanAddress)("answers other machines", async () => {
    const res = await fetch(server.url(lanAddress!, "/dev/outbox.json"));
    expect(res.status).toBe(200);
  });
});

describe("in production", () => {
  it("there is no outbox at all, even opened", async () => {
    const shop = await createTestShop({ proxyHops: 0, devOutbox: "open", nodeEnv: "production" });
    try {
      const res = await shop.app.request("/dev/outbox.json");
      expect(res.status).toBe(404);
    } finally {
      await shop.close();
    }
  });
});

describe("the client address behind trusted proxies", () => {
  it("with one proxy, is the right-most X-Forwarded-For entry: forged entries to its left share its limit", async () => {
    const shop = await createTestShop({ proxyHops: 1, rateLimitPerMinute: 2 });
    try {
      const statuses = [];
      for (const forged of ["1.1.1.1", "2.2.2.2", "3.3.3.3"]) {
        const res = await shop.app.request("/api/v1/brands", {
          headers: { "x-forwarded-for": `${forged}, 203.0.113.9` },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      // Another client, seen by the proxy at another address, has its own count.
      const other = await shop.app.request("/api/v1/brands", {
        headers: { "x-forwarded-for": "203.0.113.10" },
      });
      expect(other.status).toBe(200);
    } finally {
      await shop.close();
    }
  });

  it("with two proxies, is the entry the outer one appended", async () => {
    const shop = await createTestShop({ proxyHops: 2, rateLimitPerMinute: 2 });
    try {
      const statuses = [];
      for (const forged of ["1.1.1.1", "2.2.2.2", "3.3.3.3"]) {
        const res = await shop.app.request("/api/v1/brands", {
          headers: { "x-forwarded-for": `${forged}, 203.0.113.20, 10.0.0.2` },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      const other = await shop.app.request("/api/v1/brands", {
        headers: { "x-forwarded-for": "203.0.113.21, 10.0.0.2" },
      });
      expect(other.status).toBe(200);
    } finally {
      await shop.close();
    }
  });
});
