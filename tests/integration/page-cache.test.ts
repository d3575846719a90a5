import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { itemBody, stockedItem } from "../support/shopping.ts";
import { setUpStorefront } from "../support/storefront.ts";

// The instance's page cache with the real storefront: a visitor's page is served again from memory
// (a price changed behind the instance's back does not show until it expires, as with another
// instance's edit), a signed-in customer's never is, and a write through the instance shows at once
// (docs/caching.md#the-instances-page-cache, docs/decisions/065-page-cache.md).

const shop = setUpTestShop();
// An hour: nothing in this file expires by the clock.
const storefront = setUpStorefront(shop, { pageCacheSeconds: 3600 });

const setPrice = (productId: string, cents: number) =>
  shop.ctx.db.execute(
    sql`UPDATE products SET price_cents = ${cents}, price_before_discount_cents = ${cents} WHERE id = ${productId}`,
  );

describe("the instance's page cache", () => {
  it("serves a visitor the page as rendered, gives a customer theirs, and shows a write through it at once", async () => {
    const item = await stockedItem(shop, { stock: 5, sized: false, priceCents: 12_345 });
    const page = `/product/${item.productId}`;

    const first = await storefront.request(page);
    expect(first.status).toBe(200);
    const firstHtml = await first.text();
    expect(firstHtml).toContain("123.45");

    // Changed in the database, not through this instance: the visitor keeps the rendered copy.
    await setPrice(item.productId, 67_890);
    const again = await storefront.request(page);
    expect(await again.text()).toBe(firstHtml);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(again.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));

    // A signed-in customer's page is rendered for them, with the new price.
    const customer = await createCustomer(shop, { verified: true });
    const own = await storefront.request(page, { cookie: customer.token });
    expect(own.headers.get("cache-control")).toBe("private, no-cache");
    const ownHtml = await own.text();
    expect(ownHtml).toContain("678.90");
    expect(ownHtml).not.toContain("123.45");

    // A write through this instance (an add to cart) empties the cache: the visitor sees the change.
    const added = await storefront.request("/api/v1/customer/shopping-cart", {
      method: "POST",
      headers: { authorization: `Bearer ${customer.token}`, "content-type": "application/json" },
      body: JSON.stringify(itemBody(item, 1)),
    });
    expect(added.status).toBe(200);
    const after = await (await storefront.request(page)).text();
    expect(after).toContain("678.90");
    expect(after).not.toContain("123.45");
  });

  it("stays as it was after a refused write or a visitor's write, and never keeps a 404 page", async () => {
    const item = await stockedItem(shop, { stock: 5, sized: false, priceCents: 22_222 });
    const page = `/product/${item.productId}`;
    expect(await (await storefront.request(page)).text()).toContain("222.22");
    // Refused (no session): it changed nothing, so the rendered copy stays.
    const refused = await storefront.request("/api/v1/customer/shopping-cart", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(itemBody(item, 1)),
    });
    expect(refused.status).toBe(401);
    // A visitor's successful write changes no page and is not counted: anyone could send one.
    const loggedOut = await storefront.request("/api/v1/auth/logout", { method: "POST" });
    expect(loggedOut.status).toBeLessThan(400);
    await setPrice(item.productId, 33_333);
    expect(await (await storefront.request(page)).text()).toContain("222.22");

    const missing = "/product/ffffffffffffffffffffffff";
    const notFound = await storefront.request(missing);
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("cache-control")).toBe("private, no-cache");
  });
});
