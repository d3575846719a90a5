import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { DEMO_STAFF, logInAsStaff, sessionToken, setTheme } from "./support.ts";

// Every back-office page (docs/back-office/README.md) in both themes, scanned whole (the frame and
// the page), as the demo admin sees it: one axe scan per page and theme.

/** The ids the record pages need, read through the staff API. */
async function recordIds(request: APIRequestContext) {
  const token = await sessionToken(DEMO_STAFF.admin.id, 0, "admin");
  const get = async (path: string) => {
    const res = await request.get(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status(), path).toBe(200);
    return ((await res.json()) as { data: { _id: string }[] }).data[0]!._id;
  };
  return {
    product: await get("/products?limit=1&fields=_id"),
    category: await get("/categories?limit=1"),
    brand: await get("/brands?limit=1"),
    coupon: await get("/coupons?limit=1"),
    slide: await get("/banner-slides"),
  };
}

type Ids = Awaited<ReturnType<typeof recordIds>>;

const PAGES: { name: string; path: (ids: Ids) => string }[] = [
  { name: "dashboard", path: () => "/admin" },
  { name: "products", path: () => "/admin/products" },
  { name: "new product", path: () => "/admin/products/new" },
  { name: "product details", path: (ids) => `/admin/products/${ids.product}` },
  { name: "product stock", path: (ids) => `/admin/products/${ids.product}/stock` },
  { name: "product photos", path: (ids) => `/admin/products/${ids.product}/photos` },
  { name: "product history", path: (ids) => `/admin/products/${ids.product}/history` },
  { name: "categories", path: () => "/admin/categories" },
  { name: "category", path: (ids) => `/admin/categories/${ids.category}` },
  { name: "brands", path: () => "/admin/brands" },
  { name: "brand", path: (ids) => `/admin/brands/${ids.brand}` },
  { name: "banners", path: () => "/admin/banners" },
  { name: "banner", path: (ids) => `/admin/banners/${ids.slide}` },
  { name: "low stock", path: () => "/admin/stock" },
  { name: "coupons", path: () => "/admin/coupons" },
  { name: "coupon", path: (ids) => `/admin/coupons/${ids.coupon}` },
  { name: "import and export", path: () => "/admin/catalogue-file" },
  { name: "customers", path: () => "/admin/customers" },
  { name: "staff", path: () => "/admin/staff" },
  { name: "settings", path: () => "/admin/settings" },
  { name: "audit log", path: () => "/admin/audit" },
  { name: "my account", path: () => "/admin/account" },
];

let ids: Ids | undefined;

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ context }) => {
      await setTheme(context, theme);
      await logInAsStaff(context, "admin");
    });

    for (const { name, path } of PAGES) {
      test(`the back office's ${name} page has no axe violations`, async ({ page, request, axe }) => {
        ids ??= await recordIds(request);
        const response = await page.goto(path(ids));
        expect(response?.status()).toBe(200);
        expect(await page.locator("html").evaluate((html) => html.classList.contains("dark"))).toBe(
          theme === "dark",
        );
        await expect(page.locator("#admin-main h1").first()).toBeVisible();
        await axe.check("body");
      });
    }
  });
}
