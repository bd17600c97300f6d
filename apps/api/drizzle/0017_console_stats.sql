-- The console for a growing shop (issue 28, docs/product.md §12.6): indexes that answer the
-- dashboard from a range of days (orders paid, placed, refunds that succeeded, the work waiting by
-- status), and the lines bought on Poizon (the purchase list).
CREATE INDEX IF NOT EXISTS "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_created_at_idx" ON "orders" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_status_idx" ON "orders" USING btree ("status");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_succeeded_created_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'succeeded';
--> statement-breakpoint
CREATE TABLE "purchase_marks" (
	"order_item_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"actor_telegram_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_marks" ADD CONSTRAINT "purchase_marks_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "purchase_marks" ADD CONSTRAINT "purchase_marks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "purchase_marks_order_idx" ON "purchase_marks" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_order_idx" ON "payments" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_items_variant_idx" ON "order_items" USING btree ("variant_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "variants_qty_idx" ON "variants" USING btree ("qty","id");
