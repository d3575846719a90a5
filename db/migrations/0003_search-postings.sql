CREATE TABLE "search_postings" (
	"lexeme" text COLLATE "C" NOT NULL,
	"category_id" text NOT NULL,
	"brand_id" text,
	"price_cents" integer NOT NULL,
	"discount_percent" smallint NOT NULL,
	"ratings_average" numeric(2, 1) NOT NULL,
	"sold" integer NOT NULL,
	"rank" real NOT NULL,
	"product_id" text NOT NULL
);
--> statement-breakpoint
-- Postings for a catalogue imported before this migration: the rows core/catalog/search-postings.ts
-- writes (refreshSearchPostings), filled before the indexes are built because that is faster.
INSERT INTO "search_postings"
  ("lexeme", "category_id", "brand_id", "price_cents", "discount_percent", "ratings_average", "sold", "rank", "product_id")
WITH entries AS (
  SELECT p.id, p.category_id, p.brand_id, p.price_cents, p.discount_percent, p.ratings_average, p.sold,
    e.lexeme, e.weights
  FROM "products" p, unnest(p.search_vector) AS e
  WHERE 'A' = ANY(e.weights)
), patterns AS MATERIALIZED (
  SELECT w.weights, ts_rank(
      ('x:' || array_to_string(
        ARRAY(SELECT k || w.weights[k] FROM generate_subscripts(w.weights, 1) AS k ORDER BY k), ','))::tsvector,
      'x'::tsquery) AS rank
  FROM (SELECT DISTINCT weights FROM entries) AS w
)
SELECT e.lexeme, e.category_id, e.brand_id, e.price_cents, e.discount_percent, e.ratings_average, e.sold, r.rank, e.id
FROM entries e JOIN patterns r ON r.weights = e.weights
ORDER BY e.lexeme, e.category_id;--> statement-breakpoint
CREATE INDEX "search_postings_lexeme_idx" ON "search_postings" USING btree ("lexeme","category_id");--> statement-breakpoint
CREATE INDEX "search_postings_product_idx" ON "search_postings" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_description_vector_idx" ON "products" USING gin (ts_filter("search_vector", '{c}'::"char"[]));