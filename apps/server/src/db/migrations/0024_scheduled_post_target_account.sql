ALTER TABLE "scheduled_posts" ADD COLUMN "target_account_id" text;--> statement-breakpoint
CREATE INDEX "scheduled_posts_orphans_idx" ON "scheduled_posts" USING btree ("user_id","platform","target_account_id") WHERE "scheduled_posts"."connection_id" is null;--> statement-breakpoint
-- Rows scheduled before the column existed learn their account from their connection, so an unlink
-- followed by a reconnect of the same account gives them back too (docs/decisions.md, "Integrations").
-- Rows already orphaned have no connection to read it from and stay as they are.
UPDATE "scheduled_posts" sp SET "target_account_id" = sc."external_id" FROM "social_connections" sc WHERE sp."connection_id" = sc."id";
