-- Precomputed facets and one index for combined filters (docs/decisions/025). The generated
-- column and the table come from the schema; the functions, triggers and the GIN index are
-- hand-written (drizzle-kit cannot express them).
--
-- The five filter kinds of a product as tokens: k:<category id> (ancestors included), c:<colour>,
-- s:<EU size>, b:<brand id>, f:<fit>. Colours and sizes keep their multiplicity, as the direct
-- facet count (`unnest`) does.
CREATE OR REPLACE FUNCTION catalog_facet_tokens(category_ids int[], colors text[], sizes_eu text[], brand_id int, fit_people text)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT ARRAY(SELECT 'k:' || c FROM unnest(category_ids) c WHERE c IS NOT NULL)
      || ARRAY(SELECT 'c:' || c FROM unnest(colors) c WHERE c IS NOT NULL)
      || ARRAY(SELECT 's:' || s FROM unnest(sizes_eu) s WHERE s IS NOT NULL)
      || CASE WHEN brand_id IS NULL THEN '{}'::text[] ELSE ARRAY['b:' || brand_id] END
      || CASE WHEN fit_people IS NULL THEN '{}'::text[] ELSE ARRAY['f:' || fit_people] END
$$;
--> statement-breakpoint
CREATE TABLE "catalog_facet_counts" (
	"sel" text NOT NULL,
	"facet" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "catalog_facet_counts_sel_facet_pk" PRIMARY KEY("sel","facet")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "facet_tokens" text[] GENERATED ALWAYS AS (catalog_facet_tokens(category_ids, colors, sizes_eu, brand_id, fit_people)) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_facet_tokens_idx" ON "products" USING gin ("facet_tokens");
--> statement-breakpoint
-- What one published product adds to the counts: for the empty selection ('') and for each of
-- its tokens as a selection, one per facet token of another kind, and '' (the product itself).
CREATE OR REPLACE FUNCTION catalog_facet_pairs(tokens text[]) RETURNS TABLE (sel text, facet text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT s.sel, f.facet
  FROM (SELECT ''::text AS sel UNION SELECT t FROM unnest(tokens) t) s,
       (SELECT ''::text AS facet UNION ALL SELECT t FROM unnest(tokens) t) f
  WHERE s.sel = '' OR f.facet = '' OR left(f.facet, 2) <> left(s.sel, 2)
$$;
--> statement-breakpoint
-- Recounts everything (the migration below; bulk loads that disabled the triggers).
CREATE OR REPLACE FUNCTION catalog_facet_counts_rebuild() RETURNS void LANGUAGE sql
AS $$
  DELETE FROM catalog_facet_counts;
  INSERT INTO catalog_facet_counts (sel, facet, n)
  SELECT x.sel, x.facet, count(*)::int
  FROM products p, catalog_facet_pairs(p.facet_tokens) x
  WHERE p.is_published
  GROUP BY x.sel, x.facet;
$$;
--> statement-breakpoint
-- One statement's changes, applied in key order (concurrent writers lock count rows in the same
-- order). An update that changes neither the tokens nor `is_published` (prices, stock, search
-- vectors) adds nothing.
CREATE OR REPLACE FUNCTION catalog_facet_counts_apply() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM catalog_facet_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO catalog_facet_counts AS c (sel, facet, n)
    SELECT x.sel, x.facet, count(*)::int
    FROM new_rows r, catalog_facet_pairs(r.facet_tokens) x
    WHERE r.is_published
    GROUP BY x.sel, x.facet ORDER BY x.sel, x.facet
    ON CONFLICT (sel, facet) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO catalog_facet_counts AS c (sel, facet, n)
    SELECT x.sel, x.facet, -count(*)::int
    FROM old_rows r, catalog_facet_pairs(r.facet_tokens) x
    WHERE r.is_published
    GROUP BY x.sel, x.facet ORDER BY x.sel, x.facet
    ON CONFLICT (sel, facet) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO catalog_facet_counts AS c (sel, facet, n)
    SELECT x.sel, x.facet, sum(d.delta)::int
    FROM (
      SELECT n.facet_tokens AS tokens, 1 AS delta
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.is_published AND (o.is_published, o.facet_tokens) IS DISTINCT FROM (n.is_published, n.facet_tokens)
      UNION ALL
      SELECT o.facet_tokens, -1
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.is_published AND (o.is_published, o.facet_tokens) IS DISTINCT FROM (n.is_published, n.facet_tokens)
    ) d, catalog_facet_pairs(d.tokens) x
    GROUP BY x.sel, x.facet HAVING sum(d.delta) <> 0 ORDER BY x.sel, x.facet
    ON CONFLICT (sel, facet) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER catalog_facet_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facet_counts_apply();
--> statement-breakpoint
CREATE TRIGGER catalog_facet_counts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facet_counts_apply();
--> statement-breakpoint
CREATE TRIGGER catalog_facet_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facet_counts_apply();
--> statement-breakpoint
CREATE TRIGGER catalog_facet_counts_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_facet_counts_apply();
--> statement-breakpoint
SELECT catalog_facet_counts_rebuild();
--> statement-breakpoint
-- Statistics of the new column, so the planner estimates token conditions (a few seconds at a million).
ANALYZE products;
