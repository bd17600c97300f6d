-- Custom migration (hand-written): does a full-text query match any product? A plain EXISTS lets
-- the planner pick a sequential scan hoping for an early hit, which reads the whole table when
-- nothing matches (0.5 s at a million products). So: a common word is found among the first
-- 2,000 rows; a rare or absent one is counted through the GIN index, which is then cheap.
CREATE OR REPLACE FUNCTION catalog_fulltext_matches(query tsquery) RETURNS boolean
LANGUAGE sql STABLE
AS $$
  SELECT EXISTS (SELECT 1 FROM (SELECT p.search FROM products p LIMIT 2000) head WHERE head.search @@ query)
      OR (SELECT count(*) FROM products p WHERE p.search @@ query) > 0
$$;
