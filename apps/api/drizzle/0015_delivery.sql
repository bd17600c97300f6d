-- Delivery and customs (docs/decisions/047, docs/product.md §11.9): a saved delivery holds a
-- pickup point or a courier address; an order records the quote it was placed with; shipments
-- per order and leg with their carrier events; the customs rules as dated rows; the Central
-- Bank's rates as fetched.
ALTER TABLE "delivery_addresses" ADD COLUMN "kind" text DEFAULT 'courier' NOT NULL;
--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD COLUMN "city_code" integer;
--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD COLUMN "point_code" text;
--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD COLUMN "point_hours" text;
--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD CONSTRAINT "delivery_addresses_kind_known" CHECK ("kind" in ('courier', 'pickup'));
--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD CONSTRAINT "delivery_addresses_pickup_has_point" CHECK ("kind" <> 'pickup' or ("point_code" is not null and "city_code" is not null));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_quote" jsonb;
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"leg" text NOT NULL,
	"carrier" text NOT NULL,
	"number" text,
	"link" text,
	"status" text DEFAULT 'created' NOT NULL,
	"carrier_status" text,
	"external_uuid" text,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"polled_at" timestamp with time zone,
	CONSTRAINT "shipments_leg_known" CHECK ("leg" in ('china', 'russia')),
	CONSTRAINT "shipments_status_known" CHECK ("status" in ('created', 'in_transit', 'customs', 'at_pickup_point', 'delivered', 'problem'))
);
--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_external_uuid_idx" ON "shipments" USING btree ("carrier", "external_uuid") WHERE "external_uuid" is not null;
--> statement-breakpoint
CREATE INDEX "shipments_active_idx" ON "shipments" USING btree ("polled_at") WHERE "external_uuid" is not null and "status" <> 'delivered';
--> statement-breakpoint
CREATE TABLE "customs_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"valid_from" date NOT NULL UNIQUE,
	"threshold_eur" integer NOT NULL,
	"threshold_kg" integer NOT NULL,
	"duty_percent" numeric(5, 2) NOT NULL,
	"duty_base" text NOT NULL,
	"min_eur_per_kg" numeric(6, 2) NOT NULL,
	"vat_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "customs_rules_base_known" CHECK ("duty_base" in ('excess', 'whole'))
);
--> statement-breakpoint
-- Until 30 June 2026: 15 % of the value above €200, at least €2 per kg above 31 kg. From 1 July
-- 2026 (the EAEU e-commerce rules): above the same threshold, 5 % of the whole value, at least
-- €1 per kg, plus VAT 22 % (425-ФЗ). A later change is one more row.
INSERT INTO "customs_rules" ("valid_from", "threshold_eur", "threshold_kg", "duty_percent", "duty_base", "min_eur_per_kg", "vat_percent", "label") VALUES
	('2019-01-01', 200, 31, 15, 'excess', 2, 0, '15 % с превышения'),
	('2026-07-01', 200, 31, 5, 'whole', 1, 22, '5 % + НДС 22 %');
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"rub" numeric(12, 4) NOT NULL,
	"rate_date" date NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
