import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productListQuery } from "#contract/catalog.ts";
import { readQuery } from "#contract/query.ts";
import { importCatalogue } from "#core/catalog/import.ts";
import { refreshListingPrices } from "#core/catalog/listing.ts";
import { listProducts, SEARCH_COUNT_LIMIT } from "#core/catalog/products.ts";
import { analyseSearch, effectiveWords, searchWords, wordTsQuery } from "#core/catalog/search.ts";
import { refreshSearchPostings } from "#core/catalog/search-postings.ts";
import { setUpTestShop } from "../support/app.ts";

const shop = setUpTestShop();

interface Case {
  search: string;
  filters: string;
  sort?: string;
}

/**
 * The result a full-text query over the product rows gives (how searches ran before the postings,
 * docs/decisions/006): every match in order, with the same words and spelling corrections. Whole
 * words of the search document (weight A), never descriptions (docs/decisions/031).
 */
async function expectedIds(c: Case, where: SQL[]): Promise<string[]> {
  const words = effectiveWords(await analyseSearch(shop.ctx.db, searchWords(c.search)));
  const query = sql`to_tsquery('english', ${wordTsQuery(words)})`;
  const columns: Record<string, string> = {
    sold: "sold",
    price: "price_cents",
    title: "title",
    createdAt: "created_at",
    ratingsAverage: "ratings_average",
    discountPercent: "discount_percent",
  };
  const rank = sql`ts_rank(p.search_vector, ${query}) DESC`;
  const order = c.sort
    ? c.sort
        .split(",")
        .map((k) =>
          k === "relevance"
            ? rank
            : k.startsWith("-")
              ? sql.raw(`p.${columns[k.slice(1)]} DESC NULLS LAST`)
              : sql.raw(`p.${columns[k]} ASC`),
        )
    : [rank, sql`p.sold DESC NULLS LAST`];
  const rows = await shop.rows<{ id: string }>(
    sql`SELECT p.id FROM products p
        WHERE p.search_vector @@ ${query}
          ${sql.join(
            where.map((w) => sql`AND ${w}`),
            sql` `,
          )}
        ORDER BY ${sql.join([...order, sql`p.id ASC`], sql`, `)}`,
  );
  return rows.map((r) => r.id);
}

async function apiIds(c: Case, limit: number): Promise<{ ids: string[]; numberOfPages: number }> {
  const ids: string[] = [];
  let numberOfPages = 0;
  for (let page = 1; page <= 200; page++) {
    const sort = c.sort ? `&sort=${c.sort}` : "";
    const { status, body } = await shop.get(
      `/api/v1/products?search=${encodeURIComponent(c.search)}${c.filters}${sort}&fields=_id&limit=${limit}&page=${page}`,
    );
    expect(status).toBe(200);
    ids.push(...body.data.map((p: { _id: string }) => p._id));
    numberOfPages = body.paginationResults.numberOfPages;
    if (page >= numberOfPages) break;
  }
  return { ids, numberOfPages };
}

/**
 * Products where a word is in the title, in the description, or both, next to other words that
 * start the same way ("parkaz", "parakeet"), so that a search for "parka" or the misspelt "parak"
 * finds the titles only, ranked (the description's positions count in the rank), and never a
 * description or a longer word.
 */
const parkas = () => {
  const product = (slug: string, title: string, description: string, price: number) => ({
    slug,
    title,
    description,
    color: "red",
    colorName: "Red",
    category: "outerwear",
    images: [`/images/products/coat/red/${slug}.webp`],
    price,
    stock: 3,
    sold: 10,
    ratingsAverage: 4,
    ratingsQuantity: 2,
  });
  return {
    categories: [{ slug: "outerwear", name: "Outerwear", image: "/images/categories/coat.webp" }],
    products: [
      product("alpine-parka", "Alpine Parka", "A warm coat.", 90),
      product("alpine-coat", "Alpine Coat", "Lighter than a parka, with parkaz lining.", 80),
      product(
        "storm-parka",
        "Storm Parka",
        "Not a parka for parakeet lovers; parkaz trim, parkazz hood, parkazzz cuffs.",
        70,
      ),
      product("field-jacket", "Field Jacket", "Pairs with a parakeet brooch.", 60),
      product("rain-parka", "Rain Parka Parka", "Parka.", 50),
    ],
  };
};

describe("search through the postings", () => {
  it("matches, ranks, filters, sorts and counts exactly as a full-text query over the products", async () => {
    await importCatalogue(shop.database.db, parkas());
    const categories = (await shop.get("/api/v1/categories?limit=100")).body.data;
    const women = categories.find((c: { slug: string }) => c.slug === "women")._id;
    const men = categories.find((c: { slug: string }) => c.slug === "men")._id;
    const [brand] = await shop.rows<{ id: string }>(
      sql`SELECT brand_id AS id FROM products GROUP BY brand_id ORDER BY count(*) DESC, brand_id LIMIT 1`,
    );
    const [sub] = await shop.rows<{ id: string }>(
      sql`SELECT subcategory_id AS id FROM product_subcategories GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    const filters: [string, SQL[]][] = [
      ["", []],
      [`&category=${women}`, [sql`p.category_id = ${women}`]],
      [
        `&category=${women},${men}&price[gte]=10&price[lte]=120&ratingsAverage[gte]=3`,
        [
          sql`p.category_id IN (${women}, ${men})`,
          sql`p.price_cents BETWEEN 1000 AND 12000`,
          sql`p.ratings_average >= 3`,
        ],
      ],
      [
        `&brand=${brand!.id}&discountPercent[lte]=20`,
        [sql`p.brand_id = ${brand!.id}`, sql`p.discount_percent <= 20`],
      ],
      [
        `&subCategories=${sub!.id}`,
        [
          sql`EXISTS (SELECT 1 FROM product_subcategories ps WHERE ps.product_id = p.id AND ps.subcategory_id = ${sub!.id})`,
        ],
      ],
    ];
    // One word, a prefix of words ("s", "sh", "hood": no longer a match, docs/decisions/031), several
    // words, spelling corrections (alone and beside a correct word), stop words, a number, a joined and
    // a hyphenated word, no match; words of the search document, of descriptions only ("wash", "tumble":
    // no match) and both in one query, a plural ("dresses").
    const searches = [
      "parka",
      "parak",
      "parkas",
      "shirt",
      "jeans",
      "jaens",
      "hoodie",
      "hood",
      "tshirt",
      "t-shirt",
      "dresses",
      "red dress",
      "s",
      "sh",
      "blue jeans",
      "relaxed cotton",
      "cotton jaens",
      "the shirt",
      "wash",
      "tumble",
      "soft shirt",
      "jeans wash",
      "30",
      "northwind",
      "zzqxv",
    ];
    let compared = 0;
    for (const search of searches) {
      for (const [filter, where] of filters) {
        for (const sort of [
          undefined,
          "-sold,-ratingsAverage",
          "price",
          "-createdAt",
          "title",
          "relevance",
        ]) {
          if (sort && filter !== "" && filter !== filters[2]![0]) continue;
          const c: Case = { search, filters: filter, sort };
          const expected = await expectedIds(c, where);
          const limit = 25;
          const actual = await apiIds(c, limit);
          expect({ ...c, ids: actual.ids }).toEqual({ ...c, ids: expected });
          expect(actual.numberOfPages).toBe(Math.ceil(expected.length / limit));
          compared += expected.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000); // the cases above do find products
  });

  it("answers nothing, with no pages, for stop words alone and a page past the end", async () => {
    const the = await shop.get("/api/v1/products?search=the");
    expect(the.body.data).toEqual([]);
    expect(the.body.paginationResults.numberOfPages).toBe(0);
    const first = await shop.get("/api/v1/products?search=shirt&limit=5");
    const pages = first.body.paginationResults.numberOfPages;
    expect(pages).toBeGreaterThan(1);
    const past = await shop.get(`/api/v1/products?search=shirt&limit=5&page=${pages + 3}`);
    expect(past.body.data).toEqual([]);
    expect(past.body.paginationResults).toMatchObject({ numberOfPages: pages, prevPage: pages + 2 });
  });
});

describe("a search's count", () => {
  const list = (params: string, countLimit?: number) =>
    listProducts(shop.ctx, productListQuery.parse(readQuery(new URLSearchParams(params))), { countLimit });

  it("stops at its limit when it has to count the matches, and then says at least that many", async () => {
    // A price filter is counted from the postings (no kept count answers it).
    const filtered = "search=shirt&price[gte]=1&limit=5&fields=_id";
    const exact = await list(filtered);
    expect(exact.total).toBeGreaterThan(10);
    expect(exact.total).toBeLessThan(SEARCH_COUNT_LIMIT);
    expect(exact).not.toHaveProperty("totalCapped");
    expect(await list(filtered, exact.total)).not.toHaveProperty("totalCapped");

    const capped = await list(filtered, 7);
    expect(capped).toMatchObject({ total: 7, totalCapped: true, results: 5 });
    expect(capped.paginationResults).toMatchObject({ numberOfPages: 2, nextPage: 2 });
    expect(capped.data.map((p) => p._id)).toEqual(exact.data.map((p) => p._id));
    // Past the counted pages the matches still answer, and a page past every match says the same.
    const third = await list(`${filtered}&page=3`, 7);
    expect(third).toMatchObject({ total: 7, totalCapped: true, results: 5 });
    expect(third.data.map((p) => p._id)).toEqual((await list(`${filtered}&page=3`)).data.map((p) => p._id));
    const past = await list(`${filtered}&page=${Math.ceil(exact.total / 5) + 2}`, 7);
    expect(past).toMatchObject({ total: 7, totalCapped: true, results: 0, data: [] });
  });

  it("stays exact where it is read from kept counts or over fenced matches", async () => {
    const kept = await list("search=shirt&limit=5", 3);
    expect(kept.total).toBeGreaterThan(3);
    expect(kept).not.toHaveProperty("totalCapped");
    const severalWords = await list("search=men shirt&price[gte]=1&limit=5", 1);
    expect(severalWords.total).toBeGreaterThan(1);
    expect(severalWords).not.toHaveProperty("totalCapped");
  });

  it("gives the storefront's API the same answer, with the flag only when it stopped", async () => {
    const { status, body } = await shop.get("/api/v1/products?search=shirt&price[gte]=1&limit=5&fields=_id");
    expect(status).toBe(200);
    expect(body.total).toBe((await list("search=shirt&price[gte]=1&limit=5&fields=_id")).total);
    expect(body).not.toHaveProperty("totalCapped");
  });
});

/**
 * Postings that differ from what they should be (a lexeme of the search document, weight A, of
 * every product, with the product's columns), recomputed with one `ts_rank` per posting.
 */
async function stalePostings(): Promise<number> {
  const [row] = await shop.rows<{ n: number }>(sql`
    WITH expected AS (
      SELECT e.lexeme COLLATE "C" AS lexeme, p.category_id, p.brand_id, p.price_cents, p.discount_percent,
        p.ratings_average, p.sold, ts_rank(p.search_vector, quote_literal(e.lexeme)::tsquery) AS rank, p.id
      FROM products p, unnest(p.search_vector) AS e
      WHERE 'A' = ANY(e.weights)
    ), actual AS (
      SELECT lexeme, category_id, brand_id, price_cents, discount_percent, ratings_average, sold, rank, product_id
      FROM search_postings
    )
    SELECT ((SELECT count(*) FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM actual) a)
      + (SELECT count(*) FROM (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected) b))::int AS n`);
  return row!.n;
}

/** Counts per lexeme, category and brand that differ from the postings' (search_counts, migration 0013). */
async function staleCounts(): Promise<number> {
  const [row] = await shop.rows<{ n: number }>(sql`
    WITH expected AS (
      SELECT lexeme, category_id, COALESCE(brand_id, '') AS brand_id, count(*)::int AS products
      FROM search_postings GROUP BY 1, 2, 3
    ), actual AS (SELECT lexeme, category_id, brand_id, products FROM search_counts WHERE products <> 0)
    SELECT ((SELECT count(*) FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM actual) a)
      + (SELECT count(*) FROM (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected) b))::int AS n`);
  return row!.n;
}

describe("the search postings", () => {
  it("hold every lexeme of every search document with its exact ts_rank and current filter columns", async () => {
    const [count] = await shop.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM search_postings`);
    expect(count!.n).toBeGreaterThan(1000);
    expect(await stalePostings()).toBe(0);
    expect(await staleCounts()).toBe(0);
  });

  it("follow a sale in place, leaving the counts unwritten, and an archived product's counts drop", async () => {
    const [product] = await shop.rows<{ id: string; category_id: string }>(
      sql`SELECT id, category_id FROM products WHERE archived_at IS NULL ORDER BY sold DESC, id LIMIT 1`,
    );
    const id = product!.id;
    const counts = () => shop.rows(sql`SELECT xmin::text, ctid::text, * FROM search_counts ORDER BY ctid`);
    const before = await counts();
    const postings = () => shop.rows(sql`SELECT ctid::text FROM search_postings ORDER BY ctid`);
    const placesBefore = await postings();
    await shop.database.db.execute(sql`UPDATE products SET sold = sold + 7 WHERE id = ${id}`);
    await refreshSearchPostings(shop.ctx.db, [id]);
    expect(await stalePostings()).toBe(0);
    // Updated, not deleted and inserted again: the counts' rows are the very same versions.
    expect(await counts()).toEqual(before);
    expect(await postings()).not.toEqual(placesBefore);

    const [lexeme] = await shop.rows<{ lexeme: string }>(
      sql`SELECT lexeme FROM search_postings WHERE product_id = ${id} ORDER BY lexeme LIMIT 1`,
    );
    const total = async () =>
      (await shop.get(`/api/v1/products?search=${lexeme!.lexeme}&category=${product!.category_id}&limit=1`))
        .body.paginationResults.numberOfPages;
    const listed = await total();
    await shop.database.db.execute(sql`UPDATE products SET archived_at = now() WHERE id = ${id}`);
    await refreshSearchPostings(shop.ctx.db, [id]);
    expect(await staleCounts()).toBe(0);
    expect(await total()).toBe(listed - 1);
    await shop.database.db.execute(sql`UPDATE products SET archived_at = NULL WHERE id = ${id}`);
    await refreshSearchPostings(shop.ctx.db, [id]);
    expect(await staleCounts()).toBe(0);
    expect(await stalePostings()).toBe(0);
    expect(await total()).toBe(listed);
  });

  it("follow a listing price change", async () => {
    const [size] = await shop.rows<{ product_id: string }>(
      sql`SELECT product_id FROM product_sizes WHERE stock > 0 ORDER BY product_id LIMIT 1`,
    );
    const id = size!.product_id;
    await shop.database.db.execute(
      sql`UPDATE product_sizes SET price_cents = 123456, price_before_discount_cents = 123456 WHERE product_id = ${id}`,
    );
    await refreshListingPrices(shop.ctx.db, [id]);
    expect(await stalePostings()).toBe(0);
    expect(await staleCounts()).toBe(0);
    const [{ title }] = (await shop.rows<{ title: string }>(
      sql`SELECT title FROM products WHERE id = ${id}`,
    )) as [{ title: string }];
    const word = title.split(/\s+/)[0]!;
    const { body } = await shop.get(`/api/v1/products?search=${word}&price[gte]=1234&limit=100`);
    expect(body.data.map((p: { _id: string }) => p._id)).toEqual([id]);
  });

  it("follow an import that renames, reprices and recategorises products, and ignore one that changes nothing", async () => {
    const catalogue = () => ({
      categories: [
        {
          slug: "outdoor",
          name: "Outdoor",
          image: "/images/categories/outdoor.webp",
          subcategories: [],
        },
        {
          slug: "travel",
          name: "Travel",
          image: "/images/categories/travel.webp",
          subcategories: [],
        },
      ],
      brands: [],
      products: [
        {
          slug: "quokka-cape",
          title: "Quokka Cape",
          description: "A light cape.",
          color: "green",
          colorName: "Green",
          category: "outdoor",
          subcategories: [],
          underSubcategories: [],
          images: ["/images/products/cape/green/front.webp"],
          price: 30,
          stock: 4,
          sold: 1,
          ratingsAverage: 4,
          ratingsQuantity: 2,
        },
      ],
    });
    await importCatalogue(shop.database.db, catalogue());
    const found = async (search: string) =>
      (await shop.get(`/api/v1/products?search=${search}`)).body.data.map((p: { title: string }) => p.title);
    expect(await found("quokka")).toEqual(["Quokka Cape"]);
    const before = await shop.rows(sql`SELECT ctid::text FROM search_postings ORDER BY ctid`);
    await importCatalogue(shop.database.db, catalogue());
    expect(await shop.rows(sql`SELECT ctid::text FROM search_postings ORDER BY ctid`)).toEqual(before);

    const changed = catalogue();
    changed.products[0] = { ...changed.products[0]!, title: "Wombat Cape", price: 45, category: "travel" };
    await importCatalogue(shop.database.db, changed);
    expect(await found("quokka")).toEqual([]);
    expect(await found("wombat")).toEqual(["Wombat Cape"]);
    const travel = (await shop.get("/api/v1/categories?limit=100")).body.data.find(
      (c: { slug: string }) => c.slug === "travel",
    )._id;
    expect(
      (await shop.get(`/api/v1/products?search=cape&category=${travel}&price[gte]=40`)).body.data.length,
    ).toBe(1);
    expect(await stalePostings()).toBe(0);
    expect(await staleCounts()).toBe(0);
  });
});
