import { z } from "zod";
import {
  brandListQuery,
  categoryListQuery,
  errorResponse,
  listResponse,
  productDetail,
  productListItem,
  productListQuery,
  subcategoryListQuery,
  taxonomyItem,
  underSubcategoryListQuery,
} from "#contract/catalog.ts";
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_PAGE } from "#contract/query.ts";

type JsonSchema = Record<string, unknown>;

const PARAMETERS: Record<string, { description: string; schema: JsonSchema; explode?: boolean }> = {
  page: {
    description: "Page number (default 1).",
    schema: { type: "integer", minimum: 1, maximum: MAX_PAGE },
  },
  limit: {
    description: `Items per page (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}).`,
    schema: { type: "integer", minimum: 1, maximum: MAX_LIMIT },
  },
  sort: {
    description: "Comma-separated fields; a leading `-` sorts descending.",
    schema: { type: "string" },
  },
  fields: {
    description: "Comma-separated fields to return; unknown names are ignored.",
    schema: { type: "string" },
  },
  search: {
    description: "Text search over titles, descriptions, brands and categories; tolerates typos.",
    schema: { type: "string", maxLength: 200 },
  },
  category: {
    description: "Category id(s): repeated, `category[]=`, or comma-separated.",
    schema: { type: "array", items: { type: "string" } },
    explode: true,
  },
  subCategories: {
    description: "Subcategory id(s); any of them matches.",
    schema: { type: "array", items: { type: "string" } },
    explode: true,
  },
  underSubCategories: {
    description: "Under-subcategory id(s); any of them matches.",
    schema: { type: "array", items: { type: "string" } },
    explode: true,
  },
  brand: {
    description: "Brand id(s); any of them matches.",
    schema: { type: "array", items: { type: "string" } },
    explode: true,
  },
  subCategory: {
    description: "Subcategory id(s) whose under-subcategories to list.",
    schema: { type: "array", items: { type: "string" } },
    explode: true,
  },
  "ratingsAverage[gte]": {
    description: "Minimum average rating (0–5).",
    schema: { type: "number", minimum: 0, maximum: 5 },
  },
  "price[gte]": { description: "Minimum price in USD.", schema: { type: "number", minimum: 0 } },
  "price[lte]": { description: "Maximum price in USD.", schema: { type: "number", minimum: 0 } },
  "discountPercent[lte]": {
    description: "Maximum discount percent.",
    schema: { type: "number", minimum: 0, maximum: 100 },
  },
};

function parameters(schema: z.ZodObject) {
  return Object.keys(schema.shape).map((name) => {
    const p = PARAMETERS[name];
    if (!p) throw new Error(`OpenAPI: no description for query parameter ${name}`);
    return {
      name,
      in: "query",
      required: false,
      description: p.description,
      schema: p.schema,
      ...(p.explode ? { style: "form", explode: true } : {}),
    };
  });
}

const json = (schema: z.ZodType) => ({
  "application/json": { schema: z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) },
});
const errors = {
  "400": {
    description: "A query parameter is malformed; the message names it.",
    content: json(errorResponse),
  },
  "429": { description: "Too many requests.", content: json(errorResponse) },
};

function listOperation(summary: string, query: z.ZodObject, item: z.ZodType) {
  return {
    get: {
      summary,
      parameters: parameters(query),
      responses: {
        "200": { description: "A page of results.", content: json(listResponse(item)) },
        ...errors,
      },
    },
  };
}

/** The published contract, built from the same zod schemas the handlers validate with. */
export function buildOpenApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "shop API",
      version: "1.0.0",
      description:
        "The storefront's REST API. Money is shown in USD with two decimals; ids are 24 hex characters.",
    },
    servers: [{ url: "/api/v1" }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
    },
    paths: {
      "/categories": listOperation("List categories", categoryListQuery, taxonomyItem),
      "/brands": listOperation("List brands", brandListQuery, taxonomyItem),
      "/subcategories": listOperation(
        "List subcategories (optionally of categories)",
        subcategoryListQuery,
        taxonomyItem,
      ),
      "/undersubcategories": listOperation(
        "List under-subcategories (optionally of subcategories)",
        underSubcategoryListQuery,
        taxonomyItem,
      ),
      "/products": listOperation("List, filter and search products", productListQuery, productListItem),
      "/products/{id}": {
        get: {
          summary: "One product with sizes, colour variants and related names",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": { description: "The product.", content: json(z.object({ data: productDetail })) },
            "404": { description: "`No product for this ID: {id}.`", content: json(errorResponse) },
            "429": errors["429"],
          },
        },
      },
    },
  };
}
