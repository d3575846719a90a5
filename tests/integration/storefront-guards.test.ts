import { describe, expect, it } from "vitest";
import { CROSS_SITE_FORM } from "#server/middleware/same-origin-forms.ts";
import { call, createCustomer, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { itemBody, type StockedItem, shoppingRows, stockedItem, stockHeld } from "../support/shopping.ts";
import { type PageRequestInit, setUpStorefront } from "../support/storefront.ts";

// Two guards of the storefront's pages, through the pages themselves (React Router behind the
// shop's server): a form post that changes something must come from the shop's own pages
// (requireSameOrigin in app/lib/session.server.ts, one rule with the API's, contract/session.ts), and
// a `redirectTo` is followed only to a path of this site (app/lib/redirects.ts).

const shop = setUpTestShop();
const storefront = setUpStorefront(shop);
const SHOP = "http://localhost";

/** What a browser adds to a form post: who sent it. */
const FROM_OUR_PAGE = { origin: SHOP, "sec-fetch-site": "same-origin" };
/** A browser that sends no Origin on this post, but does say it came from another site. */
const FROM_ANOTHER_SITE = { "sec-fetch-site": "cross-site" };
/** A browser posting another site's form: Origin names that site. */
const FROM_ANOTHER_ORIGIN = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

const post = (
  pagePath: string,
  form: Record<string, string>,
  headers: Record<string, string>,
  cookie?: string,
) => storefront.request(pagePath, { form, headers, cookie } satisfies PageRequestInit);

/** A verified customer with one unit of a fresh item (5 on hand) in the cart. */
async function customerWithCart(): Promise<{ customer: TestCustomer; item: StockedItem }> {
  const customer = await createCustomer(shop);
  const item = await stockedItem(shop, { stock: 5 });
  const added = await call(shop, "POST", "/customer/shopping-cart", {
    token: customer.token,
    body: itemBody(item, 1),
  });
  expect(added.status).toBe(200);
  return { customer, item };
}

describe("page form posts from another site", () => {
  it("are refused before they change anything: the cart, the product page, the favorites", async () => {
    const { customer, item } = await customerWithCart();
    const size = item.size!;
    // Refused by the server before any page's action or React Router's own origin check runs
    // (server/middleware/same-origin-forms.ts); the pages' own guards stay behind it.
    const writes: [string, string, Record<string, string>][] = [
      [
        "cart quantity",
        "/customer/shopping-cart",
        { intent: "update", productId: item.productId, size, quantity: "3" },
      ],
      [
        "add to cart",
        `/product/${item.productId}`,
        { intent: "add-to-cart", productId: item.productId, size, quantity: "2" },
      ],
      ["favorite", "/customer/favorites/toggle", { intent: "add", productId: item.productId }],
    ];
    const before = await shoppingRows(shop);

    for (const [name, pagePath, form] of writes) {
      const res = await post(pagePath, form, FROM_ANOTHER_SITE, customer.token);
      expect(res.status, name).toBe(403);
      expect(res.headers.get("set-cookie"), name).toBeNull();
      await res.text();
    }
    for (const [name, pagePath, form] of writes) {
      const res = await post(pagePath, form, FROM_ANOTHER_ORIGIN, customer.token);
      expect(res.status, name).toBe(403);
      expect(res.headers.get("set-cookie"), name).toBeNull();
      expect(await res.text(), name).toBe(CROSS_SITE_FORM);
    }
    expect(await shoppingRows(shop)).toEqual(before);
    expect(await stockHeld(shop, item)).toBe(1);

    // The same posts from the shop's own page go through.
    for (const [name, pagePath, form] of writes) {
      const res = await post(pagePath, form, FROM_OUR_PAGE, customer.token);
      expect(res.status, name).toBeLessThan(400);
      await res.text();
    }
    expect(await stockHeld(shop, item)).toBe(5);
    const favorites = await call(shop, "GET", "/customer/favorites", { token: customer.token });
    expect(favorites.body.data.map((p: { _id: string }) => p._id)).toEqual([item.productId]);
  });

  it("a log-out posted from another site ends no session; from the shop's page it does", async () => {
    const customer = await createCustomer(shop);
    for (const headers of [FROM_ANOTHER_SITE, FROM_ANOTHER_ORIGIN]) {
      const refused = await post("/auth/log-out", {}, headers, customer.token);
      expect(refused.status).toBe(403);
      expect(refused.headers.get("set-cookie")).toBeNull();
      await refused.text();
    }
    const accepted = await post("/auth/log-out", {}, FROM_OUR_PAGE, customer.token);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/auth/log-in");
    expect(accepted.headers.get("set-cookie")).toMatch(/^JWTToken=; Path=\/; Max-Age=0/);
  });

  it("a log-in posted from another site starts no session", async () => {
    const customer = await createCustomer(shop);
    const form = { email: customer.email, password: customer.password, redirectTo: "" };

    const refused = await post("/auth/log-in", form, FROM_ANOTHER_SITE);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("set-cookie")).toBeNull();
    await refused.text();

    const accepted = await post("/auth/log-in", form, FROM_OUR_PAGE);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/");
    expect(accepted.headers.get("set-cookie")).toMatch(/^JWTToken=[^;]+; Path=\//);
  });
});

describe("staff log-in", () => {
  it("lands in the back office with a 12-hour cookie unless it has a page to go back to", async () => {
    const manager = await createCustomer(shop, { role: "manager" });
    const logIn = (redirectTo: string) =>
      post("/auth/log-in", { email: manager.email, password: manager.password, redirectTo }, FROM_OUR_PAGE);
    const landed = await logIn("");
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toBe("/admin");
    expect(landed.headers.get("set-cookie")).toMatch(/^JWTToken=[^;]+; Path=\/; Max-Age=43200;/);
    const back = await logIn("/admin/coupons");
    expect(back.headers.get("location")).toBe("/admin/coupons");
  });
});

describe("redirect targets", () => {
  const OFF_SITE = [
    "https://evil.example/welcome",
    "//evil.example/welcome",
    "/\\evil.example/welcome",
    "javascript:alert(1)",
    "evil.example",
  ];

  it("log-in goes back to a page of this site, and home instead of anywhere else", async () => {
    const customer = await createCustomer(shop);
    const logIn = (redirectTo: string) =>
      post("/auth/log-in", { email: customer.email, password: customer.password, redirectTo }, FROM_OUR_PAGE);

    const back = await logIn("/product/abc?size=m#reviews");
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/product/abc?size=m#reviews");
    // Each log-in costs a password hash: two off-site shapes here, every one on the cheaper pages below.
    for (const target of OFF_SITE.slice(0, 2)) {
      const res = await logIn(target);
      expect(res.status, target).toBe(302);
      expect(res.headers.get("location"), target).toBe("/");
      expect(res.headers.get("set-cookie"), target).toMatch(/^JWTToken=/);
    }
  });

  it("a verified customer opening email verification goes on to this site only", async () => {
    const customer = await createCustomer(shop);
    const open = (redirectTo: string) =>
      storefront.request(`/customer/email-verification?redirectTo=${encodeURIComponent(redirectTo)}`, {
        cookie: customer.token,
      });

    const onward = await open("/customer/orders?page=2");
    expect(onward.status).toBe(302);
    expect(onward.headers.get("location")).toBe("/customer/orders?page=2");
    for (const target of OFF_SITE) {
      const res = await open(target);
      expect(res.status, target).toBe(302);
      expect(res.headers.get("location"), target).toBe("/");
    }
  });

  it("the favorite toggle sends a plain form post back to a page of this site only", async () => {
    const customer = await createCustomer(shop);
    const item = await stockedItem(shop, { stock: 1 });
    const toggle = (intent: string, redirectTo: string) =>
      post(
        "/customer/favorites/toggle",
        { intent, productId: item.productId, redirectTo },
        FROM_OUR_PAGE,
        customer.token,
      );

    const back = await toggle("add", "/search?keyword=coat");
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/search?keyword=coat");
    for (const [i, target] of OFF_SITE.entries()) {
      const res = await toggle(i % 2 === 0 ? "remove" : "add", target);
      expect(res.status, target).toBe(302);
      expect(res.headers.get("location"), target).toBe("/");
    }
  });
});
