import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestShop } from "../support/app.ts";

// Brand images are rendered for the brands the catalogue has, and for no other name: the image
// route would otherwise store a file for any name a client makes up (server/images.ts).

const shop = setUpTestShop();

/** Every file under the shop's image cache, relative to it. */
async function cachedFiles(): Promise<string[]> {
  const dir = join(shop.dataDir, "images");
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length));
}

describe("GET /images/brands/{name}", () => {
  it("renders and caches the image of a brand the catalogue has", async () => {
    const [brand] = await shop.rows<{ slug: string; image: string }>(
      sql`SELECT slug, image FROM brands ORDER BY slug LIMIT 1`,
    );
    const res = await shop.app.request(brand!.image);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    // The cache is laid out like the URL paths under SHOP_DATA_DIR/images.
    expect(await cachedFiles()).toContain(brand!.image);
  });

  it("is a 404 for any other name, and nothing is written", async () => {
    const before = await cachedFiles();
    for (const name of ["not-a-brand", "zz-made-up-1", "a"]) {
      const res = await shop.app.request(`/images/brands/${name}.webp`);
      expect(res.status, name).toBe(404);
      expect(await res.json()).toEqual({ status: "fail", message: "Image not found" });
    }
    expect(await cachedFiles()).toEqual(before);
  });
});
