CREATE TABLE "find_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"url" text,
	"query" text,
	"spu_id" text,
	"size" text,
	"color" text,
	"price_cny" numeric(12, 2),
	"button" text,
	"image_url" text,
	"comment" text,
	"quote_rub" integer,
	"quote_breakdown" jsonb,
	"quote_comment" text,
	"quote_valid_until" timestamp with time zone,
	"quoted_by" bigint,
	"reject_reason" text,
	"product_id" integer,
	"variant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "find_requests_quote_check" CHECK (status <> 'quoted' OR (quote_rub IS NOT NULL AND quote_valid_until IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "find_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"cny_rub_rate" numeric(10, 4) NOT NULL,
	"fx_markup_percent" numeric(5, 2) NOT NULL,
	"service_fee_percent" numeric(5, 2) NOT NULL,
	"service_fee_min_rub" integer NOT NULL,
	"delivery_rub_per_500g" integer NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "find_settings_one_row" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "source" text DEFAULT 'catalog' NOT NULL;--> statement-breakpoint
ALTER TABLE "find_requests" ADD CONSTRAINT "find_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "find_requests" ADD CONSTRAINT "find_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "find_requests" ADD CONSTRAINT "find_requests_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "find_requests_user_idx" ON "find_requests" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "find_requests_status_idx" ON "find_requests" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "find_requests_quoted_idx" ON "find_requests" USING btree ("quote_valid_until") WHERE status = 'quoted';