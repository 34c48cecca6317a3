ALTER TABLE "search_imports" ADD COLUMN "method" text DEFAULT 'search' NOT NULL;--> statement-breakpoint
ALTER TABLE "search_imports" ADD COLUMN "options" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "search_imports" ADD COLUMN "phase" integer DEFAULT 0 NOT NULL;