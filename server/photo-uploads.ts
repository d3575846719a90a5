import type { MiddlewareHandler } from "hono";
import { MAX_PHOTO_BYTES } from "#contract/admin-photos.ts";
import { limitBody } from "./middleware/request-input.ts";

/**
 * The one kind of request whose body may be larger than a form or a JSON call: a product photo,
 * posted to the API or to the photos page (React Router's single fetch posts to `….data`). Its
 * bound is the photo's own limit plus room for the multipart form around it, no more.
 */
export const MAX_PHOTO_UPLOAD_BODY_BYTES = MAX_PHOTO_BYTES + 64 * 1024;

const PHOTO_UPLOAD_PATHS = [
  /^\/api\/v1\/products\/[^/]+\/photos$/,
  /^\/admin\/products\/[^/]+\/photos(?:\.data)?$/,
];

export const isPhotoUpload = (method: string, path: string) =>
  method === "POST" && PHOTO_UPLOAD_PATHS.some((pattern) => pattern.test(path));

/** limitBody(maxBytes), except that a photo upload may be up to MAX_PHOTO_UPLOAD_BODY_BYTES. */
export function limitBodyOrPhoto(maxBytes: number): MiddlewareHandler {
  const usual = limitBody(maxBytes);
  const photo = limitBody(MAX_PHOTO_UPLOAD_BODY_BYTES);
  return (c, next) => (isPhotoUpload(c.req.method, c.req.path) ? photo : usual)(c, next);
}
