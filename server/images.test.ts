import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createImageRoutes } from "./images.ts";

// Count renders while keeping the real renderer.
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock("../demo/images/render.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../demo/images/render.ts")>();
  return {
    ...actual,
    renderSpec: (spec: Parameters<typeof actual.renderSpec>[0]) => {
      renders.count++;
      return actual.renderSpec(spec);
    },
  };
});

const PATH = "/images/products/tshirt/red/front-200.webp";
// The catalogue of these tests has one brand (the real lookup is tested in tests/integration/images.test.ts).
const knowsBrand = async (slug: string) => slug === "acme";

describe("image routes", () => {
  let cacheDir: string;

  beforeEach(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), "shop-images-"));
    renders.count = 0;
  });

  afterEach(async () => {
    await rm(cacheDir, { recursive: true, force: true });
  });

  it("renders, caches on disk and serves with immutable caching headers", async () => {
    const app = createImageRoutes({ knowsBrand, cacheDir });
    const res = await app.request(PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const etag = res.headers.get("ETag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("Content-Length")).toBe(String(body.length));
    expect((await sharp(body).metadata()).width).toBe(200);
    const onDisk = await readFile(join(cacheDir, PATH));
    expect(Buffer.compare(onDisk, body)).toBe(0);
    expect(await readdir(join(cacheDir, "images/products/tshirt/red"))).toEqual(["front-200.webp"]);
  });

  it("serves the second request from the disk cache", async () => {
    const app = createImageRoutes({ knowsBrand, cacheDir });
    const first = await app.request(PATH);
    const firstEtag = first.headers.get("ETag");
    await first.arrayBuffer();
    expect(renders.count).toBe(1);
    // A different instance (fresh memory) finds the file another instance wrote.
    const other = createImageRoutes({ knowsBrand, cacheDir });
    const second = await other.request(PATH);
    expect(second.status).toBe(200);
    expect((await app.request(PATH)).status).toBe(200);
    expect(renders.count).toBe(1);
    expect(second.headers.get("ETag")).toBe(firstEtag);
    // Prove the bytes come from disk: replace the cached file and ask again.
    const marker = Buffer.from("cached-bytes");
    await writeFile(join(cacheDir, PATH), marker);
    const third = await createImageRoutes({ knowsBrand, cacheDir }).request(PATH);
    expect(Buffer.from(await third.arrayBuffer()).toString()).toBe("cached-bytes");
    expect(third.headers.get("Content-Type")).toBe("image/webp");
    // Known files stream without re-reading; the ETag still matches the content.
    const again = await other.request(PATH);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).toString()).toBe("cached-bytes");
    expect(again.headers.get("ETag")).toBe(third.headers.get("ETag"));
  });

  it("answers 304 to a matching If-None-Match, fresh or cached", async () => {
    const app = createImageRoutes({ knowsBrand, cacheDir });
    const res = await app.request(PATH);
    const etag = res.headers.get("ETag")!;
    await res.arrayBuffer();
    for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, "*"]) {
      const cached = await app.request(PATH, { headers: { "If-None-Match": header } });
      expect(cached.status, header).toBe(304);
      expect(cached.headers.get("ETag")).toBe(etag);
      expect(await cached.text()).toBe("");
    }
    const fresh = await createImageRoutes({
      knowsBrand,
      cacheDir: await mkdtemp(join(cacheDir, "other-")),
    }).request(PATH, {
      headers: { "If-None-Match": etag },
    });
    expect(fresh.status).toBe(304);
    const mismatch = await app.request(PATH, { headers: { "If-None-Match": '"something-else"' } });
    expect(mismatch.status).toBe(200);
  });

  it("answers HEAD with headers and no body", async () => {
    const app = createImageRoutes({ knowsBrand, cacheDir });
    const head = await app.request("/images/categories/women-200.webp", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toBe("image/webp");
    expect(head.headers.get("ETag")).toBeTruthy();
    expect(Number(head.headers.get("Content-Length"))).toBeGreaterThan(0);
    expect(await head.text()).toBe("");
    const headCached = await app.request("/images/categories/women-200.webp", { method: "HEAD" });
    expect(headCached.status).toBe(200);
    expect(headCached.headers.get("ETag")).toBe(head.headers.get("ETag"));
    expect(await headCached.text()).toBe("");
  });

  it("renders once for concurrent requests of the same missing image", async () => {
    const app = createImageRoutes({ knowsBrand, cacheDir });
    const path = "/images/banners/4-640.avif";
    const responses = await Promise.all(Array.from({ length: 6 }, () => app.request(path)));
    const bodies = await Promise.all(responses.map(async (r) => Buffer.from(await r.arrayBuffer())));
    for (const r of responses) {
      expect(r.status).toBe(200);
      expect(r.headers.get("Content-Type")).toBe("image/avif");
    }
    for (const b of bodies) expect(Buffer.compare(b, bodies[0]!)).toBe(0);
    expect(new Set(responses.map((r) => r.headers.get("ETag"))).size).toBe(1);
    expect(renders.count).toBe(1);
    expect(await readdir(join(cacheDir, "images/banners"))).toEqual(["4-640.avif"]);
  });

  // Dot segments, even percent-encoded ones, are resolved by the URL parser before routing: those
  // requests ask for /etc/passwd, which no image route matches, so the router's own 404 answers.
  const IMAGE_NOT_FOUND = [
    "application/json",
    JSON.stringify({ status: "fail", message: "Image not found" }),
  ];
  const NO_SUCH_ROUTE = ["text/plain; charset=UTF-8", "404 Not Found"];
  it.each([
    ["/images/products/kilt/red/front.webp", IMAGE_NOT_FOUND],
    ["/images/products/tshirt/red/front-300.webp", IMAGE_NOT_FOUND],
    ["/images/products/tshirt/red/front.gif", IMAGE_NOT_FOUND],
    ["/images/products/tshirt/red/..%2f..%2f..%2fetc%2fpasswd.webp", IMAGE_NOT_FOUND],
    ["/images/products/%2e%2e/%2e%2e/etc/passwd", NO_SUCH_ROUTE],
    ["/images/products/../../etc/passwd", NO_SUCH_ROUTE],
    ["/images/%2e%2e/%2e%2e/%2e%2e/etc/passwd", NO_SUCH_ROUTE],
    ["/images/", IMAGE_NOT_FOUND],
  ])("404s %s", async (path, [contentType, body]) => {
    const app = createImageRoutes({ knowsBrand, cacheDir });
    const res = await app.request(path);
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toBe(contentType);
    expect(await res.text()).toBe(body);
    expect(await readdir(cacheDir)).toEqual([]);
    expect(renders.count).toBe(0);
  });

  it("answers unknown image paths with the JSON error", async () => {
    const res = await createImageRoutes({ knowsBrand, cacheDir }).request("/images/brands/Not_A_Brand.webp");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: "fail", message: "Image not found" });
  });

  it("renders a brand the catalogue knows, and nothing for any other name: no file, no render", async () => {
    const app = createImageRoutes({ knowsBrand, cacheDir });
    const unknown = await app.request("/images/brands/anything-at-all.webp");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status: "fail", message: "Image not found" });
    expect(await readdir(cacheDir)).toEqual([]);
    expect(renders.count).toBe(0);

    const known = await app.request("/images/brands/acme.webp");
    expect(known.status).toBe(200);
    expect(renders.count).toBe(1);
  });
});
