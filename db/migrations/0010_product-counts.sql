CREATE TABLE "product_counts" (
	"category_id" text NOT NULL,
	"brand_id" text NOT NULL,
	"listed" integer NOT NULL,
	CONSTRAINT "product_counts_category_id_brand_id_pk" PRIMARY KEY("category_id","brand_id")
);
--> statement-breakpoint
CREATE INDEX "products_listed_sold_idx" ON "products" USING btree ("sold" DESC NULLS LAST,"ratings_average" DESC NULLS LAST,"id") WHERE "products"."archived_at" IS NULL;--> statement-breakpoint
-- The listed products per category and brand (docs/decisions/056-scale-queries-and-page-render.md):
-- statement-level triggers with transition tables, so an import of thousands of rows adds one
-- row per pair it changes, and an update that changes no pair or archived state (sales, prices,
-- ratings) writes nothing. Rows are written in key order so that two writers never wait on each
-- other's rows in opposite orders.
CREATE FUNCTION product_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_counts AS c (category_id, brand_id, listed)
      SELECT category_id, COALESCE(brand_id, ''), count(*) FROM new_rows WHERE archived_at IS NULL
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (category_id, brand_id) DO UPDATE SET listed = c.listed + excluded.listed;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE product_counts c SET listed = c.listed - d.n
      FROM (SELECT category_id, COALESCE(brand_id, '') AS brand_id, count(*) AS n FROM old_rows
            WHERE archived_at IS NULL GROUP BY 1, 2 ORDER BY 1, 2) d
      WHERE c.category_id = d.category_id AND c.brand_id = d.brand_id;
  ELSE
    INSERT INTO product_counts AS c (category_id, brand_id, listed)
      SELECT category_id, brand_id, sum(n) FROM (
        SELECT category_id, COALESCE(brand_id, '') AS brand_id, 1 AS n FROM new_rows WHERE archived_at IS NULL
        UNION ALL
        SELECT category_id, COALESCE(brand_id, ''), -1 FROM old_rows WHERE archived_at IS NULL) d
      GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
      ON CONFLICT (category_id, brand_id) DO UPDATE SET listed = c.listed + excluded.listed;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_counts_apply();--> statement-breakpoint
CREATE TRIGGER product_counts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_counts_apply();--> statement-breakpoint
CREATE TRIGGER product_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_counts_apply();--> statement-breakpoint
CREATE FUNCTION product_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_counts_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_clear();--> statement-breakpoint
INSERT INTO product_counts (category_id, brand_id, listed)
  SELECT category_id, COALESCE(brand_id, ''), count(*) FROM products WHERE archived_at IS NULL GROUP BY 1, 2;
