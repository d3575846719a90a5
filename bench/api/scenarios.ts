export const SCENARIO_NAMES = ["list", "search", "detail", "reviews"] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** One kind of request the storefront makes; the load rotates over `paths`. */
export interface Scenario {
  name: ScenarioName;
  description: string;
  paths: string[];
}

const API = "/api/v1";

/** The fields the storefront's product cards ask for. */
export const CARD_FIELDS =
  "_id,title,price,priceBeforeDiscount,discountPercent,imageCover,quantity,size,sold,ratingsAverage,ratingsQuantity,save";

/** A real query word, two more, and a misspelling that goes through spelling correction. */
const SEARCH_TERMS = ["shirt", "jeans", "hoodie", "jaens"];
const DETAIL_IDS = 200;

export interface Page<T> {
  paginationResults: { numberOfPages: number };
  data: T[];
}

export async function getJson<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(new URL(path, baseUrl));
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** With `limit=1`, the number of pages is the number of matching products. */
export async function countProducts(baseUrl: string, filter: string): Promise<number> {
  const page = await getJson<Page<unknown>>(baseUrl, `${API}/products?limit=1&fields=_id${filter}`);
  return page.paginationResults.numberOfPages;
}

/** The category with the most products: the heaviest filter a shopper can pick. */
export async function largestCategory(
  baseUrl: string,
): Promise<{ id: string; name: string; products: number }> {
  const categories = await getJson<Page<{ _id: string; name: string }>>(
    baseUrl,
    `${API}/categories?limit=100&fields=_id,name`,
  );
  let best: { id: string; name: string; products: number } | undefined;
  for (const c of categories.data) {
    const products = await countProducts(baseUrl, `&category=${c._id}`);
    if (!best || products > best.products) best = { id: c._id, name: c.name, products };
  }
  if (!best) throw new Error("the catalogue has no categories");
  return best;
}

/** Product ids spread over the whole catalogue (not just the newest), so detail pages hit cold and warm rows alike. */
async function spreadProductIds(baseUrl: string, count: number): Promise<string[]> {
  const total = await countProducts(baseUrl, "");
  const perPage = 10;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const wanted = Math.min(pages, Math.ceil(count / perPage));
  const ids: string[] = [];
  for (let i = 0; i < wanted; i++) {
    const page = 1 + Math.floor((i * pages) / wanted);
    const result = await getJson<Page<{ _id: string }>>(
      baseUrl,
      `${API}/products?page=${page}&limit=${perPage}&sort=createdAt&fields=_id`,
    );
    ids.push(...result.data.map((p) => p._id));
  }
  if (ids.length === 0) throw new Error("the catalogue has no products");
  return ids.slice(0, count);
}

/**
 * The reviews of the product with BENCH_REVIEWS of them (bench/api/database.ts: seedReviews), as the
 * product page asks for them: newest, highest and lowest first, and a page near the end.
 */
export function reviewsScenario(productId: string, reviews: number): Scenario {
  const base = `${API}/products/${productId}/reviews`;
  const deepPage = Math.floor((reviews * 0.95) / 5);
  return {
    name: "reviews",
    description: `a product's reviews (${reviews.toLocaleString("en-US")} of them): newest, highest, lowest first (5 a page), and page ${deepPage} of the newest`,
    paths: [base, `${base}?sort=highest`, `${base}?sort=lowest&page=2`, `${base}?page=${deepPage}`],
  };
}

/** Builds the catalogue's scenarios (those in `only`) from what the running API says the catalogue holds. */
export async function discoverScenarios(
  baseUrl: string,
  only: readonly ScenarioName[] = SCENARIO_NAMES,
): Promise<Scenario[]> {
  const wanted = (name: ScenarioName) => only.includes(name);
  const scenarios: Scenario[] = [];
  if (wanted("list")) {
    scenarios.push({
      name: "list",
      description: "storefront listing: page 3, 16 per page, best sellers first",
      paths: [`${API}/products?page=3&limit=16&sort=-sold,-ratingsAverage&fields=${CARD_FIELDS}`],
    });
  }
  if (wanted("search")) {
    const category = await largestCategory(baseUrl);
    const searchFilters = `category=${category.id}&price[gte]=10&price[lte]=120&ratingsAverage[gte]=3&page=1&limit=16`;
    scenarios.push({
      name: "search",
      description: `text search (${SEARCH_TERMS.join(", ")}) in ${category.name} (${category.products} products), price 10–120, rating ≥ 3`,
      paths: SEARCH_TERMS.map(
        (term) => `${API}/products?search=${term}&${searchFilters}&fields=${CARD_FIELDS}`,
      ),
    });
  }
  if (wanted("detail")) {
    const ids = await spreadProductIds(baseUrl, DETAIL_IDS);
    scenarios.push({
      name: "detail",
      description: `product page, rotating over ${ids.length} ids`,
      paths: ids.map((id) => `${API}/products/${id}`),
    });
  }
  return scenarios;
}
