-- Custom migration (hand-written): search extensions and the GIN indexes drizzle-kit cannot express.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_colors_idx" ON "products" USING gin ("colors");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_sizes_eu_idx" ON "products" USING gin ("sizes_eu");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_category_ids_idx" ON "products" USING gin ("category_ids");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_idx" ON "products" USING gin ("search");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_title_trgm_idx" ON "products" USING gin (lower("title") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_terms_prefix_idx" ON "search_terms" ("term" text_pattern_ops);
