import { z } from "zod";
import { decimal, fieldList, idList, one, pageParams, sortList } from "./query.ts";
import { MAX_PRICE_FILTER } from "./search-limits.ts";

/**
 * Every sort the API offers has an index behind it (db/schema.ts), except `relevance`: a search's
 * rank (how well the words match; without `search` it orders nothing), computed over the matches.
 */
export const PRODUCT_SORT_FIELDS = [
  "relevance",
  "price",
  "discountPercent",
  "sold",
  "ratingsAverage",
  "createdAt",
  "title",
] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

export const PRODUCT_LIST_FIELDS = [
  "_id",
  "title",
  "slug",
  "price",
  "priceBeforeDiscount",
  "discountPercent",
  "imageCover",
  "size",
  "quantity",
  "sold",
  "ratingsAverage",
  "ratingsQuantity",
  "color",
  "category",
  "brand",
  "isFavorite",
  "createdAt",
  "updatedAt",
] as const;
export type ProductListField = (typeof PRODUCT_LIST_FIELDS)[number];

/**
 * Other names `fields` accepts for product fields: `save` is the original back end's name for the
 * favorite marker, and the spec's product-card field list ends with it (docs/decisions/025).
 */
export const PRODUCT_FIELD_ALIASES = { save: "isFavorite" } as const satisfies Record<
  string,
  ProductListField
>;

export { MAX_PRICE_FILTER };

export const productListQuery = z.object({
  ...pageParams,
  sort: one("sort", sortList(PRODUCT_SORT_FIELDS)).optional(),
  fields: fieldList(PRODUCT_LIST_FIELDS, PRODUCT_FIELD_ALIASES).optional(),
  search: one(
    "search",
    z.string().trim().max(200, { message: "search must be at most 200 characters" }),
  ).optional(),
  category: idList("category").optional(),
  subCategories: idList("subCategories").optional(),
  underSubCategories: idList("underSubCategories").optional(),
  brand: idList("brand").optional(),
  "ratingsAverage[gte]": one("ratingsAverage[gte]", decimal("ratingsAverage[gte]", 0, 5)).optional(),
  "price[gte]": one("price[gte]", decimal("price[gte]", 0, MAX_PRICE_FILTER)).optional(),
  "price[lte]": one("price[lte]", decimal("price[lte]", 0, MAX_PRICE_FILTER)).optional(),
  "discountPercent[lte]": one("discountPercent[lte]", decimal("discountPercent[lte]", 0, 100)).optional(),
});
export type ProductListQuery = z.output<typeof productListQuery>;

export const TAXONOMY_SORT_FIELDS = ["name", "createdAt", "updatedAt"] as const;
export const TAXONOMY_FIELDS = ["_id", "name", "slug", "image", "createdAt", "updatedAt"] as const;
export type TaxonomySortField = (typeof TAXONOMY_SORT_FIELDS)[number];
export type TaxonomyField = (typeof TAXONOMY_FIELDS)[number] | "category" | "subCategory";

const taxonomyParams = {
  ...pageParams,
  sort: one("sort", sortList(TAXONOMY_SORT_FIELDS)).optional(),
};

export const categoryListQuery = z.object({
  ...taxonomyParams,
  fields: fieldList(TAXONOMY_FIELDS).optional(),
});
export const brandListQuery = categoryListQuery;
export const subcategoryListQuery = z.object({
  ...taxonomyParams,
  fields: fieldList([...TAXONOMY_FIELDS, "category"] as const).optional(),
  category: idList("category").optional(),
});
export const underSubcategoryListQuery = z.object({
  ...taxonomyParams,
  fields: fieldList([...TAXONOMY_FIELDS, "subCategory"] as const).optional(),
  subCategory: idList("subCategory").optional(),
});
export type TaxonomyListQuery = z.output<typeof categoryListQuery>;
export type SubcategoryListQuery = z.output<typeof subcategoryListQuery>;
export type UnderSubcategoryListQuery = z.output<typeof underSubcategoryListQuery>;

// ---- Responses (documented in OpenAPI; also the types core returns) ----

export const paginationResults = z.object({
  currentPage: z.number().int(),
  limit: z.number().int(),
  numberOfPages: z.number().int(),
  nextPage: z.number().int().optional(),
  prevPage: z.number().int().optional(),
});
export type PaginationResults = z.infer<typeof paginationResults>;

export const namedRef = z.object({ _id: z.string(), name: z.string() });

export const taxonomyItem = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  image: z.string().describe("Absolute URL"),
  category: z.string().optional(),
  subCategory: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaxonomyItem = z.infer<typeof taxonomyItem>;

export const productListItem = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  price: z.number().describe("Dollars, two decimals"),
  priceBeforeDiscount: z.number(),
  discountPercent: z.number().int(),
  imageCover: z.string().describe("Absolute URL"),
  size: z.string().nullable().describe("The size whose price is shown: the cheapest in stock"),
  quantity: z.number().int().describe("Available stock: on hand minus active cart holds"),
  sold: z.number().int(),
  ratingsAverage: z.number(),
  ratingsQuantity: z.number().int(),
  color: z.string(),
  category: z.string(),
  brand: z.string().nullable(),
  isFavorite: z
    .boolean()
    .describe(
      "Whether the signed-in customer saved the product; always present with a session, whatever `fields` says",
    ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductListItem = z.infer<typeof productListItem>;

export const productSize = z.object({
  _id: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  priceBeforeDiscount: z.number(),
  discountPercent: z.number().int(),
});
export type ProductSize = z.infer<typeof productSize>;

export const productDetail = productListItem.omit({ category: true, brand: true }).extend({
  description: z.string(),
  images: z.array(z.string()).describe("Absolute URLs"),
  colorName: z.string(),
  category: namedRef,
  subCategories: z.array(namedRef),
  underSubCategories: z.array(namedRef),
  brand: namedRef.nullable(),
  sizes: z.array(productSize),
  group: z
    .object({
      _id: z.string(),
      name: z.string(),
      productsIDs: z.array(
        z.object({ _id: z.string(), imageCover: z.string(), color: z.string(), colorName: z.string() }),
      ),
    })
    .nullable(),
});
export type ProductDetail = z.infer<typeof productDetail>;

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ results: z.number().int(), paginationResults, data: z.array(item) });
}

/** GET /products: a page, how many products match in all, and the corrected words a search used. */
export const productListResponse = listResponse(productListItem).extend({
  total: z.number().int(),
  /**
   * Present (true) when a search's count stopped at its limit: at least `total` products match, and
   * the pages go that far (docs/decisions/062-bounded-search-counts.md).
   */
  totalCapped: z.literal(true).optional(),
  correctedSearch: z.string().optional(),
});

export const errorResponse = z.object({
  status: z.enum(["fail", "error"]),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
