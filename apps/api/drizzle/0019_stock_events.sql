-- Issue 27 (shopper care) and issue 28 item 3 (docs/decisions/054). A variant's stock crossing
-- zero either way, and a lower price, leave one row in `stock_events`, written by a trigger in
-- the very transaction that changed the variant, whichever writer it was (an order placed or
-- given back, the console's edit, an import). The `stock_events` job (modules/stock-watch) reads
-- them once: a restock tells the shoppers waiting for that size, a sale to zero alerts the staff,
-- a lower price tells the shoppers who keep the product in their favourites.
CREATE TABLE "stock_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"qty" integer NOT NULL,
	"version" integer NOT NULL,
	"price" integer NOT NULL,
	"old_price" integer,
	"tx" bigint DEFAULT txid_current() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "stock_events_kind_check" CHECK ("stock_events"."kind" IN ('restocked', 'sold_out', 'price_drop'))
);
--> statement-breakpoint
ALTER TABLE "stock_events" ADD CONSTRAINT "stock_events_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "stock_events_due_idx" ON "stock_events" USING btree ("id") WHERE "stock_events"."done_at" IS NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION variants_stock_events() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
  IF OLD.qty = 0 AND NEW.qty > 0 THEN
    INSERT INTO stock_events (variant_id, kind, qty, version, price)
      VALUES (NEW.id, 'restocked', NEW.qty, NEW.version, NEW.price);
  ELSIF OLD.qty > 0 AND NEW.qty = 0 THEN
    INSERT INTO stock_events (variant_id, kind, qty, version, price)
      VALUES (NEW.id, 'sold_out', NEW.qty, NEW.version, NEW.price);
  END IF;
  IF NEW.price < OLD.price THEN
    INSERT INTO stock_events (variant_id, kind, qty, version, price, old_price)
      VALUES (NEW.id, 'price_drop', NEW.qty, NEW.version, NEW.price, OLD.price);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "variants_stock_events" AFTER UPDATE OF "qty", "price" ON "variants"
  FOR EACH ROW EXECUTE FUNCTION variants_stock_events();
--> statement-breakpoint
-- «Сообщить о поступлении»: a shopper waits for a sold-out size; `notified_at` is set in the
-- transaction that queues the one bot message. One waiting row per shopper and size.
CREATE TABLE "stock_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stock_subscriptions" ADD CONSTRAINT "stock_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_subscriptions" ADD CONSTRAINT "stock_subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_subscriptions" ADD CONSTRAINT "stock_subscriptions_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_subscriptions_waiting_idx" ON "stock_subscriptions" USING btree ("variant_id","user_id") WHERE "stock_subscriptions"."notified_at" IS NULL;
--> statement-breakpoint
-- The abandoned-cart reminder (DESIGN §13): when a shopper's cart last changed and whether this
-- cart (since it was last empty) has had its one reminder. Written by modules/cart only.
CREATE TABLE "cart_activity" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cart_activity" ADD CONSTRAINT "cart_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "cart_activity_due_idx" ON "cart_activity" USING btree ("changed_at") WHERE "cart_activity"."reminded_at" IS NULL;
