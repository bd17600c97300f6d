-- The token index (docs/decisions/036) also holds each published product's sort keys
-- (popularity, sales, min_price, published_at): a combined-filter listing picks its page there and
-- reads only the page's rows (docs/decisions/070). So a change of a sort key is logged like a
-- change of tokens; price and stock alone (`price`, `in_stock`) still log nothing.
CREATE OR REPLACE FUNCTION catalog_changes_log() RETURNS trigger LANGUAGE plpgsql
AS $$
DECLARE
  me bigint := pg_current_xact_id()::text::bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO catalog_changes (tx, product_id, at) VALUES (me, NULL, clock_timestamp());
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO catalog_changes (tx, product_id, at)
    SELECT me, r.id, clock_timestamp() FROM new_rows r WHERE r.is_published;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO catalog_changes (tx, product_id, at)
    SELECT me, r.id, clock_timestamp() FROM old_rows r WHERE r.is_published;
  ELSE
    INSERT INTO catalog_changes (tx, product_id, at)
    SELECT me, coalesce(n.id, o.id), clock_timestamp()
    FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
    WHERE (o.is_published, o.facet_tokens, o.search) IS DISTINCT FROM (n.is_published, n.facet_tokens, n.search)
       OR (n.is_published AND (o.popularity, o.sales, o.min_price, o.published_at)
                              IS DISTINCT FROM (n.popularity, n.sales, n.min_price, n.published_at));
  END IF;
  RETURN NULL;
END
$$;
