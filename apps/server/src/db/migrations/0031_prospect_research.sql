CREATE TABLE "lead_research" (
	"lead_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"card" jsonb NOT NULL,
	"sources" jsonb NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"website" text,
	"writer" text NOT NULL,
	"model" text,
	"researched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_research_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"list_id" bigint NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"researched" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"after_lead_id" bigint DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"resume_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lead_research" ADD CONSTRAINT "lead_research_lead_fk" FOREIGN KEY ("user_id","lead_id") REFERENCES "public"."leads"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_research_runs" ADD CONSTRAINT "lead_research_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_research_runs" ADD CONSTRAINT "lead_research_runs_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_research_lead_key" ON "lead_research" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lead_research_user_time_idx" ON "lead_research" USING btree ("user_id","researched_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "lead_research_runs_active_list_key" ON "lead_research_runs" USING btree ("list_id") WHERE "lead_research_runs"."state" in ('running', 'waiting');--> statement-breakpoint
CREATE INDEX "lead_research_runs_user_idx" ON "lead_research_runs" USING btree ("user_id","created_at" DESC NULLS LAST);