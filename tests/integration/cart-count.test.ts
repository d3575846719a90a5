import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartCountFor } from "#core/cart/cart-count.ts";
import { call, createCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { itemBody, stockedItem } from "../support/shopping.ts";

const shop = setUpTestShop();

// The navigation bar's cart badge (docs/storefront/README.md#navigation-bar).
describe("cartCountFor", () => {
  it("counts the cart's lines for a good session, and nothing for a visitor or a stale token", async () => {
    const customer = await createCustomer(shop, { verified: true });
    expect(await cartCountFor(shop.ctx, customer.token)).toBe(0);
    for (const item of [await stockedItem(shop, { stock: 5 }), await stockedItem(shop, { stock: 5 })]) {
      const res = await call(shop, "POST", "/customer/shopping-cart", {
        token: customer.token,
        body: itemBody(item, 2),
      });
      expect(res.status).toBe(200);
    }
    // Two lines (of two units each): the number "Checkout (n)" shows.
    expect(await cartCountFor(shop.ctx, customer.token)).toBe(2);
    expect(await cartCountFor(shop.ctx, undefined)).toBeNull();
    expect(await cartCountFor(shop.ctx, "not-a-token")).toBeNull();
    // A password change ends older sessions: their token counts as none.
    await shop.ctx.db.execute(
      sql`UPDATE customers SET token_version = token_version + 1 WHERE id = ${customer.id}`,
    );
    expect(await cartCountFor(shop.ctx, customer.token)).toBeNull();
  });
});
