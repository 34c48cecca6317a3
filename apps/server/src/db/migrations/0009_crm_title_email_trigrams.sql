DROP INDEX "users_email_pattern_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "crm_title" text DEFAULT 'CRM' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);