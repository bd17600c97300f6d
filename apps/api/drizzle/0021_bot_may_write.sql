-- Issue 27 item 3 (docs/decisions/063): whether the shopper let the bot write to them, as Telegram
-- last told us: `allows_write_to_pm` at sign-in, a /start or a message to the bot, the bot unblocked
-- or blocked (`my_chat_member`), a send refused with 403. Written by modules/auth only. Messages the
-- shopper did not ask for (the abandoned-cart reminder, a favourite's price drop) go only while true.
ALTER TABLE "users" ADD COLUMN "bot_may_write" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Shoppers the bot has already reached and who have not blocked it since may be written to.
UPDATE "users" u SET "bot_may_write" = true
  WHERE EXISTS (SELECT 1 FROM "notifications" n WHERE n."chat_id" = u."telegram_id" AND n."status" = 'sent')
    AND NOT EXISTS (SELECT 1 FROM "bot_unreachable_chats" b WHERE b."chat_id" = u."telegram_id");
