/** The clock the test catalogue and test services run on, so dates and holds are deterministic. */
export const TEST_NOW = new Date("2026-06-01T12:00:00.000Z");
/** Products in the seeded test catalogue: enough for every filter to have matches and misses. */
export const TEST_PRODUCTS = 160;
export const TEST_SEED = 7;
/**
 * Prefix of the PostgreSQL template database; each test run adds its process id, so two runs on one
 * server (two checkouts of the shop, parallel CI jobs) never drop each other's template.
 */
export const PG_TEMPLATE = "shop_test_template";
