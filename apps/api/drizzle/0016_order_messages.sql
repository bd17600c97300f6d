-- Issue 27 (shopper care): the question thread of an order («Задать вопрос по заказу»), written by
-- modules/order-thread only: the shopper's questions (from the app or by replying to the bot) and
-- the staff's answers (from the console; each also goes to the shopper through the bot's outbox).
CREATE TABLE "order_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"author" text NOT NULL,
	"staff_telegram_id" bigint,
	"via" text DEFAULT 'app' NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_messages_author_check" CHECK ("order_messages"."author" IN ('shopper', 'staff')),
	CONSTRAINT "order_messages_via_check" CHECK ("order_messages"."via" IN ('app', 'bot', 'console'))
);
--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_messages_order_idx" ON "order_messages" USING btree ("order_id","id");
