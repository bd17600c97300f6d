CREATE TABLE "product_image_features" (
	"product_id" integer NOT NULL,
	"src" text NOT NULL,
	"position" integer NOT NULL,
	"extractor" text NOT NULL,
	"phash" bigint NOT NULL,
	"dhash" bigint NOT NULL,
	"histogram" "bytea" NOT NULL,
	"shape" "bytea" NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_image_features_product_id_src_pk" PRIMARY KEY("product_id","src")
);
--> statement-breakpoint
ALTER TABLE "product_image_features" ADD CONSTRAINT "product_image_features_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_image_features_extractor_idx" ON "product_image_features" USING btree ("extractor");