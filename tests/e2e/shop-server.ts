import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { catalogueIds } from "../../core/catalog/catalogue-ids.ts";
import { importCatalogue } from "../../core/catalog/import.ts";
import { generateCatalogue } from "../../demo/generate.ts";
import { seedDemoReviews } from "../../demo/reviews.ts";
import { DEFAULT_PRODUCTS, DEFAULT_SEED, isCatalogueEmpty } from "../../demo/seed.ts";
import { seedShopData } from "../../demo/shop-data.ts";
import { loadConfigOrExit } from "../../server/config.ts";
import { openShopDatabase } from "../../server/index.ts";
import { FIRST_ADMIN_EMAIL, FIRST_ADMIN_LINK_FILE } from "./first-admin.ts";
import { seedStoryOrders } from "./story-orders.ts";
import { withStoryProducts } from "./story-products.ts";
import { seedStoryReviewBuyers } from "./story-review-buyers.ts";
import { seedStoryReviews } from "./story-reviews.ts";
import { seedStoryStaff } from "./story-staff.ts";

/**
 * The shop the end-to-end stories run against: the demo shop plus the stories' own products
 * (story-products.ts), written into a fresh database before the server opens it, then
 * `scripts/start.ts` as `npm start` runs it.
 *
 * With E2E_POSTGRES_URL (a PostgreSQL server), the shop runs on a database of its own there, made
 * anew for each run and named after the port so two runs on one machine do not meet; otherwise on
 * PGlite in the fresh SHOP_DATA_DIR that playwright.config.ts gives it.
 */
const postgres = process.env.E2E_POSTGRES_URL;
if (postgres) {
  const name = `shop_e2e_${Number(process.env.PORT)}`;
  const admin = new pg.Client({ connectionString: postgres });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgres);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.href;
}

const database = await openShopDatabase(loadConfigOrExit());
if (await isCatalogueEmpty(database.db)) {
  const now = new Date();
  const demo = generateCatalogue({ products: DEFAULT_PRODUCTS, seed: DEFAULT_SEED, now });
  await importCatalogue(database.db, withStoryProducts(demo), { now });
  await seedShopData(database.db, now);
  // The demo's ratings, as `npm start` seeds them; the stories' own products (those withStoryProducts
  // adds to the demo's) keep none.
  const demoSlugs = new Set(demo.products?.map((p) => p.slug));
  const storyProducts = withStoryProducts(demo).products?.filter((p) => !demoSlugs.has(p.slug)) ?? [];
  await seedDemoReviews(database.db, {
    seed: DEFAULT_SEED,
    now,
    exceptProductIds: storyProducts.map((p) => catalogueIds.product(p.slug)),
  });
  await seedStoryStaff(database.db);
  // Not on the back office's shop, whose stories count and list the orders there.
  if (process.env.E2E_FIRST_ADMIN !== "true") {
    await seedStoryOrders(database.db);
    await seedStoryReviews(database.db);
    await seedStoryReviewBuyers(database.db);
  }
}
await database.close();

// The first admin, made as a shop owner makes them (README.md#back-office): the command line, with the
// shop stopped. Its set-password link is kept beside the database for the back-office story
// (tests/e2e/back-office.spec.ts), as the owner would copy it from the terminal.
if (process.env.E2E_FIRST_ADMIN === "true") {
  const staffCommand = execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/staff.ts", "add", FIRST_ADMIN_EMAIL, "--role", "admin"],
    { encoding: "utf8", env: process.env },
  );
  const link = staffCommand.match(/https?:\/\/\S+\/auth\/set-password\?token=\S+/)?.[0];
  if (!link) throw new Error(`npm run staff printed no set-password link:\n${staffCommand}`);
  writeFileSync(path.join(loadConfigOrExit().SHOP_DATA_DIR, FIRST_ADMIN_LINK_FILE), link);
}

await import("../../scripts/start.ts");
