import { z } from "zod";
import { catalogueProduct } from "./catalogue-file.ts";

// The staff API's product payloads (docs/back-office/products.md#api).

/**
 * The body of `POST /products` and `PUT /products/{id}`: one product of the catalogue file
 * (docs/catalogue-import.md), published as the import's schema. It is checked by core
 * (core/catalog/product-record-check.ts), not here — the `catch` lets the body through as sent — so
 * the API and the back-office form refuse it with the same fields and messages, named the way the
 * import names them (`sizes[1].price: must be 0 or more`).
 */
export const productRecordBody = catalogueProduct.catch((ctx) => ctx.input as never);

export const PRODUCT_STATUSES = ["active", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** `PUT /products/{id}/status`: archive a product (off the storefront) or restore it. */
export const productStatusBody = z.object({
  status: z.enum(PRODUCT_STATUSES, { message: "must be 'active' or 'archived'" }),
});

export const productStatusResponse = z.object({
  data: z.object({
    _id: z.string(),
    status: z.enum(PRODUCT_STATUSES),
    archivedAt: z.iso.datetime().nullable(),
  }),
});

export const ADMIN_PRODUCT_SORTS = ["title", "price", "stock", "updatedAt"] as const;
export const ADMIN_PRODUCTS_PER_PAGE = 25;

/**
 * The back office's product table as the URL states it (/admin/products?q=…&category=…&status=…
 * &sort=-updatedAt&page=2). A value it does not know falls back to the default: a stale or edited
 * link still shows a table.
 */
export const adminProductListQuery = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,120}$/)
    .optional()
    .catch(undefined),
  status: z
    .enum(["all", ...PRODUCT_STATUSES])
    .default("all")
    .catch("all"),
  sort: z
    .enum([...ADMIN_PRODUCT_SORTS, ...ADMIN_PRODUCT_SORTS.map((s) => `-${s}` as const)])
    .default("-updatedAt")
    .catch("-updatedAt"),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});
export type AdminProductListQuery = z.output<typeof adminProductListQuery>;
