-- Custom migration (hand-written): a search's plan asks whether full text finds any *published*
-- product (docs/decisions/089). The shop lists only published products, and the token index, which
-- now answers the same question from memory, holds only those: a word that only an unpublished
-- product holds was planned as full text and listed nothing, where a typo's correction (or the
-- trigram search) finds what the shopper meant.
CREATE OR REPLACE FUNCTION catalog_fulltext_matches(query tsquery) RETURNS boolean
LANGUAGE sql STABLE
AS $$
  SELECT EXISTS (SELECT 1 FROM (SELECT p.search FROM products p WHERE p.is_published LIMIT 2000) head
                 WHERE head.search @@ query)
      OR (SELECT count(*) FROM products p WHERE p.search @@ query AND p.is_published) > 0
$$;
