import { z } from "zod";

/**
 * The catalogue import format (docs/catalogue-import.md). The demo seed produces the same shape and
 * goes through the same import, so the format is exercised on every start of an empty shop.
 * Records refer to each other by slug; ids are derived from slugs, so re-importing keeps them.
 */
const slug = z
  .string({ message: "must be a slug (lower-case letters, digits and hyphens)" })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: "must be a slug (lower-case letters, digits and hyphens)" })
  .max(120, { message: "must be at most 120 characters" });
const name = z
  .string({ message: "is required" })
  .trim()
  .min(1, { message: "is required" })
  .max(200, { message: "must be at most 200 characters" });
const imageUrl = z
  .string({ message: "must be an image URL" })
  .regex(/^(\/|https?:\/\/)\S+$/, { message: "must be an absolute URL or a path starting with /" })
  .max(500, { message: "must be at most 500 characters" });
const money = z
  .number({ message: "must be a number" })
  .min(0, { message: "must be 0 or more" })
  .max(1_000_000, { message: "must be at most 1000000" })
  .refine((v) => Number.isInteger(Math.round(v * 100 * 1e6) / 1e6), {
    message: "must have at most two decimals",
  });
const count = (max: number) =>
  z
    .number({ message: "must be a whole number" })
    .int({ message: "must be a whole number" })
    .min(0, { message: "must be 0 or more" })
    .max(max, { message: `must be at most ${max}` });

export const catalogueUnderSubcategory = z.object({ slug, name, image: imageUrl });
export const catalogueSubcategory = z.object({
  slug,
  name,
  image: imageUrl,
  underSubcategories: z.array(catalogueUnderSubcategory).default([]),
});
export const catalogueCategory = z.object({
  slug,
  name,
  image: imageUrl,
  subcategories: z.array(catalogueSubcategory).default([]),
});
export const catalogueBrand = z.object({ slug, name, image: imageUrl });

export const catalogueSize = z
  .object({
    size: z
      .string()
      .trim()
      .min(1, { message: "is required" })
      .max(20, { message: "must be at most 20 characters" }),
    stock: count(1_000_000),
    price: money,
    priceBeforeDiscount: money.optional(),
  })
  .refine((s) => s.priceBeforeDiscount === undefined || s.priceBeforeDiscount >= s.price, {
    message: "must not be below price",
    path: ["priceBeforeDiscount"],
  });

export const catalogueProduct = z
  .object({
    slug,
    title: name,
    description: z.string().trim().max(5000, { message: "must be at most 5000 characters" }).default(""),
    color: slug,
    colorName: name,
    /** Products with the same group are the same garment in other colours. */
    group: slug.optional(),
    category: slug,
    /** Slugs of subcategories of the product's category. */
    subcategories: z.array(slug).default([]),
    /** `subcategory/under-subcategory` slug paths within the product's category. */
    underSubcategories: z
      .array(
        z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, { message: "must be 'subcategory/under-subcategory'" }),
      )
      .default([]),
    brand: slug.optional(),
    images: z
      .array(imageUrl)
      .min(1, { message: "needs at least one image" })
      .max(10, { message: "at most 10" }),
    /** For a product without sizes. */
    price: money.optional(),
    priceBeforeDiscount: money.optional(),
    stock: count(1_000_000).optional(),
    sizes: z.array(catalogueSize).max(30, { message: "at most 30 sizes" }).default([]),
    sold: count(100_000_000).default(0),
    ratingsAverage: z
      .number({ message: "must be a number" })
      .min(0, { message: "must be 0 or more" })
      .max(5, { message: "must be at most 5" })
      .default(0),
    ratingsQuantity: count(100_000_000).default(0),
    createdAt: z.iso.datetime({ message: "must be an ISO date-time" }).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.sizes.length === 0 && p.price === undefined) {
      ctx.addIssue({ code: "custom", path: ["price"], message: "is required for a product without sizes" });
    }
    if (p.sizes.length > 0 && (p.price !== undefined || p.stock !== undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["sizes"],
        message: "price and stock go on each size, not the product",
      });
    }
    if (p.price !== undefined && p.priceBeforeDiscount !== undefined && p.priceBeforeDiscount < p.price) {
      ctx.addIssue({ code: "custom", path: ["priceBeforeDiscount"], message: "must not be below price" });
    }
    const seen = new Set<string>();
    p.sizes.forEach((s, i) => {
      const key = s.size.toUpperCase();
      if (seen.has(key))
        ctx.addIssue({ code: "custom", path: ["sizes", i, "size"], message: "is listed twice" });
      seen.add(key);
    });
  });

export const catalogueFile = z.object({
  categories: z.array(catalogueCategory).default([]),
  brands: z.array(catalogueBrand).default([]),
  products: z.array(catalogueProduct).default([]),
});

export type CatalogueFile = z.input<typeof catalogueFile>;
export type ParsedCatalogue = z.output<typeof catalogueFile>;
export type CatalogueProduct = z.output<typeof catalogueProduct>;
