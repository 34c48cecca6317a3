CREATE TABLE "used_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "notice" text;--> statement-breakpoint
ALTER TABLE "publish_attempts" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "publish_ref" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE INDEX "used_oauth_states_expires_idx" ON "used_oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "publish_attempts_running_idx" ON "publish_attempts" USING btree ("lease_until") WHERE "publish_attempts"."finished_at" is null;