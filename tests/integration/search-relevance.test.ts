import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrapPglite } from "#db/client.ts";
import { seedDemoShop } from "#demo/seed.ts";
import { createTestShop, type TestShop } from "../support/app.ts";
import { TEST_NOW } from "../support/constants.ts";

// Relevance of the storefront search over the demo catalogue (seed 1, 400 products), measured over
// the WHOLE result set of each query against an independent rule (docs/decisions/031-search-matches-words.md):
// a product is expected when every word of the query is one of its words — the words of its title, colour,
// brand, category, subcategory and under-subcategory names, hyphenated words also joined ("t-shirt" →
// "tshirt"), singular and plural alike. A misspelt query expects what the word it stands for finds.

/** Singular and plural alike: "dresses" → "dress", "hoodies" → "hoodie", "jeans" → "jean". */
function base(word: string): string {
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

function words(text: string): string[] {
  const lower = text.toLowerCase();
  const joined = (lower.match(/[a-z0-9]+(?:-[a-z0-9]+)+/g) ?? []).map((w) => w.replace(/-/g, ""));
  return [...lower.split(/[^a-z0-9]+/), ...joined].filter((w) => w.length > 0).map(base);
}

/** Each query, and the words the rule looks for when it is not the query itself (misspellings, spaces). */
const QUERIES: [query: string, means?: string][] = [
  ["dress"],
  ["dresses"],
  ["jeans"],
  ["shirt"],
  ["shirts"],
  ["t-shirt", "tshirt"],
  ["tshirt"],
  ["t shirt", "tshirt"],
  ["hoodie"],
  ["hoodies"],
  ["jacket"],
  ["jackets"],
  ["coat"],
  ["sweater"],
  ["skirt"],
  ["shorts"],
  ["trousers"],
  ["sneakers"],
  ["boots"],
  ["sandals"],
  ["caps"],
  ["socks"],
  ["scarves"],
  ["red dress"],
  ["black dress"],
  ["blue dress"],
  ["pink dress"],
  ["white sneakers"],
  ["black jeans"],
  ["leather jacket"],
  ["denim jacket"],
  ["polo shirt"],
  ["red"],
  ["navy"],
  ["sky blue"],
  ["northwind"],
  ["pioneer denim"],
  ["women"],
  ["kids"],
  ["sportswear"],
  ["outerwear"],
  ["knitwear"],
  ["jaens", "jeans"],
  ["hodie", "hoodie"],
  ["swetaer", "sweater"],
  ["jackte", "jacket"],
];

interface Figures {
  query: string;
  expected: number;
  found: number;
  precision: number;
  recall: number;
  corrected?: string;
}

let shop: TestShop;
let products: { id: string; words: Set<string> }[];
const figures: Figures[] = [];

beforeAll(async () => {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const database = wrapPglite(client);
  await database.migrate();
  await seedDemoShop(database.db, { products: 400, seed: 1, now: TEST_NOW });
  shop = await createTestShop({ database });
  const rows = await shop.rows<{ id: string; text: string }>(sql`
    SELECT p.id, concat_ws(' ', p.title, p.color_name, b.name, c.name,
        (SELECT string_agg(s.name, ' ') FROM product_subcategories ps
          JOIN subcategories s ON s.id = ps.subcategory_id WHERE ps.product_id = p.id),
        (SELECT string_agg(u.name, ' ') FROM product_under_subcategories pu
          JOIN under_subcategories u ON u.id = pu.under_subcategory_id WHERE pu.product_id = p.id)) AS text
    FROM products p JOIN categories c ON c.id = p.category_id LEFT JOIN brands b ON b.id = p.brand_id`);
  products = rows.map((r) => ({ id: r.id, words: new Set(words(r.text)) }));
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

async function searchAll(query: string): Promise<{ ids: string[]; total: number; corrected?: string }> {
  const ids: string[] = [];
  let total = 0;
  let corrected: string | undefined;
  for (let page = 1; page <= 20; page++) {
    const { status, body } = await shop.get(
      `/api/v1/products?search=${encodeURIComponent(query)}&fields=_id&limit=100&page=${page}`,
    );
    expect(status).toBe(200);
    ids.push(...body.data.map((p: { _id: string }) => p._id));
    total = body.total;
    corrected = body.correctedSearch;
    if (page >= body.paginationResults.numberOfPages) break;
  }
  return { ids, total, corrected };
}

describe("search relevance over the demo catalogue", () => {
  it("finds what each query asks for: precision and recall ≥ 0.95 on average, ≥ 0.8 for every query", async () => {
    expect(products).toHaveLength(400);
    for (const [query, means] of QUERIES) {
      const wanted = words(means ?? query);
      const expected = new Set(products.filter((p) => wanted.every((w) => p.words.has(w))).map((p) => p.id));
      const { ids, total, corrected } = await searchAll(query);
      expect(total).toBe(ids.length);
      const hits = ids.filter((id) => expected.has(id)).length;
      figures.push({
        query,
        expected: expected.size,
        found: ids.length,
        precision: ids.length === 0 ? (expected.size === 0 ? 1 : 0) : hits / ids.length,
        recall: expected.size === 0 ? 1 : hits / expected.size,
        corrected,
      });
    }
    const average = (key: "precision" | "recall") =>
      figures.reduce((sum, f) => sum + f[key], 0) / figures.length;
    const table = figures.map(
      (f) =>
        `| ${f.query} | ${f.corrected ?? ""} | ${f.expected} | ${f.found} | ${f.precision.toFixed(2)} | ${f.recall.toFixed(2)} |`,
    );
    console.log(
      [
        "| query | searched for | expected | found | precision | recall |",
        "| --- | --- | --- | --- | --- | --- |",
        ...table,
        `| **average** (${figures.length} queries) | | | | ${average("precision").toFixed(3)} | ${average("recall").toFixed(3)} |`,
      ].join("\n"),
    );
    // At least 30 queries about something the shop sells (a colour and a garment may have no product).
    expect(figures.filter((f) => f.expected > 0).length).toBeGreaterThanOrEqual(30);
    expect(average("precision")).toBeGreaterThanOrEqual(0.95);
    expect(average("recall")).toBeGreaterThanOrEqual(0.95);
    for (const f of figures) {
      expect({ query: f.query, precision: f.precision >= 0.8, recall: f.recall >= 0.8 }).toEqual({
        query: f.query,
        precision: true,
        recall: true,
      });
    }
  }, 120_000);

  it("says which words it searched for when it corrected the spelling, and only then", async () => {
    expect((await searchAll("jaens")).corrected).toBe("jeans");
    expect((await searchAll("red dresss")).corrected).toBe("red dress");
    expect((await searchAll("dresses")).corrected).toBeUndefined();
    expect((await searchAll("zzqxv")).ids).toEqual([]);
  });
});
