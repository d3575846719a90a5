// Proof that the uncounted related products answer exactly what the counted listProducts page did
// (docs/decisions/055-growth-benchmark.md): `node --import tsx bench/scale/compare-related.ts <products> [N]`
// on shop_bench_scale_<products> (kept with --keep). For N products spread over the catalogue, as
// anonymous and as a customer with favorites, with and without the card fields, compares the JSON of
// listRelatedProducts with the reference: listProducts' page, filtered the same way.
import { isDeepStrictEqual } from "node:util";
import { sql } from "drizzle-orm";
import type { ProductListField } from "#contract/catalog.ts";
import { getProduct, listProducts, listRelatedProducts } from "#core/catalog/products.ts";
import { openDatabase, queryRows } from "#db/client.ts";
import { benchUrls } from "../api/database.ts";
import { readOnlyCoreContext } from "../api/db-ceiling.ts";
import { databaseName } from "./database.ts";

const products = Number(process.argv[2]);
const wanted = Number(process.argv[3] ?? 500);
const { benchUrl } = benchUrls(process.env, databaseName(products));
const handle = await openDatabase({ url: benchUrl, poolSize: 4 });
const ctx = readOnlyCoreContext(handle);
const CARD: ProductListField[] = [
  "_id",
  "title",
  "price",
  "imageCover",
  "quantity",
  "size",
  "sold",
  "isFavorite",
];

/** What listRelatedProducts answered before: listProducts' counted page, without the product itself. */
async function reference(
  product: Awaited<ReturnType<typeof getProduct>>,
  limit: number,
  fields?: ProductListField[],
  viewerId?: string,
) {
  const ids = (refs: { _id: string }[]) => (refs.length > 0 ? refs.map((r) => r._id) : undefined);
  const page = await listProducts(
    ctx,
    {
      page: 1,
      limit: limit + 1,
      fields,
      category: [product.category._id],
      subCategories: ids(product.subCategories),
      underSubCategories: ids(product.underSubCategories),
      brand: product.brand ? [product.brand._id] : undefined,
      sort: [
        { field: "sold", descending: true },
        { field: "ratingsAverage", descending: true },
      ],
    },
    { viewerId },
  );
  return page.data.filter((p) => p._id !== product._id).slice(0, limit);
}

try {
  const total = (await queryRows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM products`))[0]!
    .n;
  const step = Math.max(1, Math.floor(total / wanted));
  const ids = (
    await queryRows<{ id: string }>(
      handle.db,
      sql`SELECT id FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM products) x
          WHERE (n - 1) % ${step} = 0 LIMIT ${wanted}`,
    )
  ).map((r) => r.id);
  // A customer with favorites among the related products, so the favorite flags are compared too.
  const [customer] = await queryRows<{ id: string }>(
    handle.db,
    sql`SELECT id FROM customers WHERE email LIKE 'bench-scale-%' ORDER BY email LIMIT 1`,
  );
  if (customer) {
    await handle.db.execute(sql`INSERT INTO favorites (customer_id, product_id, created_at)
      SELECT ${customer.id}, id, now() FROM products ORDER BY sold DESC LIMIT 200 ON CONFLICT DO NOTHING`);
  }
  let compared = 0;
  let nonEmpty = 0;
  for (const id of ids) {
    const product = await getProduct(ctx, id);
    for (const viewerId of [undefined, customer?.id]) {
      for (const [limit, fields] of [
        [6, CARD],
        [6, undefined],
        [12, CARD],
      ] as const) {
        const before = await reference(product, limit, fields, viewerId);
        const after = await listRelatedProducts(ctx, product, { limit, fields, viewerId });
        if (!isDeepStrictEqual(JSON.parse(JSON.stringify(before)), JSON.parse(JSON.stringify(after)))) {
          throw new Error(`product ${id} (viewer ${viewerId}, limit ${limit}): the answers differ`);
        }
        compared++;
        if (after.length > 0) nonEmpty++;
      }
    }
  }
  console.log(
    `identical: ${compared} comparisons over ${ids.length} products (${nonEmpty} with related products)`,
  );
} finally {
  await handle.close();
}
