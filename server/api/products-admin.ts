import { z } from "zod";
import { productRecordBody, productStatusBody, productStatusResponse } from "#contract/admin-products.ts";
import { errorResponse, productDetail } from "#contract/catalog.ts";
import { archiveProduct, createProduct, restoreProduct, updateProduct } from "#core/catalog/product-edits.ts";
import { getProduct } from "#core/catalog/products.ts";
import { defineOperation } from "./operation.ts";

// Staff write products (docs/back-office/products.md#api): POST /products, PUT /products/{id} (a
// record of the catalogue file), PUT /products/{id}/status (archive, restore).

const staff = { access: "manager", errorBody: errorResponse } as const;
const productId = z.object({ id: z.string() });
const recordFails = {
  "400":
    "A field of the record is wrong, named as the import names it (`sizes[0].price`), with the import's message; or a slug names no category, subcategory or brand of the catalogue.",
};
const answer = (status: "200" | "201", description: string) => ({
  status,
  description,
  schema: z.object({ data: productDetail }),
});

export const productAdminOperations = [
  defineOperation(
    {
      ...staff,
      method: "post",
      path: "/products",
      summary: "Create a product from a catalogue file record",
      description:
        "The body is one product of the catalogue import file (docs/catalogue-import.md): taxonomy and brand by slug, sizes with dollar prices. `sold`, ratings and `createdAt` are the shop's own figures and are not taken from it.",
      body: productRecordBody,
      ok: answer("201", "The new product, as GET /products/{id} shows it."),
      fails: { ...recordFails, "409": "A product with this slug exists." },
    },
    async (c, { body }, { ctx }) => {
      const id = await createProduct(ctx, c.get("staff"), body);
      return c.json({ data: await getProduct(ctx, id) }, 201);
    },
  ),
  defineOperation(
    {
      ...staff,
      method: "put",
      path: "/products/{id}",
      summary: "Replace a product's record",
      description:
        "Same body as POST /products; the slug cannot change. Existing sizes keep their stock on hand (stock moves through the stock adjustments); new sizes take the record's stock; sizes left out are removed from sale.",
      unparsedParams: productId,
      body: productRecordBody,
      ok: answer("200", "The product, as GET /products/{id} shows it (an archived one too)."),
      fails: { ...recordFails, "404": "`No product for this ID: {id}.`" },
    },
    async (c, { body }, { ctx }) => {
      const id = c.req.param("id") as string;
      await updateProduct(ctx, c.get("staff"), id, body);
      return c.json({ data: await getProduct(ctx, id, { archived: "include" }) });
    },
  ),
  defineOperation(
    {
      ...staff,
      method: "put",
      path: "/products/{id}/status",
      summary: "Archive a product or restore it",
      description:
        "`archived`: gone from lists, search, the sitemap and its page (404); carts holding it see the line lapse with a notice; orders keep it. `active`: back on sale.",
      unparsedParams: productId,
      body: productStatusBody,
      ok: { status: "200", description: "The product's status.", schema: productStatusResponse },
      fails: { "404": "`No product for this ID: {id}.`" },
    },
    async (c, { body }, { ctx }) => {
      const id = c.req.param("id") as string;
      const change = body.status === "archived" ? archiveProduct : restoreProduct;
      const { archivedAt } = await change(ctx, c.get("staff"), id);
      return c.json({ data: { _id: id, status: archivedAt ? "archived" : "active", archivedAt } });
    },
  ),
];
