-- A lead's work e-mail from an e-mail finder (Find Email on the all-leads page): the address, the provider's
-- confidence, the verifier's status, the provider and when it was asked. Nullable: leads never looked up have none.
ALTER TABLE "leads" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "email_confidence" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "email_status" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "email_provider" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "email_checked_at" timestamp with time zone;