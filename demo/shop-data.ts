import { sql } from "drizzle-orm";
import { hashPassword } from "#core/accounts/passwords.ts";
import { addBannerSlidesIfNone, type BannerSlide } from "#core/storefront/banner-slides.ts";
import type { Database } from "#db/client.ts";
import { stableId } from "#db/ids.ts";
import { BANNER_COUNT, bannerCopy } from "./images/banner-art.ts";
import { bannerImageUrl } from "./images/render.ts";

/** The demo customer and coupons that README.md#run-the-shop lists. */
export const DEMO_CUSTOMER = {
  email: "demo@shop.test",
  password: "demo12345",
  firstName: "Demo",
  lastName: "Customer",
  phoneNumber: "+212600000000",
  address: {
    country: "Morocco",
    state: "Casablanca-Settat",
    city: "Casablanca",
    street: "12 Rue des Fleurs",
    postalCode: "20250",
  },
};

/**
 * The demo staff (README.md#run-the-shop): no two-factor, so a demo of the back office can be tried
 * at once. A real shop makes its first admin with `npm run staff -- add` instead.
 */
export const DEMO_STAFF = [
  { email: "admin@shop.test", password: "admin12345", role: "admin", firstName: "Ada", lastName: "Admin" },
  {
    email: "manager@shop.test",
    password: "manager12345",
    role: "manager",
    firstName: "Malik",
    lastName: "Manager",
  },
] as const;

export const DEMO_COUPONS = [
  { code: "WELCOME10", discountPercent: 10, expiresInDays: 365 },
  { code: "SUMMER25", discountPercent: 25, expiresInDays: 365 },
  { code: "EXPIRED50", discountPercent: 50, expiresInDays: -1 },
] as const;

/** The home page's banners: the generated art in order, each linking to the whole catalogue. */
export const DEMO_BANNER_SLIDES: readonly BannerSlide[] = Array.from({ length: BANNER_COUNT }, (_, i) => {
  const n = i + 1;
  return {
    id: stableId("banner", String(n)),
    position: n,
    ...bannerCopy(n)!,
    imageUrl: bannerImageUrl(n),
    linkUrl: "/search/?page=1",
    isEnabled: true,
  };
});

/** Tax 14 %, 9.99 USD shipping, free from 100 USD (docs/decisions/005-demo-catalogue.md). */
export const DEFAULT_SETTINGS = {
  taxRateBasisPoints: 1400,
  shippingCents: 999,
  freeShippingThresholdCents: 10_000,
};

/** The pricing settings row every shop needs (a shop started on an imported catalogue too). */
export async function ensureShopSettings(db: Database): Promise<void> {
  await db.execute(sql`INSERT INTO shop_settings (id, tax_rate_basis_points, shipping_cents, free_shipping_threshold_cents)
    VALUES (1, ${DEFAULT_SETTINGS.taxRateBasisPoints}, ${DEFAULT_SETTINGS.shippingCents}, ${DEFAULT_SETTINGS.freeShippingThresholdCents})
    ON CONFLICT (id) DO NOTHING`);
}

/**
 * The demo's banners for a shop that has none, written by the demo seed only: the server's start no
 * longer calls it, so a shop whose staff deleted every slide keeps none
 * (docs/decisions/042-taxonomy-and-banner-edits.md, superseding that part of 029).
 */
export async function ensureBannerSlides(db: Database): Promise<void> {
  await addBannerSlidesIfNone({ db }, DEMO_BANNER_SLIDES);
}

/** Shop settings, banner slides, coupons and the demo customer; each is left alone when already there. */
export async function seedShopData(db: Database, now: Date): Promise<void> {
  await ensureShopSettings(db);
  await ensureBannerSlides(db);
  for (const coupon of DEMO_COUPONS) {
    const expiresAt = new Date(now.getTime() + coupon.expiresInDays * 86_400_000).toISOString();
    await db.execute(sql`INSERT INTO coupons (id, code, discount_percent, expires_at)
      VALUES (${stableId("coupon", coupon.code)}, ${coupon.code}, ${coupon.discountPercent}, ${expiresAt}::timestamptz)
      ON CONFLICT DO NOTHING`);
  }
  for (const staff of DEMO_STAFF) {
    await db.execute(sql`INSERT INTO customers (id, first_name, last_name, email, password_hash, role, email_verified_at)
      VALUES (${stableId("customer", staff.email)}, ${staff.firstName}, ${staff.lastName}, ${staff.email},
              ${await hashPassword(staff.password)}, ${staff.role}, ${now.toISOString()}::timestamptz)
      ON CONFLICT DO NOTHING`);
  }
  const customerId = stableId("customer", DEMO_CUSTOMER.email);
  const existing = await db.execute(sql`SELECT 1 FROM customers WHERE id = ${customerId}`);
  if ((existing as unknown as { rows: unknown[] }).rows.length > 0) return;
  const passwordHash = await hashPassword(DEMO_CUSTOMER.password);
  const { address } = DEMO_CUSTOMER;
  await db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO customers (id, first_name, last_name, email, password_hash, email_verified_at)
      VALUES (${customerId}, ${DEMO_CUSTOMER.firstName}, ${DEMO_CUSTOMER.lastName}, ${DEMO_CUSTOMER.email},
              ${passwordHash}, ${now.toISOString()}::timestamptz)`);
    await tx.execute(sql`INSERT INTO customer_phone_numbers (id, customer_id, phone_number)
      VALUES (${stableId("phone", customerId)}, ${customerId}, ${DEMO_CUSTOMER.phoneNumber})`);
    await tx.execute(sql`INSERT INTO customer_addresses (id, customer_id, country, state, city, street, postal_code)
      VALUES (${stableId("address", customerId)}, ${customerId}, ${address.country}, ${address.state},
              ${address.city}, ${address.street}, ${address.postalCode})`);
  });
}
