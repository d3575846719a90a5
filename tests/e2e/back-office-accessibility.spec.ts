import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { storyProduct } from "./story-products.ts";
import {
  createCustomerWithPhone,
  DEMO_STAFF,
  logInAsStaff,
  placeOrder,
  sessionToken,
  setTheme,
} from "./support.ts";

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
  // An order of its own, being prepared: its page shows the ship form and the cancel form.
  const customer = await createCustomerWithPhone(request);
  const order = await placeOrder(
    request,
    customer,
    (await storyProduct(request, "admin-orders-axe")).product,
  );
  const moved = await request.post(`/api/v1/orders/${order._id}/transitions`, {
    headers: { authorization: `Bearer ${token}` },
    data: { to: "processing" },
  });
  expect(moved.status()).toBe(200);
  return {
    order: order._id,
    product: await get("/products?limit=1&fields=_id"),
    category: await get("/categories?limit=1"),
    brand: await get("/brands?limit=1"),
    coupon: await get("/coupons?limit=1"),
    slide: await get("/banner-slides"),
    webhook: await webhookEndpoint(request, token),
  };
}

/**
 * An endpoint for the webhook page: the demo shop has none, so one is made, disabled (no order's
 * event is queued for it) and subscribed to refunds only.
 */
async function webhookEndpoint(request: APIRequestContext, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post("/api/v1/webhook-endpoints", {
    headers,
    data: {
      url: "https://hooks.example.test/axe",
      description: "Accessibility scan",
      events: ["order.refunded"],
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { _id: string } }).data._id;
  const disabled = await request.patch(`/api/v1/webhook-endpoints/${id}`, {
    headers,
    data: { enabled: false },
  });
  expect(disabled.status()).toBe(200);
  return id;
}

type Ids = Awaited<ReturnType<typeof recordIds>>;

/** The dashboard's chart is drawn in the browser after the page: scanned once it is there. */
const chartDrawn = (page: Page) =>
  expect(page.getByRole("img", { name: "Revenue and orders per day" })).toBeVisible();

/** `settle`: what the page must show before the scan, besides its heading. */
const PAGES: { name: string; path: (ids: Ids) => string; settle?: (page: Page) => Promise<void> }[] = [
  { name: "dashboard", path: () => "/admin", settle: chartDrawn },
  {
    // A range of its own, with the table of days (the chart's figures, for those who cannot see it) open.
    name: "dashboard with a range",
    path: () => "/admin?from=2026-01-01&to=2026-03-31",
    settle: async (page) => {
      await chartDrawn(page);
      await page.getByText("Figures by day").click();
      await expect(page.getByRole("table", { name: "Revenue and orders by day" })).toBeVisible();
    },
  },
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
  { name: "reviews", path: () => "/admin/reviews" },
  { name: "import and export", path: () => "/admin/catalogue-file" },
  { name: "orders", path: () => "/admin/orders" },
  { name: "order", path: (ids) => `/admin/orders/${ids.order}` },
  { name: "ship orders", path: (ids) => `/admin/orders/ship?order=${ids.order}` },
  { name: "packing slip", path: (ids) => `/admin/orders/${ids.order}/packing-slip` },
  { name: "customers", path: () => "/admin/customers" },
  { name: "staff", path: () => "/admin/staff" },
  { name: "settings", path: () => "/admin/settings" },
  { name: "audit log", path: () => "/admin/audit" },
  { name: "webhooks", path: () => "/admin/webhooks" },
  { name: "webhook endpoint", path: (ids) => `/admin/webhooks/${ids.webhook}` },
  { name: "my account", path: () => "/admin/account" },
];

let ids: Ids | undefined;

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ context }) => {
      await setTheme(context, theme);
      await logInAsStaff(context, "admin");
    });

    for (const { name, path, settle } of PAGES) {
      test(`the back office's ${name} page has no axe violations`, async ({ page, request, axe }) => {
        ids ??= await recordIds(request);
        const response = await page.goto(path(ids));
        expect(response?.status()).toBe(200);
        expect(await page.locator("html").evaluate((html) => html.classList.contains("dark"))).toBe(
          theme === "dark",
        );
        await expect(page.locator("#admin-main h1").first()).toBeVisible();
        await settle?.(page);
        await axe.check("body");
      });
    }
  });
}
