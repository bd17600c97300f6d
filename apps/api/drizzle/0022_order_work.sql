-- The console's order work (issues 25 and 28, docs/product.md §12.2): the order list sorted by total
-- or by the last change (keyset), the audit log filtered by who and by what, saved filters per staff member, and a
-- find quote's title, picture and size for the shopper's cart line.
CREATE INDEX IF NOT EXISTS "orders_total_idx" ON "orders" USING btree ("total","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_updated_at_idx" ON "orders" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_audit_log_actor_idx" ON "admin_audit_log" USING btree ("actor_telegram_id","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_audit_log_action_idx" ON "admin_audit_log" USING btree ("action","id");
--> statement-breakpoint
CREATE TABLE "staff_order_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_telegram_id" bigint NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_order_views_name_idx" ON "staff_order_views" USING btree ("staff_telegram_id","name");
--> statement-breakpoint
ALTER TABLE "find_requests" ADD COLUMN "quote_title" text;
--> statement-breakpoint
ALTER TABLE "find_requests" ADD COLUMN "quote_image_url" text;
--> statement-breakpoint
ALTER TABLE "find_requests" ADD COLUMN "quote_size" text;
