CREATE TABLE "search_counts" (
	"lexeme" text COLLATE "C" NOT NULL,
	"category_id" text NOT NULL,
	"brand_id" text NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "search_counts_lexeme_category_id_brand_id_pk" PRIMARY KEY("lexeme","category_id","brand_id")
);
--> statement-breakpoint
CREATE INDEX "products_listed_category_brand_sold_idx" ON "products" USING btree ("category_id","brand_id","sold" DESC NULLS LAST,"ratings_average" DESC NULLS LAST,"id") WHERE "products"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "search_postings_lexeme_sold_idx" ON "search_postings" USING btree ("lexeme","sold" DESC NULLS LAST,"ratings_average" DESC NULLS LAST,"product_id");--> statement-breakpoint
-- The products per lexeme, category and brand (docs/decisions/061-search-counts-and-related-walk.md),
-- kept as product_counts is (migration 0010): statement-level triggers with transition tables, so
-- an import adds one row per triple it changes, and an update that moves no posting to another
-- category or brand (sales, prices, ratings: core/catalog/search-postings.ts updates postings in
-- place) writes nothing. Rows are written in key order so that two writers never wait on each
-- other's rows in opposite orders.
CREATE FUNCTION search_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An import of many batches in one transaction counts once at its end (core/catalog/
  -- search-postings.ts recountSearchCounts): upserting the same rows batch after batch leaves every
  -- version of them in place until the transaction ends, and each upsert walks them all.
  IF current_setting('shop.search_counts_deferred', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_counts AS c (lexeme, category_id, brand_id, products)
      SELECT lexeme, category_id, COALESCE(brand_id, ''), count(*) FROM new_rows
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (lexeme, category_id, brand_id) DO UPDATE SET products = c.products + excluded.products;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE search_counts c SET products = c.products - d.n
      FROM (SELECT lexeme, category_id, COALESCE(brand_id, '') AS brand_id, count(*) AS n FROM old_rows
            GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) d
      WHERE c.lexeme = d.lexeme AND c.category_id = d.category_id AND c.brand_id = d.brand_id;
  ELSE
    INSERT INTO search_counts AS c (lexeme, category_id, brand_id, products)
      SELECT lexeme, category_id, brand_id, sum(n) FROM (
        SELECT lexeme, category_id, COALESCE(brand_id, '') AS brand_id, 1 AS n FROM new_rows
        UNION ALL
        SELECT lexeme, category_id, COALESCE(brand_id, ''), -1 FROM old_rows) d
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (lexeme, category_id, brand_id) DO UPDATE SET products = c.products + excluded.products;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_counts_insert AFTER INSERT ON search_postings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_counts_apply();--> statement-breakpoint
CREATE TRIGGER search_counts_update AFTER UPDATE ON search_postings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_counts_apply();--> statement-breakpoint
CREATE TRIGGER search_counts_delete AFTER DELETE ON search_postings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_counts_apply();--> statement-breakpoint
CREATE FUNCTION search_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_counts_truncate AFTER TRUNCATE ON search_postings
  FOR EACH STATEMENT EXECUTE FUNCTION search_counts_clear();--> statement-breakpoint
INSERT INTO search_counts (lexeme, category_id, brand_id, products)
  SELECT lexeme, category_id, COALESCE(brand_id, ''), count(*) FROM search_postings GROUP BY 1, 2, 3;
