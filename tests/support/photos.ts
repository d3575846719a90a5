import sharp from "sharp";
import { nextIp } from "./accounts.ts";
import type { TestShop } from "./app.ts";

export type PictureFormat = "jpeg" | "png" | "webp" | "avif" | "gif" | "tiff";

/** A test picture made with sharp (no binary fixtures): a coloured field with a darker square. */
export async function picture(format: PictureFormat, width = 640, height = 480): Promise<Buffer> {
  const square = { width: Math.floor(width / 2), height: Math.floor(height / 2), channels: 3 as const };
  return sharp({ create: { width, height, channels: 3, background: "#c0392b" } })
    .composite([{ input: { create: { ...square, background: "#2c3e50" } } }])
    .toFormat(format)
    .toBuffer();
}

/** POST /api/v1/products/{id}/photos with `bytes` as the multipart form's `photo` file (or `field`). */
export function uploadPhoto(
  target: Pick<TestShop, "get">,
  token: string,
  productId: string,
  bytes: Uint8Array,
  options: { field?: string; name?: string } = {},
) {
  const form = new FormData();
  form.append(options.field ?? "photo", new Blob([new Uint8Array(bytes)]), options.name ?? "photo.jpg");
  return target.get(`/api/v1/products/${productId}/photos`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "x-forwarded-for": nextIp() },
    body: form,
  });
}
