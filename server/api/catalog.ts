import { z } from "zod";
import {
  brandListQuery,
  categoryListQuery,
  errorResponse,
  listResponse,
  productDetail,
  productListQuery,
  productListResponse,
  subcategoryListQuery,
  taxonomyItem,
  underSubcategoryListQuery,
} from "#contract/catalog.ts";
import { getProduct, listProducts } from "#core/catalog/products.ts";
import {
  listBrands,
  listCategories,
  listSubcategories,
  listUnderSubcategories,
} from "#core/catalog/taxonomy.ts";
import { defineOperation } from "./operation.ts";

// GET /categories, /brands, /subcategories, /undersubcategories, /products, /products/{id} (docs/storefront/api.md#calls).

const viewer = (c: { get(key: "customerId"): string | undefined }) => ({ viewerId: c.get("customerId") });
const page = (item: z.ZodType) => ({
  status: "200" as const,
  description: "A page of results.",
  schema: listResponse(item),
});
/** The catalogue's errors never carry an identity error `code`. */
const catalog = { method: "get", access: "viewer", errorBody: errorResponse } as const;

export const catalogOperations = [
  defineOperation(
    {
      ...catalog,
      path: "/categories",
      summary: "List categories",
      query: categoryListQuery,
      ok: page(taxonomyItem),
    },
    async (c, { query }, { ctx }) => c.json(await listCategories(ctx, query)),
  ),
  defineOperation(
    { ...catalog, path: "/brands", summary: "List brands", query: brandListQuery, ok: page(taxonomyItem) },
    async (c, { query }, { ctx }) => c.json(await listBrands(ctx, query)),
  ),
  defineOperation(
    {
      ...catalog,
      path: "/subcategories",
      summary: "List subcategories (optionally of categories)",
      query: subcategoryListQuery,
      ok: page(taxonomyItem),
    },
    async (c, { query }, { ctx }) => c.json(await listSubcategories(ctx, query)),
  ),
  defineOperation(
    {
      ...catalog,
      path: "/undersubcategories",
      summary: "List under-subcategories (optionally of subcategories)",
      query: underSubcategoryListQuery,
      ok: page(taxonomyItem),
    },
    async (c, { query }, { ctx }) => c.json(await listUnderSubcategories(ctx, query)),
  ),
  defineOperation(
    {
      ...catalog,
      path: "/products",
      summary: "List, filter and search products",
      query: productListQuery,
      ok: {
        status: "200" as const,
        description: "A page of products, their total and, for a misspelt search, the words searched for.",
        schema: productListResponse,
      },
    },
    async (c, { query }, { ctx }) => {
      // With a session the favorite marker is always there, whatever `fields` asks (decision 025).
      if (c.get("customerId") && query.fields?.length && !query.fields.includes("isFavorite")) {
        query.fields = [...query.fields, "isFavorite"];
      }
      return c.json(await listProducts(ctx, query, viewer(c)));
    },
  ),
  defineOperation(
    {
      ...catalog,
      path: "/products/{id}",
      summary: "One product with sizes, colour variants and related names",
      // Any text is looked up: what is no product's id is a 404.
      unparsedParams: z.object({ id: z.string() }),
      ok: { status: "200", description: "The product.", schema: z.object({ data: productDetail }) },
      fails: { "404": "`No product for this ID: {id}.`" },
    },
    async (c, _input, { ctx }) =>
      c.json({ data: await getProduct(ctx, c.req.param("id") as string, viewer(c)) }),
  ),
];

declare module "hono" {
  interface ContextVariableMap {
    /** Set when a valid Bearer token names a customer (accounts work); read to fill `isFavorite`. */
    customerId: string | undefined;
  }
}
