-- One order lifecycle and a console that cannot lose goods or money (docs/decisions/046).
-- Staff alerts (docs/product.md §12.4): the alerts a staff member chose; NULL = their role's
-- defaults (owners: «Нужен возврат» and undelivered messages).
ALTER TABLE "staff" ADD COLUMN "alerts" jsonb;
--> statement-breakpoint
-- A variant's stock version: every change of `qty`, by whichever writer, adds one, so a console
-- editor that read the stock at version N can set it only while it is still N (409 `stale`).
ALTER TABLE "variants" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION variants_bump_version() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.qty IS DISTINCT FROM OLD.qty THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "variants_version" BEFORE UPDATE OF "qty" ON "variants"
  FOR EACH ROW EXECUTE FUNCTION variants_bump_version();
--> statement-breakpoint
-- The audit entry in one Russian sentence naming what changed («Цена «Кеды · 42»: 4 490 ₽ → 100 ₽»).
ALTER TABLE "admin_audit_log" ADD COLUMN "summary" text;
