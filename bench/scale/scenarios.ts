// What the scale benchmark measures at every catalogue size, discovered from the running server so
// every path names real ids. API scenarios are judged by the growth budgets; page scenarios sit
// beside the API's detail and the bare HTTP ceiling (issue 20 point 3).
// The catalogue discovery (counts, the largest category) is the api benchmark's.
import { CARD_FIELDS, countProducts, getJson, largestCategory, type Page } from "../api/scenarios.ts";
import type { LoadRequest } from "../lib/load.ts";
import { rotation } from "../lib/stats.ts";
import type { CartItem } from "./database.ts";

export type ScenarioKind = "api" | "page" | "ceiling";

export interface ScaleScenario {
  name: string;
  kind: ScenarioKind;
  description: string;
  /** An example request (the first of the rotation), for the report. */
  example: string;
  /** A fresh rotation over the scenario's requests. */
  requests: () => () => LoadRequest;
  /** Stock holds are written: carts are emptied before each of its runs. */
  writes?: boolean;
}

const API = "/api/v1";
const LIST = `sort=-sold,-ratingsAverage&limit=16&fields=${CARD_FIELDS}`;
/** How deep the deep list page goes (the last page when the catalogue has fewer). */
export const DEEP_PAGE = 200;
/** A common title word, a rare one (one jeans material of four: about 1 % of products), a misspelling. */
export const COMMON_WORD = "shirt";
export const RARE_WORD = "selvedge";
export const MISSPELLING = "jaens";
const DETAIL_IDS = 200;

/** Product ids spread over the whole catalogue (oldest to newest), so detail hits cold and warm rows alike. */
async function spreadProductIds(baseUrl: string, total: number, count: number): Promise<string[]> {
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

const gets = (paths: string[], headers?: Record<string, string>) => (): (() => LoadRequest) => {
  const next = rotation(paths);
  return () => ({ path: next(), ...(headers ? { headers } : {}) });
};

export interface Discovered {
  scenarios: ScaleScenario[];
  /** Facts about this catalogue the report prints next to the figures. */
  facts: Record<string, string | number>;
  /** The API detail body of the first id, for the bare HTTP ceiling. */
  detailBody: string;
}

export async function discoverScenarios(
  baseUrl: string,
  tokens: readonly string[],
  items: readonly CartItem[],
): Promise<Discovered> {
  const total = await countProducts(baseUrl, "");
  const listPages = (await getJson<Page<unknown>>(baseUrl, `${API}/products?page=1&${LIST}`))
    .paginationResults.numberOfPages;
  const deepPage = Math.min(DEEP_PAGE, listPages);
  const category = await largestCategory(baseUrl);
  const ids = await spreadProductIds(baseUrl, total, DETAIL_IDS);
  const matches = async (term: string) => countProducts(baseUrl, `&search=${term}`);
  const filters = `category=${category.id}&price[gte]=10&price[lte]=120&ratingsAverage[gte]=3`;
  const search = (term: string, extra = "") => `${API}/products?search=${term}${extra}&page=1&${LIST}`;
  const cookie = { cookie: `JWTToken=${tokens[0]}` };
  const detailPaths = ids.map((id) => `${API}/products/${id}`);
  const productPages = ids.map((id) => `/product/${encodeURIComponent(id)}`);
  const searchPage = `/search/${COMMON_WORD}?page=1`;
  const detailBody = await (await fetch(new URL(detailPaths[0]!, baseUrl))).text();

  const facts = {
    products: total,
    "list pages (16 per page)": listPages,
    "deep page": deepPage,
    [`'${COMMON_WORD}' matches`]: await matches(COMMON_WORD),
    [`'${RARE_WORD}' matches`]: await matches(RARE_WORD),
    [`'${MISSPELLING}' matches`]: await matches(MISSPELLING),
    "largest category": `${category.name} (${category.products})`,
    "detail ids": ids.length,
  };

  const addToCart = (): (() => LoadRequest) => {
    let k = 0;
    return () => {
      // Request k: customer k mod C, item k mod I (C and I coprime): requests in flight share no cart
      // and no stock row, and a line grows by one only every C×I requests.
      const n = k++;
      const item = items[n % items.length]!;
      return {
        path: `${API}/customer/shopping-cart`,
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens[n % tokens.length]}` },
        body: JSON.stringify({ productId: item.productId, size: item.size, quantity: 1 }),
      };
    };
  };

  const scenarios: ScaleScenario[] = [
    api("list-first", "listing page 1, best sellers first, 16 card fields", [
      `${API}/products?page=1&${LIST}`,
    ]),
    api(`list-deep`, `listing page ${deepPage} (of ${listPages}), best sellers first`, [
      `${API}/products?page=${deepPage}&${LIST}`,
    ]),
    api("search-common", `one common word '${COMMON_WORD}', page 1`, [search(COMMON_WORD)]),
    api("search-rare", `one rare word '${RARE_WORD}', page 1`, [search(RARE_WORD)]),
    api("search-misspelling", `the misspelling '${MISSPELLING}' (spelling correction), page 1`, [
      search(MISSPELLING),
    ]),
    api("search-filters", `'${COMMON_WORD}' in ${category.name}, price 10–120, rating ≥ 3, page 1`, [
      search(COMMON_WORD, `&${filters}`),
    ]),
    api("detail", `product detail, rotating over ${ids.length} ids`, detailPaths),
    {
      name: "add-to-cart",
      kind: "api",
      description: `POST add one unit, ${tokens.length} signed-in customers × ${items.length} sizes`,
      example: `POST ${API}/customer/shopping-cart`,
      requests: addToCart,
      writes: true,
    },
    page("page-home", "home page `/`, anonymous", ["/"]),
    page("page-home-signed-in", "home page `/`, signed in (session cookie)", ["/"], cookie),
    page("page-search", `search page \`${searchPage}\`, anonymous`, [searchPage]),
    page("page-search-signed-in", "search page, signed in", [searchPage], cookie),
    page("page-product", `product page, anonymous, rotating over ${ids.length} ids`, productPages),
    {
      name: "page-product-render",
      kind: "page",
      description:
        "the same anonymous product pages, each with a query no other request has (`?render=<n>`): " +
        "never in the instance's page cache, so every request renders (docs/decisions/065-page-cache.md)",
      example: `${productPages[0]}?render=0`,
      requests: () => {
        const next = gets(productPages)();
        let n = 0;
        return () => {
          const request = next();
          return { ...request, path: `${request.path}?render=${n++}` };
        };
      },
    },
    page("page-product-signed-in", "product page, signed in", productPages, cookie),
  ];
  return { scenarios, facts, detailBody };
}

function api(name: string, description: string, paths: string[]): ScaleScenario {
  return { name, kind: "api", description, example: paths[0]!, requests: gets(paths) };
}

function page(
  name: string,
  description: string,
  paths: string[],
  headers?: Record<string, string>,
): ScaleScenario {
  return { name, kind: "page", description, example: paths[0]!, requests: gets(paths, headers) };
}
