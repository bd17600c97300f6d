-- The change log of products' facet tokens (docs/decisions/036): each API instance keeps an
-- in-memory index of published products' tokens and search lexemes
-- (modules/catalog/token-index.ts) and, before it
-- answers from it, reads the rows of every transaction that had not finished at its last read.
-- The table comes from the schema; the function and triggers are hand-written.
CREATE TABLE "catalog_changes" (
	"tx" bigint NOT NULL,
	"product_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_changes_tx_idx" ON "catalog_changes" USING btree ("tx");
--> statement-breakpoint
-- One row per product of the statement whose tokens, search vector or publication changed (a
-- published product inserted or deleted; NULL for a truncate), in the writer's transaction: a
-- rolled back write logs nothing. `at` is the clock time (not the transaction's start).
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
    WHERE (o.is_published, o.facet_tokens, o.search) IS DISTINCT FROM (n.is_published, n.facet_tokens, n.search);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER catalog_changes_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_log();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_log();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_log();
--> statement-breakpoint
CREATE TRIGGER catalog_changes_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_log();
