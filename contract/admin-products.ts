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
