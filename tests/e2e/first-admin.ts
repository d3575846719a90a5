/** The admin the e2e shop makes with `npm run staff -- add` before it starts (tests/e2e/shop-server.ts). */
export const FIRST_ADMIN_EMAIL = "owner@shop.test";
/** Where, in the shop's data directory, the command's set-password link is kept for the story. */
export const FIRST_ADMIN_LINK_FILE = "first-admin-link.txt";
