import { Hono } from "hono";
import {
  brandListQuery,
  categoryListQuery,
  productListQuery,
  subcategoryListQuery,
  underSubcategoryListQuery,
} from "#contract/catalog.ts";
import { getProduct, listProducts } from "#core/catalog/products.ts";
import {
  listBrands,
  listCategories,
  listSubcategories,
  listUnderSubcategories,
} from "#core/catalog/taxonomy.ts";
import type { CoreContext } from "#core/context.ts";
import { parseQuery } from "./validate.ts";

/** GET /categories, /brands, /subcategories, /undersubcategories, /products, /products/{id} (SPEC §7). */
export function catalogRoutes(ctx: CoreContext) {
  const viewer = (c: { get(key: "customerId"): string | undefined }) => ({ viewerId: c.get("customerId") });
  return new Hono()
    .get("/categories", async (c) => c.json(await listCategories(ctx, parseQuery(c, categoryListQuery))))
    .get("/brands", async (c) => c.json(await listBrands(ctx, parseQuery(c, brandListQuery))))
    .get("/subcategories", async (c) =>
      c.json(await listSubcategories(ctx, parseQuery(c, subcategoryListQuery))),
    )
    .get("/undersubcategories", async (c) =>
      c.json(await listUnderSubcategories(ctx, parseQuery(c, underSubcategoryListQuery))),
    )
    .get("/products", async (c) => {
      const query = parseQuery(c, productListQuery);
      // With a session the favorite marker is always there, whatever `fields` asks (decision 025).
      if (c.get("customerId") && query.fields?.length && !query.fields.includes("isFavorite")) {
        query.fields = [...query.fields, "isFavorite"];
      }
      return c.json(await listProducts(ctx, query, viewer(c)));
    })
    .get("/products/:id", async (c) => c.json({ data: await getProduct(ctx, c.req.param("id"), viewer(c)) }));
}

declare module "hono" {
  interface ContextVariableMap {
    /** Set when a valid Bearer token names a customer (accounts work); read to fill `isFavorite`. */
    customerId: string | undefined;
  }
}
