// GET/HEAD /images/*: generated demo images (see demo/images/render.ts), cached on disk.
//
// Only paths accepted by parseImagePath are ever joined to the cache directory, so the parser doubles
// as the path-traversal guard. Cache files are written to a temporary name and renamed into place, so
// concurrent requests and other instances never see a partial file; concurrent requests for the same
// missing image in this process share one render.

import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import type { Context } from "hono";
import { Hono } from "hono";
import { type ImageSpec, parseImagePath, renderSpec } from "../demo/images/render.ts";

const CACHE_CONTROL = "public, max-age=31536000, immutable";
const CONTENT_TYPES = { webp: "image/webp", avif: "image/avif" } as const;
const MAX_ETAGS = 20_000;

export interface ImageRoutesOptions {
  /** Directory holding rendered images, laid out like the URL paths ({cacheDir}/images/...). */
  cacheDir: string;
  /**
   * Whether the catalogue has a brand with this slug. Brand names are the one open set of image
   * names: without this check any name would be rendered and stored, and the disk would grow
   * without bound. Every other kind is a closed set the parser checks.
   */
  knowsBrand: (slug: string) => Promise<boolean>;
}

const MAX_KNOWN_BRANDS = 10_000;

function etagOf(body: Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((raw) => {
    const tag = raw.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  });
}

export function createImageRoutes(options: ImageRoutesOptions): Hono {
  const app = new Hono();
  const inflight = new Map<string, Promise<Buffer | null>>();
  // ETags of files already hashed: lets disk hits stream without reading the whole file first.
  const known = new Map<string, { etag: string; size: number; mtimeMs: number }>();

  // Brands found in the catalogue (a brand is rarely removed; its images are immutable anyway).
  const brands = new Set<string>();
  const knowsBrand = async (slug: string) => {
    if (brands.has(slug)) return true;
    if (!(await options.knowsBrand(slug))) return false;
    if (brands.size >= MAX_KNOWN_BRANDS) brands.clear();
    brands.add(slug);
    return true;
  };

  const remember = (pathname: string, etag: string, size: number, mtimeMs: number) => {
    if (known.size >= MAX_ETAGS) known.clear();
    known.set(pathname, { etag, size, mtimeMs });
  };

  async function renderAndStore(pathname: string, spec: ImageSpec, file: string): Promise<Buffer | null> {
    const image = await renderSpec(spec);
    if (!image) return null;
    const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    try {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(tmp, image.body);
      await rename(tmp, file);
      const info = await stat(file);
      if (info.size === image.body.length) remember(pathname, etagOf(image.body), info.size, info.mtimeMs);
    } catch {
      // The cache is best effort: a read-only or full disk must not break image serving.
      await unlink(tmp).catch(() => {});
    }
    return image.body;
  }

  function respond(
    c: Context,
    status: 200 | 304,
    etag: string,
    contentType: string,
    length?: number,
    body?: BodyInit,
  ) {
    const headers: Record<string, string> = { "Cache-Control": CACHE_CONTROL, ETag: etag };
    if (status === 304) return new Response(null, { status, headers });
    headers["Content-Type"] = contentType;
    if (length !== undefined) headers["Content-Length"] = String(length);
    return new Response(c.req.method === "HEAD" ? null : (body ?? null), { status, headers });
  }

  app.get("/images/*", async (c) => {
    const pathname = new URL(c.req.url).pathname;
    const spec = parseImagePath(pathname);
    // Before the disk is touched: an unknown brand is neither looked up nor stored.
    if (!spec || (spec.kind === "brand" && !(await knowsBrand(spec.slug)))) {
      return c.json({ status: "fail", message: "Image not found" }, 404);
    }
    const file = join(options.cacheDir, pathname);
    const contentType = CONTENT_TYPES[spec.format];
    const ifNoneMatch = c.req.header("If-None-Match");

    const pending = inflight.get(pathname);
    if (!pending) {
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) {
        const cached = known.get(pathname);
        if (cached && cached.size === info.size && cached.mtimeMs === info.mtimeMs) {
          if (matchesIfNoneMatch(ifNoneMatch, cached.etag)) return respond(c, 304, cached.etag, contentType);
          if (c.req.method === "HEAD") return respond(c, 200, cached.etag, contentType, info.size);
          const stream = Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>;
          return respond(c, 200, cached.etag, contentType, info.size, stream);
        }
        const body = await readFile(file).catch(() => null);
        if (body) {
          const etag = etagOf(body);
          remember(pathname, etag, info.size, info.mtimeMs);
          if (matchesIfNoneMatch(ifNoneMatch, etag)) return respond(c, 304, etag, contentType);
          return respond(c, 200, etag, contentType, body.length, new Uint8Array(body));
        }
      }
    }

    let job = inflight.get(pathname);
    if (!job) {
      job = renderAndStore(pathname, spec, file).finally(() => inflight.delete(pathname));
      inflight.set(pathname, job);
    }
    const body = await job;
    if (!body) return c.json({ status: "fail", message: "Image not found" }, 404);
    const etag = etagOf(body);
    if (matchesIfNoneMatch(ifNoneMatch, etag)) return respond(c, 304, etag, contentType);
    return respond(c, 200, etag, contentType, body.length, new Uint8Array(body));
  });

  return app;
}
