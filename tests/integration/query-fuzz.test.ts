import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  errorResponse,
  listResponse,
  productListItem,
  productListResponse,
  taxonomyItem,
} from "#contract/catalog.ts";
import { setUpTestShop } from "../support/app.ts";

const shop = setUpTestShop();

const NAMES = [
  "page",
  "limit",
  "sort",
  "fields",
  "search",
  "category",
  "category[]",
  "subCategories",
  "underSubCategories",
  "brand",
  "subCategory",
  "ratingsAverage[gte]",
  "price[gte]",
  "price[lte]",
  "discountPercent[lte]",
  "price",
  "__proto__",
  "constructor",
];

const value = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    "-1",
    "0",
    "1e309",
    "NaN",
    "",
    " ",
    "9".repeat(40),
    "' OR 1=1 --",
    "a:* & !b",
    "-sold,price",
    "\u0000",
    "%00",
  ),
  fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 24, maxLength: 24 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
);

const queryString = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 12 })), value), { maxLength: 8 })
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&"));

/** A refused query: a 400 that says what was wrong, and nothing else. */
const queryRefused = errorResponse.extend({ status: z.literal("fail") }).strict();

/** What `body` lacks or has too much for `schema` (`fields` may leave out any field of an item). */
const mismatches = (schema: z.ZodType, body: unknown) =>
  schema.safeParse(body).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

describe("arbitrary query strings", () => {
  for (const [path, item] of [
    ["/api/v1/products", productListItem],
    ["/api/v1/categories", taxonomyItem],
    ["/api/v1/subcategories", taxonomyItem],
    ["/api/v1/undersubcategories", taxonomyItem],
    ["/api/v1/brands", taxonomyItem],
  ] as const) {
    // A products page also says how many products match and, after a spelling correction, what was searched.
    const extra =
      path === "/api/v1/products"
        ? productListResponse.pick({ total: true, correctedSearch: true }).shape
        : {};
    const page = listResponse(item.partial().strict()).extend(extra).strict();
    it(`never make ${path} answer 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(queryString, async (qs) => {
          const res = await shop.app.request(`${path}?${qs}`);
          expect(res.status, `${path}?${qs}`).toBeLessThan(500);
          expect([200, 400]).toContain(res.status);
          // A 200 is a page of the list, a 400 the error body; never one with the other's body.
          const body = await res.json();
          expect(mismatches(res.status === 200 ? page : queryRefused, body), `${path}?${qs}`).toEqual([]);
        }),
        { numRuns: path === "/api/v1/products" ? 300 : 60 },
      );
    });
  }

  it("never make a product id answer anything but 200 or 404", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 60 }), async (id) => {
        const res = await shop.app.request(`/api/v1/products/${encodeURIComponent(id)}`);
        expect([200, 404]).toContain(res.status);
      }),
      { numRuns: 100 },
    );
  });
});
