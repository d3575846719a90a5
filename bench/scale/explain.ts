// The plans behind the scale benchmark's list and search scenarios at one size:
//   node --import tsx bench/scale/explain.ts <products> [path …]
// Captures the statements core runs for each path (bench/api/db-ceiling.ts capturePlans) on the
// database shop_bench_scale_<products> (keep it with --keep) and prints EXPLAIN (ANALYZE, BUFFERS)
// of each, warm (run once before). Without paths: the scenario paths of bench/scale/scenarios.ts.
import pg from "pg";
import { benchUrls } from "../api/database.ts";
import { capturePlans } from "../api/db-ceiling.ts";
import { databaseName } from "./database.ts";
import { COMMON_WORD, DEEP_PAGE, MISSPELLING, RARE_WORD } from "./scenarios.ts";

const products = Number(process.argv[2]);
if (!Number.isInteger(products) || products < 1) throw new Error("usage: explain.ts <products> [path …]");
const { benchUrl } = benchUrls(process.env, databaseName(products));
const client = new pg.Client({ connectionString: benchUrl });
await client.connect();

const card =
  "_id,title,price,priceBeforeDiscount,discountPercent,imageCover,quantity,size,sold,ratingsAverage,ratingsQuantity,save";
const list = `sort=-sold,-ratingsAverage&limit=16&fields=${card}`;
const { rows } = await client.query<{ id: string }>(
  "SELECT category_id AS id FROM products GROUP BY category_id ORDER BY count(*) DESC LIMIT 1",
);
const deep = Math.min(DEEP_PAGE, Math.ceil(products / 16));
const filters = `category=${rows[0]!.id}&price[gte]=10&price[lte]=120&ratingsAverage[gte]=3`;
const paths =
  process.argv.length > 3
    ? process.argv.slice(3)
    : [
        `/api/v1/products?page=1&${list}`,
        `/api/v1/products?page=${deep}&${list}`,
        `/api/v1/products?search=${COMMON_WORD}&page=1&${list}`,
        `/api/v1/products?search=${RARE_WORD}&page=1&${list}`,
        `/api/v1/products?search=${MISSPELLING}&page=1&${list}`,
        `/api/v1/products?search=${COMMON_WORD}&${filters}&page=1&${list}`,
      ];

const plans = await capturePlans(benchUrl, paths);
for (const [i, plan] of plans.entries()) {
  console.log(`\n######## ${paths[i]}`);
  for (const statement of plan.flat()) {
    await client.query(statement.sql, statement.params); // warm
    const explained = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
    console.log(`\n-- ${statement.sql.replace(/\s+/g, " ").slice(0, 300)}`);
    console.log(explained.rows.map((r) => r["QUERY PLAN"]).join("\n"));
  }
}
await client.end();
