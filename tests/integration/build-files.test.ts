import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { setUpTestShop } from "../support/app.ts";

// The client build as `npm start` serves it (server/app.ts serveBuild): fingerprinted assets for a
// year, the few top-level files for an hour, each as the build compressed it; every other path goes
// on to the API, the images and the pages without a look on disk.

const clientDir = mkdtempSync(path.join(tmpdir(), "shop-client-"));
mkdirSync(path.join(clientDir, "assets"));
const script = "console.log('entry');\n".repeat(200);
writeFileSync(path.join(clientDir, "assets", "entry-abc123.js"), script);
writeFileSync(path.join(clientDir, "assets", "entry-abc123.js.br"), brotliCompressSync(script));
writeFileSync(path.join(clientDir, "site.webmanifest"), '{"name":"shop"}');
// Not a file of the build's top level: a directory, which a path must not reach.
mkdirSync(path.join(clientDir, "product"));

const shop = setUpTestShop({ clientDir });

describe("the client build's files", () => {
  it("serves an asset for a year, Brotli-compressed as the build wrote it", async () => {
    const res = await shop.app.request("/assets/entry-abc123.js", { headers: { "accept-encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(brotliCompressSync(script));
  });

  it("serves a top-level file of the build for an hour", async () => {
    const res = await shop.app.request("/site.webmanifest");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await res.text()).toBe('{"name":"shop"}');
  });

  it("leaves every other path to the routes after it", async () => {
    // The test shop renders no pages: a path that is no file is the app's 404, not a file's answer.
    for (const p of ["/product", "/product/abc", "/site.webmanifest.br", "/missing.txt"]) {
      const res = await shop.app.request(p);
      expect(res.status, p).toBe(404);
    }
    const api = await shop.get("/api/v1/brands?limit=1");
    expect(api.status).toBe(200);
  });
});
