-- The catalogue's change stamp (docs/decisions/084): a number that grows when, and only when, a
-- transaction that can change a catalogue answer commits (listings, facets, product cards, similar
-- products, suggestions, the category tree). The catalogue cache renews its answers, and the token
-- index and the kept card rows say which moment they are exactly as of, by this stamp instead of
-- the whole database's snapshot (decision 060), so a cart, a session, an order's bookkeeping or the
-- photo index's writes no longer make every answer be computed again.
--
-- The stamp is `sum(n)`, read in one statement (`SELECT sum(n) FROM catalog_stamp`). A writer adds
-- 1 to the row of its own database backend (`pg_backend_pid()`), once per transaction, from a
-- trigger inside its transaction: the addition shows exactly when the transaction commits (it
-- rolls back with it, and with a savepoint rolled back to). A backend runs one transaction at a
-- time, so no writer ever waits for another on this table (one shared row would hold every
-- catalogue writer behind the first until it commits, and could deadlock two that lock variants in
-- different orders). Two reads with the same sum: no catalogue writer committed in between (each
-- commit adds at least 1, nothing subtracts). `catalog_stamp_fold()` moves the rows of backends that
-- have ended into the row `backend = 0` without changing the sum.
-- Owned by modules/catalog (decision 016): the table, the functions and the triggers are this
-- module's; the triggers on `users` and `bloggers` (the suggestions show approved bloggers' names,
-- pictures and promo codes) write only `catalog_stamp`, never the tables of the modules they sit on.
CREATE TABLE "catalog_stamp" (
	"backend" integer PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalog_stamp" ("backend", "n") VALUES (0, 0);
--> statement-breakpoint
-- Once per transaction: the transaction-local setting `shop.catalog_stamped` says the row was
-- already bumped (it is undone with the bump by a rollback, to a savepoint too).
CREATE OR REPLACE FUNCTION catalog_stamp_bump() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
  IF coalesce(current_setting('shop.catalog_stamped', true), '') <> '1' THEN
    INSERT INTO catalog_stamp (backend, n) VALUES (pg_backend_pid(), 1)
      ON CONFLICT (backend) DO UPDATE SET n = catalog_stamp.n + 1;
    PERFORM set_config('shop.catalog_stamped', '1', true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Rows of backends no longer running, added to row 0 and deleted in one statement: the sum is the
-- same before and after. A backend that starts meanwhile with a reused pid waits for the row's
-- lock and then inserts it anew.
CREATE OR REPLACE FUNCTION catalog_stamp_fold() RETURNS void LANGUAGE sql
AS $$
  WITH gone AS (
    DELETE FROM catalog_stamp
    WHERE backend <> 0 AND backend <> pg_backend_pid()
      AND backend NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)
    RETURNING n
  )
  UPDATE catalog_stamp SET n = n + (SELECT coalesce(sum(n), 0) FROM gone)
  WHERE backend = 0 AND EXISTS (SELECT 1 FROM gone);
$$;
--> statement-breakpoint
-- Every statement that writes a table a catalogue answer reads (a statement that changed no row
-- bumps too: the stamp may grow without a change, never stay while one commits).
CREATE TRIGGER catalog_stamp_products AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_stamp_bump();
--> statement-breakpoint
CREATE TRIGGER catalog_stamp_variants AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON variants
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_stamp_bump();
--> statement-breakpoint
CREATE TRIGGER catalog_stamp_product_images AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_stamp_bump();
--> statement-breakpoint
CREATE TRIGGER catalog_stamp_product_categories AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_stamp_bump();
--> statement-breakpoint
CREATE TRIGGER catalog_stamp_categories AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_stamp_bump();
--> statement-breakpoint
CREATE TRIGGER catalog_stamp_brands AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_stamp_bump();
--> statement-breakpoint
CREATE TRIGGER catalog_stamp_search_terms AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_terms
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_stamp_bump();
--> statement-breakpoint
CREATE TRIGGER catalog_stamp_facet_counts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalog_facet_counts
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_stamp_bump();
--> statement-breakpoint
-- Bloggers: a row added or removed, or a change of what a suggestion shows or is chosen by.
CREATE TRIGGER catalog_stamp_bloggers AFTER INSERT OR DELETE OR TRUNCATE ON bloggers
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_stamp_bump();
--> statement-breakpoint
CREATE TRIGGER catalog_stamp_bloggers_update AFTER UPDATE ON bloggers
  FOR EACH ROW WHEN ((OLD.status, OLD.promo_code, OLD.followers, OLD.user_id)
                     IS DISTINCT FROM (NEW.status, NEW.promo_code, NEW.followers, NEW.user_id))
  EXECUTE FUNCTION catalog_stamp_bump();
--> statement-breakpoint
-- Users: a change of the name or picture of any user (a blogger may be approved by a transaction
-- that has not committed yet, so no look at `bloggers` here), and a user removed.
CREATE TRIGGER catalog_stamp_users_update AFTER UPDATE ON users
  FOR EACH ROW WHEN ((OLD.first_name, OLD.last_name, OLD.photo_url)
                     IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.photo_url))
  EXECUTE FUNCTION catalog_stamp_bump();
--> statement-breakpoint
CREATE TRIGGER catalog_stamp_users_delete AFTER DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_stamp_bump();
