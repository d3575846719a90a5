/** The admin the e2e shop makes with `npm run staff -- add` before it starts (tests/e2e/shop-server.ts). */
export const FIRST_ADMIN_EMAIL = "owner@shop.test";
/** Where, in the shop's data directory, the command's set-password link is kept for the story. */
export const FIRST_ADMIN_LINK_FILE = "first-admin-link.txt";

/**
 * The back office's own shop (playwright.config.ts: BACK_OFFICE_SHOP_PORT): stories that change what
 * other stories would see (the tax rate, coupons, an imported catalogue) run there.
 */
export const BACK_OFFICE_ORIGIN = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 3}`;
