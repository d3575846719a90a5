import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageSrcSet } from "#app/lib/images.ts";
import { parsePhotoUrl, photoKeys } from "#contract/photo-urls.ts";
import { createS3ImageStore } from "#server/adapters/s3-image-store.ts";
import { call, createCustomer, type TestCustomer } from "../support/accounts.ts";
import { createTestShop, setUpTestShop, type TestShop } from "../support/app.ts";
import { picture, uploadPhoto } from "../support/photos.ts";
import { S3RVER_CREDENTIALS, type S3TestServer, startS3Server } from "../support/s3-server.ts";
import { stockedItem } from "../support/shopping.ts";

// The S3 image store against a real S3-compatible server on loopback (s3rver, started here on a
// free port with a temporary directory): several instances share one bucket
// (docs/decisions/045-image-store.md). One shop serves the bucket at /media/; the other sends
// browsers to the bucket's own address (S3_PUBLIC_URL).

const s3: S3TestServer = await startS3Server();
afterAll(() => s3.close());

const storeOptions = {
  endpoint: s3.endpoint,
  bucket: s3.bucket,
  region: "us-east-1",
  ...S3RVER_CREDENTIALS,
};
const shop = setUpTestShop({ images: createS3ImageStore(storeOptions) });
const bucketUrl = `${s3.endpoint}/${s3.bucket}`;
let direct: TestShop;
let manager: TestCustomer;
const client = new S3Client({
  endpoint: s3.endpoint,
  region: "us-east-1",
  forcePathStyle: true,
  credentials: S3RVER_CREDENTIALS,
});
afterAll(async () => {
  client.destroy();
  await direct?.close();
});

beforeAll(async () => {
  manager = await createCustomer(shop, { role: "manager" });
  // A second instance on the same database and bucket, whose photo URLs are the bucket's own.
  direct = await createTestShop({
    database: shop.database,
    images: createS3ImageStore({ ...storeOptions, publicUrl: bucketUrl }),
    s3PublicUrl: bucketUrl,
  });
});

async function inBucket(key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return false;
    throw error;
  }
}

describe("photos in an S3-compatible bucket", () => {
  it("stores every rendition in the bucket and serves it at /media/, then removes it", async () => {
    const { productId } = await stockedItem(shop, { stock: 1 });
    const first = await uploadPhoto(shop, manager.token, productId, await picture("jpeg"));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await uploadPhoto(shop, manager.token, productId, await picture("png"));
    const url = new URL(second.body.data.image).pathname;
    const ref = parsePhotoUrl(url)!;
    expect(url).toBe(`/media/products/${productId}/${ref.photoId}.webp`);
    for (const key of photoKeys(ref)) {
      expect(await inBucket(key), key).toBe(true);
      const res = await shop.app.request(`/media/${key}`);
      expect([res.status, res.headers.get("content-type")]).toEqual([
        200,
        key.endsWith(".avif") ? "image/avif" : "image/webp",
      ]);
      expect((await sharp(new Uint8Array(await res.arrayBuffer())).metadata()).format).toBe(
        key.endsWith(".avif") ? "heif" : "webp",
      );
    }
    // The other instance reads the same bucket.
    expect((await direct.app.request(url)).status).toBe(200);

    const removed = await call(
      shop,
      "DELETE",
      `/products/${productId}/photos?url=${encodeURIComponent(url)}`,
      {
        token: manager.token,
      },
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    for (const key of photoKeys(ref)) expect(await inBucket(key), key).toBe(false);
    expect((await shop.app.request(url)).status).toBe(404);
  });

  it("with S3_PUBLIC_URL, points the product at the bucket itself, srcset included, and lets the page load it", async () => {
    const { productId } = await stockedItem(shop, { stock: 1 });
    const res = await uploadPhoto(direct, manager.token, productId, await picture("webp"));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const url: string = res.body.data.image;
    const ref = parsePhotoUrl(url)!;
    expect(url).toBe(`${bucketUrl}/products/${productId}/${ref.photoId}.webp`);
    expect((await shop.get(`/api/v1/products/${productId}`)).body.data.imageCover).toBe(url);

    const srcset = imageSrcSet(url)!;
    expect(srcset).toContain(`${bucketUrl}/products/${productId}/${ref.photoId}-400.webp 400w`);
    for (const entry of srcset.split(", ")) {
      const fromBucket = await fetch(entry.split(" ")[0]!);
      expect([fromBucket.status, fromBucket.headers.get("content-type")]).toEqual([200, "image/webp"]);
      expect(fromBucket.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      await fromBucket.arrayBuffer();
    }
    const page = await direct.app.request("/api/v1/brands");
    expect(page.headers.get("content-security-policy")).toMatch(
      new RegExp(`img-src 'self' data: blob: ${s3.endpoint.replace(/[.:/]/g, "\\$&")}(;|$)`),
    );
  });
});
