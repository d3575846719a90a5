import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createCustomer, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { stockedItem, stockOnHand } from "../support/shopping.ts";
import { setUpStorefront } from "../support/storefront.ts";

// The back office's stock pages (docs/back-office/stock.md) as a browser without JavaScript uses
// them: the low-stock list, a product's stock page, and its form posted to the page's action.

const shop = setUpTestShop();
const storefront = setUpStorefront(shop);
const FROM_OUR_PAGE = { origin: "http://localhost", "sec-fetch-site": "same-origin" };

let manager: TestCustomer;
let customer: TestCustomer;
beforeAll(async () => {
  manager = await createCustomer(shop, { role: "manager" });
  customer = await createCustomer(shop);
});

const page = async (path: string, token?: string) => {
  const res = await storefront.request(path, { cookie: token });
  return { status: res.status, html: await res.text() };
};
const post = async (path: string, form: Record<string, string>, token = manager.token) => {
  const res = await storefront.request(path, { form, cookie: token, headers: FROM_OUR_PAGE });
  return { status: res.status, html: await res.text() };
};

describe("/admin/products/:productId/stock", () => {
  it("shows each size's on hand, held and available, and takes an adjustment from the form", async () => {
    const item = await stockedItem(shop, { stock: 3 });
    const path = `/admin/products/${item.productId}/stock`;
    const shown = await page(path, manager.token);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("Stock ledger");
    expect(shown.html).toContain("Held in carts");
    expect(shown.html).toMatch(
      new RegExp(
        `<option value="${item.size}"[^>]*>${item.size}(<!-- -->)? — (<!-- -->)?3(<!-- -->)? on hand`,
      ),
    );

    const saved = await post(path, { size: item.size!, reason: "restock", amount: "4", note: "Delivery" });
    expect(saved.status).toBe(200);
    expect(saved.html).toContain(
      `Size ${item.size}: on hand is now 7 (restock +4); 7 available to shoppers.`,
    );
    expect(await stockOnHand(shop, item)).toBe(7);
    const ledger = await shop.rows(sql`SELECT note FROM stock_ledger WHERE product_id = ${item.productId}`);
    expect(ledger).toEqual([{ note: "Delivery" }]);
  });

  it("says what is wrong under the field and changes nothing", async () => {
    const item = await stockedItem(shop, { stock: 3 });
    const path = `/admin/products/${item.productId}/stock`;
    const words = await post(path, { size: item.size!, reason: "count", amount: "many" });
    expect(words.status).toBe(400);
    expect(words.html).toContain('id="field-amount-error"');
    expect(words.html).toContain("The number counted must be a whole number from 0 to 1000000.");
    expect(words.html).toContain('aria-invalid="true"');
    const tooMany = await post(path, { size: item.size!, reason: "damage", amount: "5" });
    expect(tooMany.status).toBe(409);
    expect(tooMany.html).toContain("has only 3 on hand: damage can remove at most 3.");
    const noSize = await post(path, { size: "XXXL", reason: "restock", amount: "1" });
    expect(noSize.status).toBe(400);
    expect(noSize.html).toContain('id="field-size-error"');
    expect(await stockOnHand(shop, item)).toBe(3);
  });

  it("is the shop's 404 for a customer, and refuses a customer's post", async () => {
    const item = await stockedItem(shop, { stock: 3 });
    const path = `/admin/products/${item.productId}/stock`;
    expect((await page(path, customer.token)).status).toBe(404);
    const refused = await post(path, { size: item.size!, reason: "restock", amount: "4" }, customer.token);
    expect(refused.status).toBe(404);
    expect(await stockOnHand(shop, item)).toBe(3);
    expect((await page("/admin/products/0123456789abcdef01234567/stock", manager.token)).status).toBe(404);
  });
});

describe("/admin/stock", () => {
  it("lists low-stock sizes with the threshold, linking to each product's stock page", async () => {
    const item = await stockedItem(shop, { stock: 1 });
    const shown = await page(`/admin/stock?q=${encodeURIComponent(item.title)}`, manager.token);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("or fewer on hand");
    expect(shown.html).toContain(`href="/admin/products/${item.productId}/stock"`);
    // A hand-edited bad sort shows the list as it starts rather than failing.
    expect((await page("/admin/stock?sort=nonsense", manager.token)).status).toBe(200);
  });
});
