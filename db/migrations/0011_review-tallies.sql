CREATE TABLE "product_review_tallies" (
	"product_id" text PRIMARY KEY NOT NULL,
	"visible" integer DEFAULT 0 NOT NULL,
	"stars_1" integer DEFAULT 0 NOT NULL,
	"stars_2" integer DEFAULT 0 NOT NULL,
	"stars_3" integer DEFAULT 0 NOT NULL,
	"stars_4" integer DEFAULT 0 NOT NULL,
	"stars_5" integer DEFAULT 0 NOT NULL,
	"fit_small" integer DEFAULT 0 NOT NULL,
	"fit_true" integer DEFAULT 0 NOT NULL,
	"fit_large" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_review_tallies" ADD CONSTRAINT "product_review_tallies_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Tallies of the reviews written before this migration (docs/decisions/057-reviews.md).
INSERT INTO "product_review_tallies" ("product_id", "visible", "stars_1", "stars_2", "stars_3", "stars_4", "stars_5", "fit_small", "fit_true", "fit_large")
SELECT "product_id", count(*), count(*) FILTER (WHERE "rating" = 1), count(*) FILTER (WHERE "rating" = 2),
	count(*) FILTER (WHERE "rating" = 3), count(*) FILTER (WHERE "rating" = 4), count(*) FILTER (WHERE "rating" = 5),
	count(*) FILTER (WHERE "fit" = 'small'), count(*) FILTER (WHERE "fit" = 'true'), count(*) FILTER (WHERE "fit" = 'large')
FROM "product_reviews" WHERE "hidden_at" IS NULL GROUP BY "product_id";
