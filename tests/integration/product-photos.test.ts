import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { imageSrcSet } from "#app/lib/images.ts";
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from "#contract/admin-photos.ts";
import { PRODUCT_WIDTHS } from "#contract/images.ts";
import { parsePhotoUrl, photoKeys } from "#contract/photo-urls.ts";
import { call, createCustomer, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { picture, uploadPhoto } from "../support/photos.ts";
import { placeCardOrder, stockedItem } from "../support/shopping.ts";

// Product photos (docs/back-office/photos.md): upload through the staff API, the renditions in the
// local image store and served at /media/, reorder, cover, removal, the audit log. The S3 store
// against a real S3-compatible server: tests/integration/product-photos-s3.test.ts.

const shop = setUpTestShop();
const ORIGIN = "http://localhost";
let manager: TestCustomer;

beforeAll(async () => {
  manager = await createCustomer(shop, { role: "manager" });
});

const relative = (url: string) => (url.startsWith(ORIGIN) ? url.slice(ORIGIN.length) : url);

async function pictures(productId: string) {
  const [row] = await shop.rows<{ image_cover: string; images: string[] }>(
    sql`SELECT image_cover, images FROM products WHERE id = ${productId}`,
  );
  return row!;
}

async function auditActions(productId: string) {
  const rows = await shop.rows<{ action: string; actor_email: string }>(
    sql`SELECT action, actor_email FROM audit_log WHERE entity_id = ${productId} ORDER BY id`,
  );
  return rows.map((r) => `${r.action} by ${r.actor_email}`);
}

const mediaDir = (productId: string) => path.join(shop.dataDir, "media", "products", productId);

async function served(url: string) {
  const res = await shop.app.request(url);
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

describe("POST /api/v1/products/{id}/photos", () => {
  it.each(["jpeg", "png", "webp", "avif"] as const)(
    "takes a %s photo: every rendition stored and served, the product shows it first, as its cover",
    async (format) => {
      const { productId } = await stockedItem(shop, { stock: 1 });
      const before = await pictures(productId);
      const res = await uploadPhoto(shop, manager.token, productId, await picture(format));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const url = relative(res.body.data.image);
      const ref = parsePhotoUrl(url);
      expect(ref?.productId).toBe(productId);
      expect(url).toBe(`/media/products/${productId}/${ref!.photoId}.webp`);
      expect(res.body.data.imageCover).toBe(`${ORIGIN}${url}`);

      // The product page and the API show it at once, ahead of the generated pictures, which stay.
      const detail = await shop.get(`/api/v1/products/${productId}`);
      expect(detail.body.data.imageCover).toBe(`${ORIGIN}${url}`);
      expect(detail.body.data.images.map(relative)).toEqual([url, ...before.images]);

      for (const key of photoKeys(ref!)) {
        const image = await served(`/media/${key}`);
        expect(image.status, key).toBe(200);
        expect(image.type).toBe(key.endsWith(".avif") ? "image/avif" : "image/webp");
        expect((await sharp(image.bytes).metadata()).format).toBe(key.endsWith(".avif") ? "heif" : "webp");
      }
      // The storefront's srcset names each width, and each is that wide (640 px at most: never enlarged).
      const srcset = imageSrcSet(url)!;
      expect(srcset.split(", ")).toHaveLength(PRODUCT_WIDTHS.length);
      for (const entry of srcset.split(", ")) {
        const [src, descriptor] = entry.split(" ");
        const image = await served(src!);
        expect(image.status).toBe(200);
        expect((await sharp(image.bytes).metadata()).width).toBe(
          Math.min(640, Number.parseInt(descriptor!, 10)),
        );
      }
      expect(await auditActions(productId)).toEqual([`product.photo.add by ${manager.email}`]);
    },
  );

  it("adds a later photo last, keeping the cover", async () => {
    const { productId } = await stockedItem(shop, { stock: 1 });
    const first = await uploadPhoto(shop, manager.token, productId, await picture("jpeg"));
    const second = await uploadPhoto(shop, manager.token, productId, await picture("png"));
    expect(second.status).toBe(201);
    const now = await pictures(productId);
    expect(now.image_cover).toBe(relative(first.body.data.image));
    expect(now.images.at(-1)).toBe(relative(second.body.data.image));
  });

  it("turns a photo upright and strips its EXIF metadata, GPS position included", async () => {
    const { productId } = await stockedItem(shop, { stock: 1 });
    // 640 × 480 as stored, turned a quarter by its EXIF orientation: 480 × 640 upright.
    const original = await sharp(await picture("jpeg"))
      .withExif({
        IFD0: { Make: "TestCam" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "48/1 51/1 2406/100",
          GPSLongitudeRef: "E",
          GPSLongitude: "2/1 21/1 333/100",
        },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const GPS_POINTER = Buffer.from([0x25, 0x88]); // tag 0x8825, little-endian: the GPS block
    const sent = await sharp(original).metadata();
    expect([sent.orientation, sent.exif?.includes(GPS_POINTER)]).toEqual([6, true]);

    const res = await uploadPhoto(shop, manager.token, productId, original);
    expect(res.status).toBe(201);
    for (const key of photoKeys(parsePhotoUrl(relative(res.body.data.image))!)) {
      const { bytes } = await served(`/media/${key}`);
      const meta = await sharp(bytes).metadata();
      expect([meta.exif, meta.xmp, meta.icc, meta.orientation], key).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(Buffer.from(bytes).includes("TestCam")).toBe(false);
      if (key.endsWith("-1200.webp")) expect([meta.width, meta.height]).toEqual([480, 640]);
    }
  });

  const refusals: [string, () => Promise<Uint8Array>, string][] = [
    ["a text file", async () => new TextEncoder().encode("not a picture at all"), PHOTO_MESSAGES.type],
    ["a GIF", () => picture("gif"), PHOTO_MESSAGES.type],
    ["a TIFF", () => picture("tiff"), PHOTO_MESSAGES.type],
    [
      "an SVG",
      async () =>
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"/>'),
      PHOTO_MESSAGES.type,
    ],
    ["a JPEG cut short", async () => (await picture("jpeg")).subarray(0, 200), PHOTO_MESSAGES.type],
    ["an empty file", async () => new Uint8Array(0), PHOTO_MESSAGES.missing],
    ["a photo over 10 MB", async () => new Uint8Array(MAX_PHOTO_BYTES + 1), PHOTO_MESSAGES.bytes],
    ["a photo over 40 megapixels", () => picture("png", 8000, 6000), PHOTO_MESSAGES.pixels],
    ["a photo under 200 px on a side", () => picture("jpeg", 640, 150), PHOTO_MESSAGES.small],
    ["a strip more than four times as long as wide", () => picture("png", 250, 1100), PHOTO_MESSAGES.aspect],
  ];
  it.each(refusals)("refuses %s with a 400 naming photo, storing nothing", async (_name, make, message) => {
    const { productId } = await stockedItem(shop, { stock: 1 });
    const before = await pictures(productId);
    const res = await uploadPhoto(shop, manager.token, productId, await make());
    expect([res.status, res.body.message, res.body.errors]).toEqual([
      400,
      message,
      [{ field: "photo", message }],
    ]);
    expect(await pictures(productId)).toEqual(before);
    expect(existsSync(mediaDir(productId))).toBe(false);
    expect(await auditActions(productId)).toEqual([]);
  });

  it("refuses a form without a photo file, and a JSON body, naming photo", async () => {
    const { productId } = await stockedItem(shop, { stock: 1 });
    const other = await uploadPhoto(shop, manager.token, productId, await picture("jpeg"), { field: "file" });
    expect([other.status, other.body.errors?.[0]?.field]).toEqual([400, "photo"]);
    const json = await call(shop, "POST", `/products/${productId}/photos`, {
      token: manager.token,
      body: {},
    });
    expect([json.status, json.body.message]).toEqual([400, PHOTO_MESSAGES.missing]);
  });

  it("refuses a body over the upload's own bound before reading it (413)", async () => {
    const { productId } = await stockedItem(shop, { stock: 1 });
    const res = await uploadPhoto(
      shop,
      manager.token,
      productId,
      new Uint8Array(MAX_PHOTO_BYTES + 100 * 1024),
    );
    expect(res.status).toBe(413);
    expect(existsSync(mediaDir(productId))).toBe(false);
  });

  it("refuses a photo for a product with ten images already, and one for no product", async () => {
    const { productId } = await stockedItem(shop, { stock: 1 });
    const ten = Array.from({ length: 10 }, (_, i) => `/images/products/jeans/blue/front.webp?${i}`);
    await shop.ctx.db.execute(
      sql`UPDATE products SET images = ${JSON.stringify(ten)}::jsonb WHERE id = ${productId}`,
    );
    const full = await uploadPhoto(shop, manager.token, productId, await picture("jpeg"));
    expect([full.status, full.body.message]).toEqual([400, PHOTO_MESSAGES.full]);
    expect(existsSync(mediaDir(productId))).toBe(false);
    for (const id of ["0".repeat(24), "not-an-id"]) {
      const missing = await uploadPhoto(shop, manager.token, id, await picture("jpeg"));
      expect(missing.status).toBe(404);
    }
  });
});

/** A product with an uploaded cover (first), its generated images, and a second uploaded photo (last). */
async function productWithPhotos() {
  const item = await stockedItem(shop, { stock: 5 });
  const cover = relative(
    (await uploadPhoto(shop, manager.token, item.productId, await picture("jpeg"))).body.data.image,
  );
  const extra = relative(
    (await uploadPhoto(shop, manager.token, item.productId, await picture("webp"))).body.data.image,
  );
  return { item, productId: item.productId, cover, extra, ...(await pictures(item.productId)) };
}

describe("PUT /api/v1/products/{id}/photos", () => {
  it("puts the images in a new order and chooses the cover, from the URLs the API showed", async () => {
    const { productId, images, extra } = await productWithPhotos();
    const reversed = [...images].reverse();
    const res = await call(shop, "PUT", `/products/${productId}/photos`, {
      token: manager.token,
      body: { images: reversed.map((u) => (u.startsWith("/") ? ORIGIN + u : u)), imageCover: ORIGIN + extra },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await pictures(productId)).toEqual({ image_cover: extra, images: reversed });
    expect(res.body.data.images.map(relative)).toEqual(reversed);
    expect((await auditActions(productId)).slice(-2)).toEqual([
      `product.photo.reorder by ${manager.email}`,
      `product.photo.cover by ${manager.email}`,
    ]);
  });

  it("refuses a list that is not the product's images, and a cover not among them, changing nothing", async () => {
    const { productId, images, cover } = await productWithPhotos();
    const cases: [unknown, string][] = [
      [{ images: images.slice(1), imageCover: images[1] }, "images"],
      [{ images: [...images.slice(1), "/images/products/jeans/blue/front.webp"] }, "images"],
      [{ images: [...images, images[0]] }, "images"],
      [{ images, imageCover: "/images/products/jeans/blue/front.webp" }, "imageCover"],
      [{ images: "all" }, "images"],
      [{}, "images"],
    ];
    const audited = await auditActions(productId);
    for (const [body, field] of cases) {
      const res = await call(shop, "PUT", `/products/${productId}/photos`, { token: manager.token, body });
      expect([res.status, res.body.errors?.[0]?.field], JSON.stringify(body)).toEqual([400, field]);
    }
    expect(await pictures(productId)).toEqual({ image_cover: cover, images });
    expect(await auditActions(productId)).toEqual(audited);
  });
});

describe("DELETE /api/v1/products/{id}/photos", () => {
  const remove = (productId: string, url?: string) =>
    call(
      shop,
      "DELETE",
      `/products/${productId}/photos${url === undefined ? "" : `?url=${encodeURIComponent(url)}`}`,
      {
        token: manager.token,
      },
    );

  it("removes an uploaded photo and its files, and a generated image from the product only", async () => {
    const { productId, extra, images } = await productWithPhotos();
    const res = await remove(productId, ORIGIN + extra);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await pictures(productId)).images).toEqual(images.filter((u) => u !== extra));
    for (const key of photoKeys(parsePhotoUrl(extra)!))
      expect((await served(`/media/${key}`)).status).toBe(404);

    const generated = images.find((u) => u.startsWith("/images/"))!;
    expect((await remove(productId, generated)).status).toBe(200);
    expect((await pictures(productId)).images).not.toContain(generated);
    expect((await served(generated)).status).toBe(200); // the demo picture itself is untouched
    expect((await auditActions(productId)).slice(-2)).toEqual([
      `product.photo.remove by ${manager.email}`,
      `product.photo.remove by ${manager.email}`,
    ]);
  });

  it("refuses the cover (409), an image the product does not have and a missing url (400)", async () => {
    const { productId, cover, images } = await productWithPhotos();
    const coverRes = await remove(productId, cover);
    expect([coverRes.status, coverRes.body.errors?.[0]?.field]).toEqual([409, "url"]);
    const other = await remove(productId, "/images/products/jeans/blue/front.webp");
    expect([other.status, other.body.errors?.[0]?.field]).toEqual([400, "url"]);
    const none = await remove(productId);
    expect([none.status, none.body.errors?.[0]?.field]).toEqual([400, "url"]);
    expect(await pictures(productId)).toEqual({ image_cover: cover, images });
    for (const key of photoKeys(parsePhotoUrl(cover)!))
      expect((await served(`/media/${key}`)).status).toBe(200);
  });

  it("keeps the files of a photo an order line shows, so the order keeps its picture", async () => {
    const { item, productId, cover, extra } = await productWithPhotos();
    const PHONE = "+212612345678";
    const customer = await createCustomer(shop, { phoneNumbers: [PHONE] });
    const { orderId } = await placeCardOrder(shop, customer, [{ item, quantity: 1 }], { phone: PHONE });
    const [line] = await shop.rows<{ image_cover: string }>(
      sql`SELECT image_cover FROM order_items WHERE order_id = ${orderId}`,
    );
    expect(line!.image_cover).toBe(cover);

    const chosen = await call(shop, "PUT", `/products/${productId}/photos`, {
      token: manager.token,
      body: { images: (await pictures(productId)).images, imageCover: extra },
    });
    expect(chosen.status).toBe(200);
    expect((await remove(productId, cover)).status).toBe(200);
    expect((await pictures(productId)).images).not.toContain(cover);
    for (const key of photoKeys(parsePhotoUrl(cover)!))
      expect((await served(`/media/${key}`)).status).toBe(200);
  });
});

describe("GET /media/*", () => {
  it("serves only photo keys, cached for a year, and answers a revalidation without a body", async () => {
    const { productId, cover } = await productWithPhotos();
    const ref = parsePhotoUrl(cover)!;
    const res = await shop.app.request(cover);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const again = await shop.app.request(cover, { headers: { "If-None-Match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
    const head = await shop.app.request(cover, { method: "HEAD" });
    expect([head.status, head.headers.get("content-length")]).toEqual([
      200,
      res.headers.get("content-length"),
    ]);
    for (const bad of [
      `/media/products/${productId}/${ref.photoId}-300.webp`,
      `/media/products/${productId}/${ref.photoId}.png`,
      `/media/products/${productId}/${"f".repeat(24)}.webp`,
      "/media/products/x/y.webp",
      "/media/../pglite/PG_VERSION",
      "/media/%2e%2e/%2e%2e/etc/passwd",
      "/media/",
    ]) {
      expect((await shop.app.request(bad)).status, bad).toBe(404);
    }
  });
});

describe("the OpenAPI document", () => {
  it("publishes the upload as a multipart form with a photo file", async () => {
    const { body } = await shop.get("/api/v1/openapi.json");
    const upload = body.paths["/products/{id}/photos"].post;
    expect(upload.requestBody.content["multipart/form-data"].schema).toMatchObject({
      properties: { photo: { type: "string", format: "binary" } },
      required: ["photo"],
    });
    expect(Object.keys(upload.responses).sort()).toEqual(["201", "400", "401", "403", "404", "413", "429"]);
  });
});

describe("body bounds", () => {
  const post = (path: string, bytes: number) => {
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(bytes)]), "photo.jpg");
    return shop.app.request(path, { method: "POST", body: form, headers: { origin: ORIGIN } });
  };

  it("lets the photos page take a photo-sized post, and no other page", async () => {
    const page = `/admin/products/${"a".repeat(24)}/photos`;
    for (const path of [page, `${page}.data`]) {
      expect((await post(path, 2 * 1024 * 1024)).status, path).not.toBe(413);
      expect((await post(path, MAX_PHOTO_BYTES + 100 * 1024)).status, path).toBe(413);
    }
    expect((await post(`/admin/products/${"a".repeat(24)}`, 2 * 1024 * 1024)).status).toBe(413);
    expect((await post("/auth/log-in", 100 * 1024)).status).toBe(413);
  });
});
