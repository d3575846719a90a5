// GET/HEAD /media/*: uploaded product photos, read from the image store (core/ports/image-store.ts)
// whether it is the local directory or a bucket without a public address of its own
// (docs/back-office/photos.md#serving).
//
// Only keys parsePhotoKey accepts reach the store: it doubles as the path-traversal guard. What a
// key holds never changes (a new upload is a new photo id), so answers are cached for a year, and
// the ETag is the key's own: a revalidation needs no read of the store.

import { createHash } from "node:crypto";
import { Hono } from "hono";
import { MEDIA_PREFIX, parsePhotoKey } from "#contract/photo-urls.ts";
import type { ImageStore } from "#core/ports/image-store.ts";

const CACHE_CONTROL = "public, max-age=31536000, immutable";
const CONTENT_TYPES = { webp: "image/webp", avif: "image/avif" } as const;

const etagOf = (key: string) => `"${createHash("sha256").update(key).digest("base64url").slice(0, 32)}"`;

function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((raw) => {
    const tag = raw.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  });
}

export function createMediaRoutes(store: ImageStore): Hono {
  const app = new Hono();
  app.get(`${MEDIA_PREFIX}*`, async (c) => {
    const key = new URL(c.req.url).pathname.slice(MEDIA_PREFIX.length);
    const parsed = parsePhotoKey(key);
    if (!parsed) return c.json({ status: "fail", message: "Image not found" }, 404);
    const etag = etagOf(key);
    if (matchesIfNoneMatch(c.req.header("If-None-Match"), etag)) {
      return new Response(null, { status: 304, headers: { "Cache-Control": CACHE_CONTROL, ETag: etag } });
    }
    const image = await store.get(key);
    if (!image) return c.json({ status: "fail", message: "Image not found" }, 404);
    return new Response(c.req.method === "HEAD" ? null : (image.bytes as Uint8Array<ArrayBuffer>), {
      status: 200,
      headers: {
        "Cache-Control": CACHE_CONTROL,
        ETag: etag,
        "Content-Type": CONTENT_TYPES[parsed.format],
        "Content-Length": String(image.bytes.byteLength),
      },
    });
  });
  return app;
}
