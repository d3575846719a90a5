import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// Ids are 24 lowercase hex characters (the shape clients of the original back end expect in `_id`),
// stored as text. See docs/decisions/003-ids-and-money.md.
const id = () => text("id").primaryKey();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
// Byte order, so that a prefix is a plain range of the index whatever the database's locale.
const byteOrderedText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

export const categories = pgTable(
  "categories",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    image: text("image").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("categories_slug_key").on(t.slug), index("categories_created_at_idx").on(t.createdAt)],
);

export const subcategories = pgTable(
  "subcategories",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    image: text("image").notNull(),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subcategories_category_slug_key").on(t.categoryId, t.slug),
    index("subcategories_created_at_idx").on(t.createdAt),
  ],
);

export const underSubcategories = pgTable(
  "under_subcategories",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    image: text("image").notNull(),
    subcategoryId: text("subcategory_id")
      .notNull()
      .references(() => subcategories.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("under_subcategories_subcategory_slug_key").on(t.subcategoryId, t.slug),
    index("under_subcategories_created_at_idx").on(t.createdAt),
  ],
);

export const brands = pgTable(
  "brands",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    image: text("image").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("brands_slug_key").on(t.slug), index("brands_created_at_idx").on(t.createdAt)],
);

/** Products that are the same garment in different colours share a group (the colour switcher). */
export const productGroups = pgTable("product_groups", {
  id: id(),
  name: text("name").notNull(),
  // The slug the catalogue file names the group by (its id derives from it: catalogue-ids.ts), so an
  // export writes back what was imported. Null for groups written before migration 0007.
  slug: text("slug"),
  createdAt: createdAt(),
});

export const products = pgTable(
  "products",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull(),
    color: text("color").notNull(),
    colorName: text("color_name").notNull(),
    imageCover: text("image_cover").notNull(),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    // For a product without sizes these are its price and on-hand stock. For a product with sizes they
    // are a listing copy kept by core/catalog/listing.ts: the price of the cheapest size with stock on hand
    // (cheapest overall when none has), so price filters and sorts use a plain indexed column.
    priceCents: integer("price_cents").notNull(),
    priceBeforeDiscountCents: integer("price_before_discount_cents").notNull(),
    discountPercent: smallint("discount_percent").notNull().default(0),
    stock: integer("stock").notNull().default(0),
    hasSizes: boolean("has_sizes").notNull().default(false),
    sold: integer("sold").notNull().default(0),
    ratingsAverage: numeric("ratings_average", { precision: 2, scale: 1, mode: "number" })
      .notNull()
      .default(0),
    ratingsQuantity: integer("ratings_quantity").notNull().default(0),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    brandId: text("brand_id").references(() => brands.id, { onDelete: "restrict" }),
    groupId: text("group_id").references(() => productGroups.id, { onDelete: "set null" }),
    // Title, colour, brand and category names, written by core because a generated column cannot
    // read other tables. They weigh more in ranking than the description.
    searchDocument: text("search_document").notNull().default(""),
    // Set when staff archive the product: gone from the storefront, kept for the orders that name it.
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, search_document), 'A') || setweight(to_tsvector('english'::regconfig, description), 'C')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_slug_key").on(t.slug),
    // Searches of several words find the products that have them all through this.
    index("products_search_vector_idx").using("gin", t.searchVector),
    // One-word searches match the search document through search_postings and the description
    // through this: its lexemes of weight C, read from the stored vector (so that a plan that filters
    // on it rather than using the index does not parse every description again).
    index("products_description_vector_idx").using("gin", sql`ts_filter(${t.searchVector}, '{c}'::"char"[])`),
    index("products_category_idx").on(t.categoryId, t.sold.desc()),
    index("products_brand_idx").on(t.brandId, t.sold.desc()),
    index("products_group_idx").on(t.groupId),
    index("products_sold_idx").on(t.sold.desc(), t.ratingsAverage.desc(), t.id),
    // The storefront's default order over listed products only: a deep page of the listing skips its
    // offset in this index alone (an index-only scan) instead of fetching every skipped product row
    // (docs/decisions/056-scale-queries-and-page-render.md).
    index("products_listed_sold_idx")
      .on(t.sold.desc(), t.ratingsAverage.desc(), t.id)
      .where(sql`${t.archivedAt} IS NULL`),
    index("products_price_idx").on(t.priceCents, t.id),
    index("products_rating_idx").on(t.ratingsAverage.desc(), t.id),
    index("products_discount_idx").on(t.discountPercent, t.id),
    // Highest price and largest discount first (the listing's sorts, the home page's offers): the
    // order is `DESC NULLS LAST, id ASC`, which the ascending indexes cannot give read backwards,
    // so without these every such page sorted all listed products (docs/decisions/060-descending-sort-indexes.md).
    index("products_listed_price_desc_idx").on(t.priceCents.desc(), t.id).where(sql`${t.archivedAt} IS NULL`),
    index("products_listed_discount_desc_idx")
      .on(t.discountPercent.desc(), t.id)
      .where(sql`${t.archivedAt} IS NULL`),
    index("products_created_at_idx").on(t.createdAt.desc(), t.id),
    index("products_title_idx").on(t.title, t.id),
    // A product's related products: the best sellers of its category and brand, read in order and
    // checked against its subcategories until enough match, instead of every product of the pair
    // being fetched and sorted (core/catalog/related-products.ts, docs/decisions/061-search-counts-and-related-walk.md).
    index("products_listed_category_brand_sold_idx")
      .on(t.categoryId, t.brandId, t.sold.desc(), t.ratingsAverage.desc(), t.id)
      .where(sql`${t.archivedAt} IS NULL`),
    check("products_price_cents_check", sql`${t.priceCents} >= 0`),
    check("products_price_before_discount_cents_check", sql`${t.priceBeforeDiscountCents} >= 0`),
    check("products_discount_percent_check", sql`${t.discountPercent} BETWEEN 0 AND 100`),
    check("products_stock_check", sql`${t.stock} >= 0`),
    check("products_sold_check", sql`${t.sold} >= 0`),
    check("products_ratings_average_check", sql`${t.ratingsAverage} BETWEEN 0 AND 5`),
    check("products_ratings_quantity_check", sql`${t.ratingsQuantity} >= 0`),
  ],
);

/**
 * How many listed (not archived) products each category and brand pair has (`brand_id` '' for
 * products without a brand): the total of a listing filtered by nothing else is a sum of a few of
 * these rows instead of a count of the whole products table, which grew with the catalogue
 * (docs/decisions/056-scale-queries-and-page-render.md). Kept by statement-level triggers on
 * products (migration 0010), in the same transaction as every write, so it is exact in every snapshot.
 */
export const productCounts = pgTable(
  "product_counts",
  {
    categoryId: text("category_id").notNull(),
    brandId: text("brand_id").notNull(),
    listed: integer("listed").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.brandId] })],
);

export const productSubcategories = pgTable(
  "product_subcategories",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    subcategoryId: text("subcategory_id")
      .notNull()
      .references(() => subcategories.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.subcategoryId] }),
    index("product_subcategories_subcategory_idx").on(t.subcategoryId, t.productId),
  ],
);

export const productUnderSubcategories = pgTable(
  "product_under_subcategories",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    underSubcategoryId: text("under_subcategory_id")
      .notNull()
      .references(() => underSubcategories.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.underSubcategoryId] }),
    index("product_under_subcategories_under_idx").on(t.underSubcategoryId, t.productId),
  ],
);

export const productSizes = pgTable(
  "product_sizes",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    position: smallint("position").notNull().default(0),
    stock: integer("stock").notNull().default(0),
    priceCents: integer("price_cents").notNull(),
    priceBeforeDiscountCents: integer("price_before_discount_cents").notNull(),
    discountPercent: smallint("discount_percent").notNull().default(0),
    // Set when staff remove the size from the product: the storefront no longer offers it, carts
    // holding it see the line lapse with a notice, and past orders keep naming it.
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("product_sizes_product_size_key").on(t.productId, t.size),
    check("product_sizes_stock_check", sql`${t.stock} >= 0`),
    check("product_sizes_price_cents_check", sql`${t.priceCents} >= 0`),
    check("product_sizes_price_before_discount_cents_check", sql`${t.priceBeforeDiscountCents} >= 0`),
    check("product_sizes_discount_percent_check", sql`${t.discountPercent} BETWEEN 0 AND 100`),
  ],
);

/**
 * An inverted index of the products' search documents (title, colour, brand and category names):
 * one row per (lexeme, product), carrying the product's filter and sort columns and the lexeme's
 * `ts_rank`, so that a text search with filters reads a few contiguous pages of this table instead
 * of every matching product row (docs/decisions/008-search-postings.md). Descriptions are searched
 * through `products_description_vector_idx`. Written only by core/catalog/search-postings.ts: every
 * write to a product's search document, description, category, brand, price, discount, rating or sales
 * must refresh it.
 * No foreign key: checking one per posting doubled the cost of an import, and products are not
 * deleted (a delete must remove its postings).
 */
export const searchPostings = pgTable(
  "search_postings",
  {
    lexeme: byteOrderedText("lexeme").notNull(),
    categoryId: text("category_id").notNull(),
    brandId: text("brand_id"),
    priceCents: integer("price_cents").notNull(),
    discountPercent: smallint("discount_percent").notNull(),
    ratingsAverage: numeric("ratings_average", { precision: 2, scale: 1, mode: "number" }).notNull(),
    sold: integer("sold").notNull(),
    // ts_rank(search_vector, the lexeme alone): what a one-word query ranks this product by.
    rank: real("rank").notNull(),
    productId: text("product_id").notNull(),
  },
  (t) => [
    // The filter columns in the key too: a one-word search filtered by price, rating, discount or
    // brand is counted by an index-only scan of its entries instead of fetching every matching
    // posting (119 → 9 ms for "shirt" in Women, price 10–120, rating ≥ 3 at 1M products,
    // docs/decisions/061-search-counts-and-related-walk.md).
    index("search_postings_lexeme_idx").on(
      t.lexeme,
      t.categoryId,
      t.priceCents,
      t.ratingsAverage,
      t.discountPercent,
      t.brandId,
    ),
    index("search_postings_product_idx").on(t.productId),
    // A one-word search's first page in the storefront's default order (best sellers first) is the
    // start of this index: no sort of every match (docs/decisions/061-search-counts-and-related-walk.md).
    index("search_postings_lexeme_sold_idx").on(
      t.lexeme,
      t.sold.desc(),
      t.ratingsAverage.desc(),
      t.productId,
    ),
  ],
);

/**
 * How many products' search documents hold each lexeme, per category and brand (`brand_id` '' for
 * none): a one-word search filtered by nothing else, or by its category or brand, is counted by
 * summing a few of these rows instead of counting every match (145,000 for "shirt" at 1M products,
 * docs/decisions/061-search-counts-and-related-walk.md). Kept by statement-level triggers on
 * search_postings (migration 0013), in the same transaction as every write, so it is exact in every snapshot.
 */
export const searchCounts = pgTable(
  "search_counts",
  {
    lexeme: byteOrderedText("lexeme").notNull(),
    categoryId: text("category_id").notNull(),
    brandId: text("brand_id").notNull(),
    products: integer("products").notNull(),
  },
  (t) => [primaryKey({ columns: [t.lexeme, t.categoryId, t.brandId] })],
);

/** Words of the catalogue, for correcting misspelt search terms (core/catalog/search.ts). */
export const searchTerms = pgTable("search_terms", {
  term: text("term").primaryKey(),
});

/** One row (id = 1): the shop's settings, edited in the back office (core/settings/). */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: smallint("id").primaryKey().default(1),
    currency: text("currency").notNull().default("USD"),
    // Basis points: 1400 = 14 %.
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    freeShippingThresholdCents: integer("free_shipping_threshold_cents").notNull(),
    reservationMinutes: integer("reservation_minutes").notNull().default(15),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(5),
    storeName: text("store_name").notNull().default("shop"),
    contactEmail: text("contact_email").notNull().default(""),
    // Where the "new order" alert goes (docs/back-office/orders.md); empty for none.
    orderAlertEmail: text("order_alert_email").notNull().default(""),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("shop_settings_reservation_check", sql`${t.reservationMinutes} BETWEEN 1 AND 1440`),
    check("shop_settings_low_stock_check", sql`${t.lowStockThreshold} >= 0`),
    check("shop_settings_singleton_check", sql`${t.id} = 1`),
    check("shop_settings_tax_check", sql`${t.taxRateBasisPoints} BETWEEN 0 AND 10000`),
    check("shop_settings_shipping_check", sql`${t.shippingCents} >= 0`),
    check("shop_settings_threshold_check", sql`${t.freeShippingThresholdCents} >= 0`),
  ],
);

/**
 * The home page's banner carousel, shown in `position` order (ties by id). Each slide is data a back
 * office can edit: its image, where it links, its place and whether it is shown; `title` and
 * `subtitle` are what the image says, read out as its alternative text
 * (docs/decisions/029-demo-room-and-banner-data.md).
 */
export const bannerSlides = pgTable(
  "banner_slides",
  {
    id: id(),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    imageUrl: text("image_url").notNull(),
    linkUrl: text("link_url").notNull(),
    isEnabled: boolean("is_enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("banner_slides_position_idx").on(t.position)],
);

/**
 * An account: a shopper (`role` customer) or staff (`manager`, `admin`; docs/decisions/036-staff-roles-and-sessions.md).
 * `token_version` rises with each password change or role change, which ends older sessions.
 * `totp_secret` is the two-factor secret sealed under the server key (core/staff/two-factor.ts);
 * two-factor sign-in is on once `totp_enabled_at` is set.
 */
export const customers = pgTable(
  "customers",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").notNull().default("customer"),
    profileImage: text("profile_image"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    tokenVersion: integer("token_version").notNull().default(0),
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("customers_email_key").on(sql`lower(${t.email})`),
    index("customers_staff_idx").on(t.role).where(sql`${t.role} <> 'customer'`),
    check("customers_role_check", sql`${t.role} IN ('customer', 'manager', 'admin')`),
  ],
);

/** A staff member's two-factor recovery codes, each stored as an HMAC and good once. */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: id(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("staff_recovery_codes_key").on(t.customerId, t.codeHash)],
);

/**
 * Every staff write: who, when, what, and the record before and after. Append-only: a trigger
 * refuses UPDATE and DELETE (migration 0007; docs/decisions/037-audit-log.md).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at.desc(), t.id.desc()),
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.at.desc()),
    index("audit_log_actor_idx").on(t.actorId, t.at.desc()),
  ],
);

export const customerPhoneNumbers = pgTable(
  "customer_phone_numbers",
  {
    id: id(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    phoneNumber: text("phone_number").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("customer_phone_numbers_customer_phone_key").on(t.customerId, t.phoneNumber)],
);

export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: id(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    country: text("country").notNull(),
    state: text("state").notNull(),
    city: text("city").notNull(),
    street: text("street").notNull(),
    postalCode: text("postal_code").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("customer_addresses_customer_idx").on(t.customerId)],
);

export const coupons = pgTable(
  "coupons",
  {
    id: id(),
    // Stored upper-case; codes are compared case-insensitively.
    code: text("code").notNull(),
    discountPercent: smallint("discount_percent").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    // Set when staff disable the coupon: it no longer applies, and carts holding it lose it.
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_key").on(sql`upper(${t.code})`),
    check("coupons_discount_percent_check", sql`${t.discountPercent} BETWEEN 1 AND 100`),
    check("coupons_used_count_check", sql`${t.usedCount} >= 0`),
    check("coupons_usage_limit_check", sql`${t.usageLimit} IS NULL OR ${t.usedCount} <= ${t.usageLimit}`),
    check("coupons_min_subtotal_check", sql`${t.minSubtotalCents} >= 0`),
  ],
);

/**
 * Stock held for a customer's cart. Available stock = on hand − the quantity of holds whose
 * `expires_at` is still in the future (core/stock/availability.ts); an expired hold frees its stock by
 * the passage of time alone, so correctness never depends on a sweeper job.
 */
export const stockHolds = pgTable(
  "stock_holds",
  {
    id: id(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    productSizeId: text("product_size_id").references(() => productSizes.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_holds_product_idx").on(t.productId, t.expiresAt),
    index("stock_holds_size_idx").on(t.productSizeId, t.expiresAt),
    uniqueIndex("stock_holds_customer_item_key").on(
      t.customerId,
      t.productId,
      sql`coalesce(${t.productSizeId}, '')`,
    ),
    check("stock_holds_quantity_check", sql`${t.quantity} > 0`),
  ],
);

/**
 * One-time codes (email verification, password reset, phone verification): 6 digits, stored as an
 * HMAC under the server secret (a plain hash of a 6-digit code is reversed in a millisecond), with
 * an expiry and an attempt counter. One live code per customer and purpose: a new one replaces it.
 */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    // The address or number the code was sent to (a phone code is only good for that number).
    target: text("target").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    // Re-sending is throttled: when the last code went out, and how many went out this hour.
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    sendWindowStartedAt: timestamp("send_window_started_at", { withTimezone: true }).notNull(),
    sendsInWindow: smallint("sends_in_window").notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.purpose] }),
    index("one_time_codes_lookup_idx").on(t.purpose, t.codeHash),
    check(
      "one_time_codes_purpose_check",
      sql`${t.purpose} IN ('verify_email', 'reset_password', 'verify_phone')`,
    ),
    check("one_time_codes_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

/**
 * The built-in outbox: mail and SMS the shop would have sent, readable at /dev/outbox outside
 * production. In the database, so that every instance sees every message.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: id(),
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull().default(""),
    text: text("text").notNull(),
    html: text("html"),
    // The notification's message id (core/notifications): a retried delivery finds its row and adds none.
    messageId: text("message_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_messages_created_at_idx").on(t.createdAt.desc()),
    uniqueIndex("outbox_messages_message_id_key").on(t.messageId),
    check("outbox_messages_channel_check", sql`${t.channel} IN ('email', 'sms')`),
  ],
);

/** Products a customer has saved (docs/storefront/favorites.md). */
export const favorites = pgTable(
  "favorites",
  {
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.productId] }),
    index("favorites_customer_created_idx").on(t.customerId, t.createdAt.desc()),
  ],
);

/**
 * A customer's cart beyond its lines: the applied coupon. The lines are the customer's stock holds
 * (`stock_holds`): a line *is* a hold, whose `expires_at` says whether it still counts against stock
 * (docs/decisions/012-cart-lines-are-stock-holds.md).
 */
export const carts = pgTable("carts", {
  customerId: text("customer_id")
    .primaryKey()
    .references(() => customers.id, { onDelete: "cascade" }),
  couponId: text("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

/**
 * An order: what was bought at which prices (a snapshot, so later catalogue changes never alter it),
 * where it goes, and its payment. Card orders start `pending_payment` with a payment deadline; cash
 * on delivery starts `placed`.
 */
export const orders = pgTable(
  "orders",
  {
    id: id(),
    // The number a customer quotes ("order #1042").
    number: integer("number").notNull().generatedAlwaysAsIdentity({ startWith: 1001 }),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    status: text("status").notNull(),
    paymentMethod: text("payment_method").notNull(),
    phone: text("phone").notNull(),
    country: text("country").notNull(),
    state: text("state").notNull(),
    city: text("city").notNull(),
    street: text("street").notNull(),
    postalCode: text("postal_code").notNull(),
    itemsCents: integer("items_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    totalAfterDiscountCents: integer("total_after_discount_cents").notNull(),
    couponId: text("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    couponPercent: smallint("coupon_percent"),
    paymentProvider: text("payment_provider"),
    paymentSessionId: text("payment_session_id"),
    paymentExpiresAt: timestamp("payment_expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    // The shipment, once the order is `shipped` (core/orders/order-workflow.ts).
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    // What has been given back so far (order_refunds that succeeded or are under way): never more
    // than what was paid.
    refundedCents: integer("refunded_cents").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_number_key").on(t.number),
    uniqueIndex("orders_payment_session_key").on(t.paymentProvider, t.paymentSessionId),
    index("orders_customer_created_idx").on(t.customerId, t.createdAt.desc()),
    // The back office's order table, newest first, and its status filter.
    index("orders_created_idx").on(t.createdAt.desc()),
    index("orders_status_created_idx").on(t.status, t.createdAt.desc()),
    // The expiry sweep reads only unpaid card orders.
    index("orders_pending_payment_idx").on(t.paymentExpiresAt).where(sql`status = 'pending_payment'`),
    check(
      "orders_status_check",
      sql`${t.status} IN ('pending_payment', 'paid', 'placed', 'processing', 'shipped', 'delivered', 'cancelled', 'returned')`,
    ),
    check("orders_payment_method_check", sql`${t.paymentMethod} IN ('credit_card', 'cash_on_delivery')`),
    check(
      "orders_amounts_check",
      sql`${t.itemsCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.shippingCents} >= 0 AND ${t.discountCents} >= 0
        AND ${t.totalCents} = ${t.itemsCents} + ${t.taxCents} + ${t.shippingCents}
        AND ${t.totalAfterDiscountCents} = ${t.totalCents} - ${t.discountCents}`,
    ),
    check(
      "orders_refunded_check",
      sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.totalAfterDiscountCents}`,
    ),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    productSizeId: text("product_size_id").references(() => productSizes.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    imageCover: text("image_cover").notNull(),
    size: text("size"),
    color: text("color").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    position: smallint("position").notNull().default(0),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId, t.position),
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    check("order_items_total_check", sql`${t.totalCents} = ${t.unitPriceCents} * ${t.quantity}`),
  ],
);

/** Every status an order has been in, for the timeline on the orders page. */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    // A sequence, so the timeline keeps the order of events that share a timestamp.
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    note: text("note"),
    // The staff member who made the move; null for the customer, checkout or a payment provider.
    actorId: text("actor_id"),
    createdAt: createdAt(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.createdAt)],
);

/**
 * Money given back on an order (core/orders/refunds.ts): through the payment provider for a card
 * order, paid out by hand for a cash one. `idempotency_key` makes a repeated request the same refund.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    // The refunded lines, when the refund was asked for by line: [{ position, quantity }].
    lines: jsonb("lines"),
    reason: text("reason").notNull(),
    // `provider`: through the payment provider; `cash`: paid out by hand.
    method: text("method").notNull(),
    status: text("status").notNull(),
    provider: text("provider"),
    providerRefundId: text("provider_refund_id"),
    idempotencyKey: text("idempotency_key").notNull(),
    failureReason: text("failure_reason"),
    actorId: text("actor_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("order_refunds_order_idx").on(t.orderId, t.createdAt),
    uniqueIndex("order_refunds_idempotency_key").on(t.idempotencyKey),
    uniqueIndex("order_refunds_provider_key").on(t.provider, t.providerRefundId),
    check("order_refunds_amount_check", sql`${t.amountCents} > 0`),
    check("order_refunds_method_check", sql`${t.method} IN ('provider', 'cash')`),
    check("order_refunds_status_check", sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
  ],
);

/**
 * The transactional outbox of customer and staff messages (core/notifications): written in the
 * transaction of the change that causes them, delivered by the job queue. `dedupe_key` makes the same
 * event's message one row, however often the change is repeated.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull().default(""),
    text: text("text").notNull(),
    html: text("html"),
    dedupeKey: text("dedupe_key").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_dedupe_key").on(t.dedupeKey),
    index("notifications_order_idx").on(t.orderId, t.createdAt),
    index("notifications_pending_idx").on(t.createdAt).where(sql`status = 'pending'`),
    check("notifications_channel_check", sql`${t.channel} IN ('email', 'sms')`),
    check("notifications_status_check", sql`${t.status} IN ('pending', 'sent', 'failed')`),
  ],
);

/** HTTPS endpoints integrators registered for order events (core/webhooks). */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: id(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  // The signing secret, sealed at rest like a TOTP secret (core/accounts/keys.ts).
  secretSealed: text("secret_sealed").notNull(),
  events: text("events").array().notNull(),
  createdBy: text("created_by"),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One event for one endpoint, delivered by the job queue with retries (core/webhooks). */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    orderId: text("order_id"),
    payload: jsonb("payload").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_dedupe_key").on(t.dedupeKey),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt.desc()),
    check("webhook_deliveries_status_check", sql`${t.status} IN ('pending', 'delivered', 'failed')`),
  ],
);

/**
 * Payment events already handled, by the provider's event id: a replayed or duplicated webhook
 * finds its row and changes nothing (exactly once per event).
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    orderId: text("order_id"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Every change to a product's on-hand stock made by staff, with its reason, and what it left
 * (core/inventory/adjustments.ts). Sales and cancellations move stock through orders, not here.
 */
export const stockLedger = pgTable(
  "stock_ledger",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    productSizeId: text("product_size_id").references(() => productSizes.id, { onDelete: "set null" }),
    size: text("size"),
    delta: integer("delta").notNull(),
    stockAfter: integer("stock_after").notNull(),
    reason: text("reason").notNull(),
    note: text("note"),
    actorId: text("actor_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_ledger_product_idx").on(t.productId, t.createdAt.desc()),
    check("stock_ledger_reason_check", sql`${t.reason} IN ('restock', 'count', 'damage', 'initial')`),
    check("stock_ledger_stock_after_check", sql`${t.stockAfter} >= 0`),
  ],
);

/**
 * A customer's review of a product they received (core/reviews/, docs/storefront/reviews.md): one per
 * customer and product. Only visible reviews (`hidden_at` null) count in the product's
 * `ratings_average`/`ratings_quantity`, which core/catalog/ratings.ts recomputes in the same
 * transaction as every write here. `title` and `text` are plain text: markup is taken out on write.
 */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    fit: text("fit").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Moderation: a hidden review is shown to no one but its author and staff, and does not count.
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    hiddenBy: text("hidden_by").references(() => customers.id, { onDelete: "set null" }),
    reportCount: integer("report_count").notNull().default(0),
  },
  (t) => [
    uniqueIndex("product_reviews_product_customer_key").on(t.productId, t.customerId),
    // The product page's orders (newest; highest and lowest) read visible reviews from these alone.
    index("product_reviews_newest_idx")
      .on(t.productId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} IS NULL`),
    index("product_reviews_rating_idx")
      .on(t.productId, t.rating, t.createdAt, t.id)
      .where(sql`${t.hiddenAt} IS NULL`),
    index("product_reviews_customer_idx").on(t.customerId, t.createdAt.desc()),
    index("product_reviews_reported_idx")
      .on(t.reportCount.desc(), t.createdAt.desc())
      .where(sql`${t.reportCount} > 0`),
    check("product_reviews_rating_check", sql`${t.rating} BETWEEN 1 AND 5`),
    check("product_reviews_fit_check", sql`${t.fit} IN ('small', 'true', 'large')`),
  ],
);

/**
 * A product's visible reviews tallied by stars and by fit, written with its figures in every review
 * write's transaction (core/catalog/ratings.ts), so the reviews list's summary is one row read
 * rather than a count of thousands of reviews per request (docs/decisions/057-reviews.md). No row:
 * no visible reviews.
 */
export const productReviewTallies = pgTable("product_review_tallies", {
  productId: text("product_id")
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  visible: integer("visible").notNull().default(0),
  stars1: integer("stars_1").notNull().default(0),
  stars2: integer("stars_2").notNull().default(0),
  stars3: integer("stars_3").notNull().default(0),
  stars4: integer("stars_4").notNull().default(0),
  stars5: integer("stars_5").notNull().default(0),
  fitSmall: integer("fit_small").notNull().default(0),
  fitTrue: integer("fit_true").notNull().default(0),
  fitLarge: integer("fit_large").notNull().default(0),
});

/** A customer's report of a review (one per customer and review); staff see the most reported first. */
export const reviewReports = pgTable(
  "review_reports",
  {
    reviewId: text("review_id")
      .notNull()
      .references(() => productReviews.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.customerId] })],
);
