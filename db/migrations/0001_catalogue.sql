CREATE TABLE "brands" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"image" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"image" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"discount_percent" smallint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"min_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_discount_percent_check" CHECK ("coupons"."discount_percent" BETWEEN 1 AND 100),
	CONSTRAINT "coupons_used_count_check" CHECK ("coupons"."used_count" >= 0),
	CONSTRAINT "coupons_usage_limit_check" CHECK ("coupons"."usage_limit" IS NULL OR "coupons"."used_count" <= "coupons"."usage_limit"),
	CONSTRAINT "coupons_min_subtotal_check" CHECK ("coupons"."min_subtotal_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "customer_addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"country" text NOT NULL,
	"state" text NOT NULL,
	"city" text NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_phone_numbers" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"phone_number" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'customer' NOT NULL,
	"profile_image" text,
	"email_verified_at" timestamp with time zone,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_sizes" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"size" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"price_before_discount_cents" integer NOT NULL,
	"discount_percent" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sizes_stock_check" CHECK ("product_sizes"."stock" >= 0),
	CONSTRAINT "product_sizes_price_cents_check" CHECK ("product_sizes"."price_cents" >= 0),
	CONSTRAINT "product_sizes_price_before_discount_cents_check" CHECK ("product_sizes"."price_before_discount_cents" >= 0),
	CONSTRAINT "product_sizes_discount_percent_check" CHECK ("product_sizes"."discount_percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "product_subcategories" (
	"product_id" text NOT NULL,
	"subcategory_id" text NOT NULL,
	CONSTRAINT "product_subcategories_product_id_subcategory_id_pk" PRIMARY KEY("product_id","subcategory_id")
);
--> statement-breakpoint
CREATE TABLE "product_under_subcategories" (
	"product_id" text NOT NULL,
	"under_subcategory_id" text NOT NULL,
	CONSTRAINT "product_under_subcategories_product_id_under_subcategory_id_pk" PRIMARY KEY("product_id","under_subcategory_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text NOT NULL,
	"color" text NOT NULL,
	"color_name" text NOT NULL,
	"image_cover" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"price_before_discount_cents" integer NOT NULL,
	"discount_percent" smallint DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"has_sizes" boolean DEFAULT false NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"ratings_average" numeric(2, 1) DEFAULT 0 NOT NULL,
	"ratings_quantity" integer DEFAULT 0 NOT NULL,
	"category_id" text NOT NULL,
	"brand_id" text,
	"group_id" text,
	"search_document" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, search_document), 'A') || setweight(to_tsvector('english'::regconfig, description), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_cents_check" CHECK ("products"."price_cents" >= 0),
	CONSTRAINT "products_price_before_discount_cents_check" CHECK ("products"."price_before_discount_cents" >= 0),
	CONSTRAINT "products_discount_percent_check" CHECK ("products"."discount_percent" BETWEEN 0 AND 100),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_sold_check" CHECK ("products"."sold" >= 0),
	CONSTRAINT "products_ratings_average_check" CHECK ("products"."ratings_average" BETWEEN 0 AND 5),
	CONSTRAINT "products_ratings_quantity_check" CHECK ("products"."ratings_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"tax_rate_basis_points" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"free_shipping_threshold_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_singleton_check" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_tax_check" CHECK ("shop_settings"."tax_rate_basis_points" BETWEEN 0 AND 10000),
	CONSTRAINT "shop_settings_shipping_check" CHECK ("shop_settings"."shipping_cents" >= 0),
	CONSTRAINT "shop_settings_threshold_check" CHECK ("shop_settings"."free_shipping_threshold_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"product_id" text NOT NULL,
	"product_size_id" text,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_holds_quantity_check" CHECK ("stock_holds"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"image" text NOT NULL,
	"category_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "under_subcategories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"image" text NOT NULL,
	"subcategory_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_phone_numbers" ADD CONSTRAINT "customer_phone_numbers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subcategories" ADD CONSTRAINT "product_subcategories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subcategories" ADD CONSTRAINT "product_subcategories_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_under_subcategories" ADD CONSTRAINT "product_under_subcategories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_under_subcategories" ADD CONSTRAINT "product_under_subcategories_under_subcategory_id_under_subcategories_id_fk" FOREIGN KEY ("under_subcategory_id") REFERENCES "public"."under_subcategories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_product_size_id_product_sizes_id_fk" FOREIGN KEY ("product_size_id") REFERENCES "public"."product_sizes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "under_subcategories" ADD CONSTRAINT "under_subcategories_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_slug_key" ON "brands" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "brands_created_at_idx" ON "brands" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_key" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_created_at_idx" ON "categories" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "customer_addresses_customer_idx" ON "customer_addresses" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_phone_numbers_customer_phone_key" ON "customer_phone_numbers" USING btree ("customer_id","phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_key" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_sizes_product_size_key" ON "product_sizes" USING btree ("product_id","size");--> statement-breakpoint
CREATE INDEX "product_subcategories_subcategory_idx" ON "product_subcategories" USING btree ("subcategory_id","product_id");--> statement-breakpoint
CREATE INDEX "product_under_subcategories_under_idx" ON "product_under_subcategories" USING btree ("under_subcategory_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_key" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","sold" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id","sold" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_group_idx" ON "products" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "products_sold_idx" ON "products" USING btree ("sold" DESC NULLS LAST,"ratings_average" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("ratings_average" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_discount_idx" ON "products" USING btree ("discount_percent","id");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "stock_holds_product_idx" ON "stock_holds" USING btree ("product_id","expires_at");--> statement-breakpoint
CREATE INDEX "stock_holds_size_idx" ON "stock_holds" USING btree ("product_size_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_holds_customer_item_key" ON "stock_holds" USING btree ("customer_id","product_id",coalesce("product_size_id", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "subcategories_category_slug_key" ON "subcategories" USING btree ("category_id","slug");--> statement-breakpoint
CREATE INDEX "subcategories_created_at_idx" ON "subcategories" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "under_subcategories_subcategory_slug_key" ON "under_subcategories" USING btree ("subcategory_id","slug");--> statement-breakpoint
CREATE INDEX "under_subcategories_created_at_idx" ON "under_subcategories" USING btree ("created_at");