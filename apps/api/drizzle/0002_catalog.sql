CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"display" text NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "variants_product_idx";--> statement-breakpoint
DROP INDEX "products_brand_idx";--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "aliases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "content_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "sku" text NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_popularity_idx" ON "products" USING btree ("popularity" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("min_price","id");--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_sales_idx" ON "products" USING btree ("sales" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_fit_idx" ON "products" USING btree ("fit_people","popularity" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "variants_product_sku_idx" ON "variants" USING btree ("product_id","sku");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id","popularity" DESC NULLS LAST,"id" DESC NULLS LAST);