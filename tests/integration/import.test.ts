import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseCatalogueCsv } from "#core/catalog/catalogue-csv.ts";
import { importCatalogue } from "#core/catalog/import.ts";
import { DomainError } from "#core/errors.ts";
import { setUpTestShop } from "../support/app.ts";
import { countRows } from "../support/database.ts";

const shop = setUpTestShop();

const catalogue = () => ({
  categories: [
    {
      slug: "outdoor",
      name: "Outdoor",
      image: "/images/categories/outerwear.webp",
      subcategories: [
        {
          slug: "rainwear",
          name: "Rainwear",
          image: "/images/categories/jacket.webp",
          underSubcategories: [{ slug: "ponchos", name: "Ponchos", image: "/images/categories/coat.webp" }],
        },
      ],
    },
  ],
  brands: [{ slug: "drizzle-co", name: "Drizzle Co", image: "/images/brands/drizzle-co.webp" }],
  products: [
    {
      slug: "storm-poncho-yellow",
      title: "Storm Poncho - Yellow",
      description: "A packable poncho for sudden showers.",
      color: "yellow",
      colorName: "Yellow",
      group: "storm-poncho",
      category: "outdoor",
      subcategories: ["rainwear"],
      underSubcategories: ["rainwear/ponchos"],
      brand: "drizzle-co",
      images: ["/images/products/coat/yellow/front.webp", "/images/products/coat/yellow/back.webp"],
      sizes: [
        { size: "S", stock: 3, price: 49.5, priceBeforeDiscount: 55 },
        { size: "M", stock: 0, price: 45 },
      ],
      ratingsAverage: 4.4,
      ratingsQuantity: 12,
      sold: 30,
    },
    {
      slug: "storm-poncho-navy",
      title: "Storm Poncho - Navy",
      color: "navy",
      colorName: "Navy",
      group: "storm-poncho",
      category: "outdoor",
      brand: "drizzle-co",
      images: ["/images/products/coat/navy/front.webp"],
      price: 39.99,
      priceBeforeDiscount: 39.99,
      stock: 8,
    },
  ],
});

async function snapshot() {
  return shop.rows<{ id: string; updated_at: string; price_cents: number }>(
    sql`SELECT id, updated_at::text, price_cents FROM products WHERE slug LIKE 'storm-poncho-%' ORDER BY id`,
  );
}

describe("catalogue import", () => {
  it("imports a catalogue, with listing prices from the cheapest size in stock", async () => {
    const result = await importCatalogue(shop.database.db, catalogue());
    expect(result).toMatchObject({
      categories: 1,
      subcategories: 1,
      underSubcategories: 1,
      brands: 1,
      products: 2,
      sizes: 2,
    });
    const search = await shop.get("/api/v1/products?search=poncho&sort=title");
    expect(search.body.data.map((p: any) => p.title)).toEqual([
      "Storm Poncho - Navy",
      "Storm Poncho - Yellow",
    ]);
    const [navy, yellow] = search.body.data;
    expect(yellow).toMatchObject({
      price: 49.5,
      priceBeforeDiscount: 55,
      discountPercent: 10,
      size: "S",
      quantity: 3,
    });
    expect(navy).toMatchObject({ price: 39.99, size: null, quantity: 8, discountPercent: 0 });
    const detail = await shop.get(`/api/v1/products/${yellow._id}`);
    expect(detail.body.data.group.productsIDs).toHaveLength(2);
    expect(detail.body.data.underSubCategories).toEqual([{ _id: expect.any(String), name: "Ponchos" }]);
  });

  it("changes nothing when the same file is imported again", async () => {
    const before = await snapshot();
    const counts = await Promise.all(
      ["products", "product_sizes", "categories", "brands"].map((t) => countRows(shop.database, t)),
    );
    await importCatalogue(shop.database.db, catalogue());
    expect(await snapshot()).toEqual(before);
    expect(
      await Promise.all(
        ["products", "product_sizes", "categories", "brands"].map((t) => countRows(shop.database, t)),
      ),
    ).toEqual(counts);
  });

  it("updates changed records in place, keeping their ids", async () => {
    const before = await snapshot();
    const changed = catalogue();
    changed.products[1]!.price = 35;
    await importCatalogue(shop.database.db, changed);
    const after = await snapshot();
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(after.find((r) => r.price_cents === 3500)).toBeDefined();
  });

  it("takes a product's ratings from the file when it creates the product, never over the shop's own", async () => {
    const figures = () =>
      shop.rows<{ slug: string; ratings_average: number; ratings_quantity: number }>(
        sql`SELECT slug, ratings_average::float8 AS ratings_average, ratings_quantity
            FROM products WHERE slug LIKE 'storm-poncho-%' ORDER BY slug`,
      );
    expect(await figures()).toEqual([
      { slug: "storm-poncho-navy", ratings_average: 0, ratings_quantity: 0 },
      { slug: "storm-poncho-yellow", ratings_average: 4.4, ratings_quantity: 12 },
    ]);
    // The shop's figures come from its reviews (docs/decisions/057-reviews.md): a file with other
    // figures is still accepted, and changes nothing of them.
    const changed = catalogue();
    changed.products[0]!.ratingsAverage = 1.5;
    changed.products[0]!.ratingsQuantity = 999;
    changed.products[1]!.ratingsAverage = 5;
    changed.products[1]!.ratingsQuantity = 3;
    await importCatalogue(shop.database.db, changed);
    expect(await figures()).toEqual([
      { slug: "storm-poncho-navy", ratings_average: 0, ratings_quantity: 0 },
      { slug: "storm-poncho-yellow", ratings_average: 4.4, ratings_quantity: 12 },
    ]);
  });

  it("refuses an invalid file naming each record and field, and imports none of it", async () => {
    const bad = catalogue();
    bad.products.push({ ...bad.products[1]!, slug: "valid-one", title: "Valid One" });
    (bad.products[0]!.sizes![0] as any).price = -1;
    (bad.products[1] as any).category = "nowhere";
    const products = await countRows(shop.database, "products");
    const error = await importCatalogue(shop.database.db, bad).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.message).toContain("products[0] (storm-poncho-yellow) sizes[0].price: must be 0 or more");
    await expect(
      importCatalogue(shop.database.db, {
        ...catalogue(),
        products: [{ ...catalogue().products[1], category: "nowhere" }],
      }),
    ).rejects.toThrow("products[0] (storm-poncho-navy) category: no category 'nowhere' in the file");
    expect(await countRows(shop.database, "products")).toBe(products);
    const none = await shop.rows(sql`SELECT 1 FROM products WHERE slug = 'valid-one'`);
    expect(none).toHaveLength(0);
  });

  it("reads the CSV form", async () => {
    const csv = [
      "slug,title,description,color,colorName,group,category,categoryName,subcategory,subcategoryName,underSubcategory,underSubcategoryName,brand,brandName,images,price,priceBeforeDiscount,stock,sizes,sold,ratingsAverage,ratingsQuantity,createdAt",
      'csv-scarf-red,"Wool Scarf, Red","Warm, soft and ""cosy"".",red,Red,,outdoor,Outdoor,,,,,drizzle-co,Drizzle Co,/images/products/scarf/red/front.webp|/images/products/scarf/red/back.webp,19.5,25,4,,3,4.1,7,2026-01-02T00:00:00.000Z',
      "csv-boot-black,Trail Boot - Black,,black,Black,,outdoor,Outdoor,rainwear,Rainwear,ponchos,Ponchos,,,/images/products/boots/black/front.webp,,,,40:2:99|41:0:89:120,,,,",
    ].join("\r\n");
    const parsed = parseCatalogueCsv(csv);
    expect(parsed.products?.[0]).toMatchObject({
      title: "Wool Scarf, Red",
      description: 'Warm, soft and "cosy".',
      price: 19.5,
      stock: 4,
    });
    expect(parsed.products?.[1]?.sizes).toEqual([
      { size: "40", stock: 2, price: 99, priceBeforeDiscount: undefined },
      { size: "41", stock: 0, price: 89, priceBeforeDiscount: 120 },
    ]);
    await importCatalogue(shop.database.db, parsed);
    const { body } = await shop.get("/api/v1/products?search=trail%20boot");
    expect(body.data[0]).toMatchObject({ title: "Trail Boot - Black", size: "40", price: 99 });
  });
});

describe("the documented examples", () => {
  it.each(["docs/examples/catalogue.json", "docs/examples/catalogue.csv"])(
    "%s imports cleanly",
    async (file) => {
      const { readFile } = await import("node:fs/promises");
      const text = await readFile(file, "utf8");
      const input = file.endsWith(".csv") ? parseCatalogueCsv(text) : JSON.parse(text);
      const result = await importCatalogue(shop.database.db, input);
      expect(result.products).toBeGreaterThan(0);
      const { body } = await shop.get("/api/v1/products?search=northwind%20relaxed&sort=title");
      expect(body.data[0]).toMatchObject({
        title: "Northwind Relaxed Cotton T-Shirt - Navy",
        size: "S",
        price: 19.99,
      });
    },
  );
});
