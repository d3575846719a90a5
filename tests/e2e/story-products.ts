import type { APIRequestContext } from "@playwright/test";
import type { CatalogueFile } from "../../contract/catalogue-file.ts";
import { catalogueIds } from "../../core/catalog/catalogue-ids.ts";
import { type ApiProduct, type ApiSize, api } from "./support.ts";

/**
 * Products that belong to one story each: every story that takes stock (adds to a cart, places an
 * order, or has a rival empty a shelf) takes it from a product of its own, listed here with its stock
 * per size. The e2e server imports them beside the demo catalogue before it starts
 * (tests/e2e/shop-server.ts), so stories running side by side never hold or sell each other's units,
 * and the demo products the read-only stories look at keep the stock the seed gave them.
 *
 * Each is a copy of a demo garment (same category, brand and pictures) that no listing puts first:
 * nothing sold, no discount, no ratings, created long before the demo catalogue.
 */
export const STORY_STOCK = {
  // cart.spec.ts
  "cart-add": { M: 5 },
  "cart-refused": { M: 3 },
  "cart-debounce": { M: 10 },
  "cart-debounce-second": { M: 5 },
  "cart-pending-change": { M: 10 },
  "cart-pending-change-second": { M: 5 },
  "cart-coupon": { M: 10 },
  "cart-cash": { M: 10 },
  "cart-card": { M: 10 },
  "cart-declined": { M: 10 },
  "cart-no-phone": { M: 10 },
  // One product per scanned state and theme: the light and the dark scan may run side by side.
  "cart-axe-cart-light": { M: 10 },
  "cart-axe-cart-dark": { M: 10 },
  "cart-axe-popup-light": { M: 10 },
  "cart-axe-popup-dark": { M: 10 },
  "cart-axe-checkout-light": { M: 10 },
  "cart-axe-checkout-dark": { M: 10 },
  // orders.spec.ts. The cash order takes M, which is not the first size listed: the order shows the
  // size ordered, not the product's first.
  "orders-cash": { S: 0, M: 10, L: 10 },
  "orders-card": { M: 10 },
  "orders-other-customer": { M: 10 },
  "orders-back-to-payment": { M: 10 },
  "orders-complete-payment": { M: 10 },
  "orders-axe-awaiting-light": { M: 10 },
  "orders-axe-awaiting-dark": { M: 10 },
  "orders-axe-list-light": { M: 10 },
  "orders-axe-list-dark": { M: 10 },
  "orders-axe-detail-light": { M: 10 },
  "orders-axe-detail-dark": { M: 10 },
  // orders.spec.ts: a customer cancels a placed order (and its accessibility scans); orders the back
  // office has sent, written before the shop starts (story-orders.ts).
  "orders-cancel-axe-light": { M: 10 },
  "orders-cancel-axe-dark": { M: 10 },
  "orders-cancelled-axe-light": { M: 10 },
  "orders-cancelled-axe-dark": { M: 10 },
  "orders-sent": { M: 10 },
  "orders-sent-axe-light": { M: 10 },
  "orders-sent-axe-dark": { M: 10 },
  // customer-order-cancel.spec.ts (on the back office's shop): the product's stock is read before and after.
  "orders-customer-cancel": { S: 4, M: 7 },
  // product.spec.ts: the product page's add-to-cart stories (a visitor's is sent to log in with the
  // size the page chose: the first in stock).
  "product-add-toast": { M: 10 },
  "product-add-visitor": { S: 0, M: 3, L: 5 },
  // accounts.spec.ts, favorites.spec.ts: an add to cart that first asks a visitor to log in (the
  // favorites stories take no stock).
  "accounts-log-in-to-add": { M: 10 },
  // details.spec.ts: the cart badge and the summary's rows.
  "details-badge": { M: 10 },
  "details-summary": { M: 10 },
  // behind-nginx.spec.ts: the whole shopping story over https through nginx.
  "nginx-story": { M: 10 },
  // cache-behind-nginx.spec.ts: a price edited in the back office, seen through nginx's cache.
  "cache-price-edit": { M: 10 },
  // admin-dashboard.spec.ts: the order whose revenue the dashboard shows (on the back office's shop).
  "dashboard-sale": { M: 10 },
  // admin-refunds.spec.ts (the back office's shop): a card order refunded in part.
  "admin-refunds": { M: 10 },
  // order-notifications.spec.ts: a cash order whose mail the outbox shows.
  "notifications-order": { M: 10 },
  // admin-orders.spec.ts (on the back office's shop) and the order pages' scans
  // (back-office-accessibility.spec.ts, a unit for each worker's order).
  "admin-orders": { M: 10 },
  "admin-orders-bulk": { M: 10 },
  "admin-orders-axe": { M: 10 },
  // admin-reviews.spec.ts: products reviewed by customers with delivered orders (story-reviews.ts);
  // the story hides and restores a review of the first, the scans look at the second.
  "admin-reviews": { M: 10 },
  "admin-reviews-axe": { M: 10 },
  // reviews.spec.ts: products their customers have received (story-review-buyers.ts), so their figures
  // are the stories' own.
  "reviews-write": { M: 10 },
  "reviews-no-script": { M: 10 },
  "reviews-report": { M: 10 },
  "reviews-axe-light": { M: 10 },
  "reviews-axe-dark": { M: 10 },
} satisfies Record<string, Record<string, number>>;

export type StoryProductKey = keyof typeof STORY_STOCK;

const slug = (key: StoryProductKey) => `e2e-${key}`;
/** The catalogue slug of a story's product (its ids follow from it: core/catalog/catalogue-ids.ts). */
export const storyProductSlug = slug;

/** The demo catalogue with every story's product added (its categories and brands unchanged). */
export function withStoryProducts(demo: CatalogueFile): CatalogueFile {
  const products = demo.products ?? [];
  // A garment with letter sizes from XS to XXL (apparel, not kids or shoes).
  const base = products.find(
    (p) => p.sizes?.some((s) => s.size === "XXL") && p.sizes.some((s) => s.size === "XS"),
  );
  if (!base?.sizes) throw new Error("the demo catalogue has no apparel product to copy");
  const { price, priceBeforeDiscount } = base.sizes[0]!;
  const regular = priceBeforeDiscount ?? price;
  const story = (Object.keys(STORY_STOCK) as StoryProductKey[]).map((key, index) => ({
    ...base,
    slug: slug(key),
    title: `Story Piece ${String(index + 1).padStart(2, "0")} (${key})`,
    group: slug(key),
    sold: 0,
    ratingsAverage: 0,
    ratingsQuantity: 0,
    createdAt: "2020-01-01T00:00:00.000Z",
    sizes: Object.entries(STORY_STOCK[key] as Record<string, number>).map(([size, stock]) => ({
      size,
      stock,
      price: regular,
      priceBeforeDiscount: regular,
    })),
  }));
  return { ...demo, products: [...products, ...story] };
}

/** A story's own product, as the API details it, and its first size in stock. */
export async function storyProduct(
  request: APIRequestContext,
  key: StoryProductKey,
): Promise<{ product: ApiProduct; size: ApiSize }> {
  const { data } = await api<{ data: ApiProduct }>(request, `/products/${catalogueIds.product(slug(key))}`);
  const size = data.sizes.find((s) => s.quantity > 0);
  if (!size) throw new Error(`story product ${key} has no size in stock`);
  return { product: data, size };
}
