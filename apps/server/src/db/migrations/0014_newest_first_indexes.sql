-- Newest-first indexes as DESC (NULLS FIRST), the order a plain ORDER BY … DESC asks for: built NULLS LAST,
-- they could not give that order and every page sorted all of the user's rows.
DROP INDEX "content_items_user_created_idx";--> statement-breakpoint
DROP INDEX "content_items_user_kind_created_idx";--> statement-breakpoint
DROP INDEX "inputs_user_kind_created_idx";--> statement-breakpoint
CREATE INDEX "content_items_user_created_idx" ON "content_items" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "content_items_user_kind_created_idx" ON "content_items" USING btree ("user_id","kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "inputs_user_kind_created_idx" ON "inputs" USING btree ("user_id","kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);