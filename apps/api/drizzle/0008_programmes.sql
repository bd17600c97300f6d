CREATE TABLE "blogger_attributions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"blogger_id" integer NOT NULL,
	"source" text NOT NULL,
	"bound_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blogger_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"blogger_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"order_id" integer,
	"buyer_user_id" integer,
	"payout_id" integer,
	"base_amount" integer,
	"percent" integer,
	"idem_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blogger_ledger_idem_key_unique" UNIQUE("idem_key")
);
--> statement-breakpoint
CREATE TABLE "blogger_link_opens" (
	"blogger_id" integer NOT NULL,
	"day" date NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blogger_link_opens_blogger_id_day_pk" PRIMARY KEY("blogger_id","day")
);
--> statement-breakpoint
CREATE TABLE "blogger_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"blogger_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"details_enc" text NOT NULL,
	"details_masked" text NOT NULL,
	"tax_status" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"receipt_url" text,
	"idempotency_key" text NOT NULL,
	"processed_at" timestamp with time zone,
	"processed_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blogger_payouts_amount_positive" CHECK ("blogger_payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "blogger_picks" (
	"blogger_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "blogger_picks_blogger_id_product_id_pk" PRIMARY KEY("blogger_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "bloggers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"platform" text NOT NULL,
	"url" text NOT NULL,
	"followers" integer NOT NULL,
	"topic" text NOT NULL,
	"promo_code" text NOT NULL,
	"contact" text NOT NULL,
	"commission_percent" integer DEFAULT 5 NOT NULL,
	"erid" text,
	"moderator_comment" text,
	"reapply_after" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" bigint,
	"payout_details_enc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bloggers_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "bloggers_promo_code_unique" UNIQUE("promo_code"),
	CONSTRAINT "bloggers_commission_range" CHECK ("bloggers"."commission_percent" between 1 and 20),
	CONSTRAINT "bloggers_status_known" CHECK (status in ('pending', 'approved', 'changes_requested', 'rejected', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "bonus_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"lot_id" integer,
	"expires_at" timestamp with time zone,
	"order_id" integer,
	"referral_id" integer,
	"note" text,
	"idem_key" text NOT NULL,
	"warned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_ledger_idem_key_unique" UNIQUE("idem_key"),
	CONSTRAINT "bonus_ledger_amount_not_zero" CHECK ("bonus_ledger"."amount" <> 0),
	CONSTRAINT "bonus_ledger_status_known" CHECK (status in ('pending', 'available', 'canceled', 'held', 'spent', 'released', 'done'))
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"referee_id" integer NOT NULL,
	"code" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"qualifying_order_id" integer,
	"reject_reason" text,
	"pending_since" timestamp with time zone,
	"rewarded_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"reward_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_referee_id_unique" UNIQUE("referee_id"),
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referrer_id" <> "referrals"."referee_id"),
	CONSTRAINT "referrals_status_known" CHECK (status in ('registered', 'ordered', 'rewarded', 'rejected', 'deleted'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bonus_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "to_pay" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "blogger_attributions" ADD CONSTRAINT "blogger_attributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogger_attributions" ADD CONSTRAINT "blogger_attributions_blogger_id_bloggers_id_fk" FOREIGN KEY ("blogger_id") REFERENCES "public"."bloggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogger_ledger" ADD CONSTRAINT "blogger_ledger_blogger_id_bloggers_id_fk" FOREIGN KEY ("blogger_id") REFERENCES "public"."bloggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogger_link_opens" ADD CONSTRAINT "blogger_link_opens_blogger_id_bloggers_id_fk" FOREIGN KEY ("blogger_id") REFERENCES "public"."bloggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogger_payouts" ADD CONSTRAINT "blogger_payouts_blogger_id_bloggers_id_fk" FOREIGN KEY ("blogger_id") REFERENCES "public"."bloggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogger_picks" ADD CONSTRAINT "blogger_picks_blogger_id_bloggers_id_fk" FOREIGN KEY ("blogger_id") REFERENCES "public"."bloggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bloggers" ADD CONSTRAINT "bloggers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_ledger" ADD CONSTRAINT "bonus_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_id_users_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blogger_ledger_blogger_idx" ON "blogger_ledger" USING btree ("blogger_id","id");--> statement-breakpoint
CREATE INDEX "blogger_ledger_order_idx" ON "blogger_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blogger_payouts_key_idx" ON "blogger_payouts" USING btree ("blogger_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "blogger_payouts_one_active_idx" ON "blogger_payouts" USING btree ("blogger_id") WHERE "blogger_payouts"."status" in ('pending', 'processing');--> statement-breakpoint
CREATE INDEX "blogger_payouts_status_idx" ON "blogger_payouts" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "bloggers_status_idx" ON "bloggers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "bonus_ledger_user_idx" ON "bonus_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "bonus_ledger_lots_idx" ON "bonus_ledger" USING btree ("user_id","expires_at") WHERE "bonus_ledger"."amount" > 0 and "bonus_ledger"."status" = 'available';--> statement-breakpoint
CREATE INDEX "bonus_ledger_lot_debits_idx" ON "bonus_ledger" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "bonus_ledger_order_idx" ON "bonus_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","id");--> statement-breakpoint
UPDATE "orders" SET "to_pay" = "total" - "discount" - "bonus_used";
