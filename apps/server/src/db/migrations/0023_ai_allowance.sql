ALTER TABLE "plans" ADD COLUMN "ai_requests_per_month" integer;--> statement-breakpoint
-- The seeded plans' monthly allowance of model-backed requests (docs/decisions.md, "Model budget").
UPDATE "plans" SET "ai_requests_per_month" = 300 WHERE "tier" = 'Basic';--> statement-breakpoint
UPDATE "plans" SET "ai_requests_per_month" = 3000 WHERE "tier" = 'Premium';
