import { parseArgs } from "node:util";
import { DEFAULT_PRODUCTS, DEFAULT_SEED, seedDemoShop } from "#demo/seed.ts";
import { loadConfigOrExit } from "#server/config.ts";
import { openShopDatabaseOrExit } from "#server/index.ts";
import { progressBar } from "./progress.ts";

// npm run seed -- --products N --seed S
// Generates the demo catalogue and imports it (re-running with the same arguments changes nothing).
const { values } = parseArgs({
  options: {
    products: { type: "string", default: String(DEFAULT_PRODUCTS) },
    seed: { type: "string", default: String(DEFAULT_SEED) },
  },
});
const products = Number(values.products);
const seed = Number(values.seed);
if (!Number.isInteger(products) || products < 1 || products > 1_000_000) {
  console.error("--products must be a whole number from 1 to 1000000");
  process.exit(2);
}
if (!Number.isInteger(seed)) {
  console.error("--seed must be a whole number");
  process.exit(2);
}

const handle = await openShopDatabaseOrExit(loadConfigOrExit());
const bar = progressBar("seed");
const started = performance.now();
try {
  const result = await seedDemoShop(handle.db, {
    products,
    seed,
    onProgress: (p) => bar.update(p.done, p.total, p.stage),
  });
  bar.done();
  console.log(
    `seeded ${result.products} products (${result.sizes} sizes), ${result.brands} brands, ` +
      `${result.categories + result.subcategories + result.underSubcategories} categories in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await handle.close();
}
