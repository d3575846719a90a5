import { brotliDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { beforeEach, describe, expect, it } from "vitest";
import { compression } from "./compression.ts";
import {
  createLocalPageGeneration,
  type PageGeneration,
  pageCache,
  pageCacheSettings,
} from "./page-cache.ts";
import { securityHeaders } from "./security-headers.ts";
import { isSharedPageRequest, sharedCache } from "./shared-cache.ts";

// The instance's page cache serves a visitor's page again without rendering it, under the key
// nginx uses, and never a personal answer (docs/caching.md#the-instances-page-cache). The app here
// is the middleware chain of server/app.ts around a renderer that says which render it is.

let renders = 0;
let clock = 0;
/** What the next render says the price is: the catalogue, as far as these tests go. */
let price = "10.00";

function shop(seconds = 10, generation?: PageGeneration) {
  const app = new Hono();
  app.use(securityHeaders({ PUBLIC_URL: undefined }));
  app.use(pageCache({ seconds, maxBytes: 1024 * 1024, now: () => clock, generation }));
  app.use(compression());
  app.use(sharedCache({ SHARED_CACHE_SECONDS: 60, SHARED_CACHE_STALE_SECONDS: 30 }));
  app.post("/api/v1/products/:id", (c) => c.json({ ok: true }));
  app.post("/api/v1/refused", (c) => c.json({ message: "no" }, 400));
  app.get("/cookie", (c) => {
    c.set("sharedCandidate", true);
    c.header("Set-Cookie", "theme=dark");
    return c.html("<p>sets a cookie</p>");
  });
  app.get("/missing", (c) => {
    c.set("sharedCandidate", true);
    return c.html("<p>Not found</p>", 404);
  });
  app.get("*", async (c) => {
    const shared = isSharedPageRequest(c.req.raw);
    c.set("sharedCandidate", shared);
    renders++;
    const n = renders;
    // Long enough to be compressed, so copies per encoding differ.
    const filler = "<li>a shirt</li>".repeat(100);
    const who = c.req.header("cookie")?.includes("JWTToken") ? "Zephyrine's cart" : "";
    const width = c.req.header("cookie")?.match(/vw=(\d+)/)?.[1] ?? "";
    return c.html(
      `<html><body><p>render ${n}</p><p>price ${price}</p><p>${who}</p><p>width ${width}</p><ul>${filler}</ul><script>boot()</script></body></html>`,
    );
  });
  return app;
}

async function text(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  return res.headers.get("content-encoding") === "br"
    ? brotliDecompressSync(bytes).toString()
    : bytes.toString();
}

const get = async (app: Hono, path: string, headers: Record<string, string> = {}) =>
  app.request(`http://shop.test${path}`, { headers });

beforeEach(() => {
  renders = 0;
  clock = 1_000_000;
  price = "10.00";
});

describe("a visitor's page", () => {
  it("is rendered once and then served from memory, byte for byte, with its script hashes in the policy", async () => {
    const app = shop();
    const first = await get(app, "/product/1");
    const firstText = await text(first);
    clock += 3_000;
    const second = await get(app, "/product/1");
    expect(await text(second)).toBe(firstText);
    expect(renders).toBe(1);
    expect(second.status).toBe(200);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    expect(second.headers.get("content-security-policy")).toMatch(/'sha256-[^']+'/);
    expect(second.headers.get("content-security-policy")).not.toMatch(/nonce/);
  });

  it("tells a cache in front only what remains of its s-maxage", async () => {
    const app = shop();
    const first = await get(app, "/product/1");
    expect(first.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=30",
    );
    clock += 7_400;
    const later = await get(app, "/product/1");
    expect(later.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=53, stale-while-revalidate=30",
    );
  });

  it("is rendered again once its seconds are over, and shows what changed", async () => {
    const app = shop(10);
    await get(app, "/product/1");
    price = "12.00";
    clock += 9_000;
    expect(await text(await get(app, "/product/1"))).toContain("price 10.00");
    clock += 1_001;
    expect(await text(await get(app, "/product/1"))).toContain("price 12.00");
    expect(renders).toBe(2);
  });

  it("is kept per URL and per encoding, as nginx keys it", async () => {
    const app = shop();
    await get(app, "/product/1");
    await get(app, "/product/1", { "accept-encoding": "gzip, deflate, br" });
    await get(app, "/product/1?size=M");
    await get(app, "/product/2");
    expect(renders).toBe(4);
    const br = await get(app, "/product/1", { "accept-encoding": "br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(await text(br)).toContain("render 2");
    expect(await text(await get(app, "/product/1"))).toContain("render 1");
    expect(renders).toBe(4);
  });

  it("on the search pages, per viewport-width range of the vw cookie, and on other pages not", async () => {
    const app = shop();
    await get(app, "/search/shirt", { cookie: "vw=1300" });
    expect(await text(await get(app, "/search/shirt", { cookie: "vw=1400" }))).toContain("width 1300");
    expect(await text(await get(app, "/search/shirt", { cookie: "vw=390" }))).toContain("width 390");
    expect(renders).toBe(2);
    await get(app, "/product/1", { cookie: "vw=1300" });
    expect(await text(await get(app, "/product/1", { cookie: "vw=390" }))).toContain("width 1300");
    expect(renders).toBe(3);
  });

  it("answers a matching If-None-Match with 304 and a HEAD with the headers alone", async () => {
    const app = shop();
    const first = await get(app, "/product/1");
    const etag = first.headers.get("etag")!;
    const revalidated = await get(app, "/product/1", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    const head = await app.request("http://shop.test/product/1", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(etag);
    expect(await head.text()).toBe("");
    expect(renders).toBe(1);
  });

  it("is rendered once for requests that arrive while it renders", async () => {
    const app = shop();
    const bodies = await Promise.all(Array.from({ length: 5 }, () => get(app, "/product/1").then(text)));
    expect(new Set(bodies).size).toBe(1);
    expect(renders).toBe(1);
  });
});

describe("never kept or served from memory", () => {
  it("a signed-in customer's page, nor is a visitor's copy served to them", async () => {
    const app = shop();
    await get(app, "/product/1");
    const signedIn = await get(app, "/product/1", { cookie: "JWTToken=abc" });
    expect(await text(signedIn)).toContain("Zephyrine's cart");
    expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");
    expect(await text(await get(app, "/product/1", { cookie: "JWTToken=abc" }))).toContain("render 3");
    expect(await text(await get(app, "/product/1", { authorization: "Bearer abc" }))).toContain("render 4");
    // And the visitor still gets the visitor's copy.
    const visitor = await text(await get(app, "/product/1"));
    expect(visitor).toContain("render 1");
    expect(visitor).not.toContain("Zephyrine");
  });

  it("the personal pages, answers that set a cookie, and errors", async () => {
    const app = shop();
    for (const path of ["/customer/cart", "/checkout", "/auth/login", "/admin", "/cookie", "/missing"]) {
      await get(app, path);
      await get(app, path);
    }
    // Each page path rendered twice; /cookie and /missing are not counted by the catch-all.
    expect(renders).toBe(8);
  });
});

describe("a write through this instance", () => {
  it("empties the cache, so the change shows at once", async () => {
    const app = shop();
    await get(app, "/product/1");
    price = "12.00";
    await app.request("http://shop.test/api/v1/products/1", { method: "POST" });
    expect(await text(await get(app, "/product/1"))).toContain("price 12.00");
  });

  it("through another instance sharing the count of writes empties this one's too", async () => {
    const shared = createLocalPageGeneration();
    const a = shop(10, shared);
    const b = shop(10, shared);
    await get(b, "/product/1");
    price = "12.00";
    await a.request("http://shop.test/api/v1/products/1", { method: "POST" });
    expect(await text(await get(b, "/product/1"))).toContain("price 12.00");
  });

  it("begun while a page renders keeps that render from being served", async () => {
    let finishRender!: () => void;
    const slow = new Hono();
    const generation = createLocalPageGeneration();
    slow.use(pageCache({ seconds: 10, maxBytes: 1024 * 1024, now: () => clock, generation }));
    slow.use(sharedCache({ SHARED_CACHE_SECONDS: 60 }));
    slow.post("/api/v1/products/:id", (c) => c.json({ ok: true }));
    slow.get("*", async (c) => {
      c.set("sharedCandidate", true);
      renders++;
      const said = `render ${renders} price ${price}`;
      if (renders === 1) await new Promise<void>((resolve) => (finishRender = resolve));
      return c.html(`<p>${said}</p>`);
    });
    const first = get(slow, "/product/1");
    await expect.poll(() => renders).toBe(1);
    price = "12.00";
    await slow.request("http://shop.test/api/v1/products/1", { method: "POST" });
    finishRender();
    expect(await (await first).text()).toContain("price 10.00");
    expect(await (await get(slow, "/product/1")).text()).toContain("render 2 price 12.00");
  });

  it("that the app does not count (a visitor's) leaves the cache as it was", async () => {
    const app = new Hono();
    app.use(pageCache({ seconds: 10, maxBytes: 1024 * 1024, now: () => clock, countsAsWrite: () => false }));
    app.use(sharedCache({ SHARED_CACHE_SECONDS: 60 }));
    app.post("/api/v1/auth/logout", (c) => c.json({ ok: true }));
    app.get("*", (c) => {
      c.set("sharedCandidate", true);
      renders++;
      return c.html(`<p>render ${renders}</p>`);
    });
    await get(app, "/product/1");
    await app.request("http://shop.test/api/v1/auth/logout", { method: "POST" });
    expect(await (await get(app, "/product/1")).text()).toContain("render 1");
  });

  it("refused with 4xx changes nothing, and leaves the cache as it was", async () => {
    const app = shop();
    await get(app, "/product/1");
    await app.request("http://shop.test/api/v1/refused", { method: "POST" });
    expect(await text(await get(app, "/product/1"))).toContain("render 1");
  });
});

describe("settings", () => {
  it("are off outside production unless set, and never longer than a shared cache may keep a page", () => {
    expect(pageCacheSettings({ NODE_ENV: "test" }).seconds).toBe(0);
    expect(pageCacheSettings({ NODE_ENV: "production" }).seconds).toBe(10);
    expect(pageCacheSettings({ NODE_ENV: "test", PAGE_CACHE_SECONDS: 30 }).seconds).toBe(30);
    expect(
      pageCacheSettings({ NODE_ENV: "production", PAGE_CACHE_SECONDS: 30, SHARED_CACHE_SECONDS: 5 }).seconds,
    ).toBe(5);
    expect(pageCacheSettings({ NODE_ENV: "production", SHARED_CACHE_SECONDS: 0 }).seconds).toBe(0);
    expect(pageCacheSettings({ PAGE_CACHE_MB: 2 }).maxBytes).toBe(2 * 1024 * 1024);
  });

  it("of 0 seconds render every request", async () => {
    const app = shop(0);
    await get(app, "/product/1");
    await get(app, "/product/1");
    expect(renders).toBe(2);
  });
});
