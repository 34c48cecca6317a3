CREATE TABLE "activity_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid,
	"campaign_id" bigint,
	"campaign_lead_id" bigint,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_leads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"lead_id" bigint,
	"name" text DEFAULT '' NOT NULL,
	"headline" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"connection_degree" text DEFAULT '' NOT NULL,
	"linkedin_url" text NOT NULL,
	"profile_image_url" text,
	"profile_urn" text,
	"industry" text,
	"post_urn" text,
	"post_text" text,
	"invitation_urn" text,
	"invitation_sent_at" timestamp with time zone,
	"is_selected" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"state_reason" text DEFAULT '' NOT NULL,
	"messages_state" text DEFAULT 'writing' NOT NULL,
	"connection_note" text,
	"follow_up_1" text,
	"follow_up_2" text,
	"comment" text,
	"approval" text DEFAULT 'pending' NOT NULL,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"list_id" bigint,
	"name" text NOT NULL,
	"source" text DEFAULT 'LinkedIn' NOT NULL,
	"goal" text NOT NULL,
	"tone" text NOT NULL,
	"engagement_value" integer NOT NULL,
	"engagement_window_days" integer NOT NULL,
	"template_id" integer NOT NULL,
	"connection_requests_per_day" integer NOT NULL,
	"withdraw_after_days" integer NOT NULL,
	"send_time" text NOT NULL,
	"timezone_label" text NOT NULL,
	"time_zone" text NOT NULL,
	"exclude_first_degree" boolean NOT NULL,
	"exclude_no_picture" boolean NOT NULL,
	"actions" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"status_reason" text DEFAULT '' NOT NULL,
	"is_selected" boolean DEFAULT false NOT NULL,
	"lead_count" integer DEFAULT 0 NOT NULL,
	"steps_total" integer DEFAULT 0 NOT NULL,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"messages_pending" integer DEFAULT 0 NOT NULL,
	"leads_done" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"launched_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outreach_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_lead_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"account_id" uuid NOT NULL,
	"action" text NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "linkedin_accounts" ADD COLUMN "next_action_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "linkedin_accounts" ADD COLUMN "engine_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_campaign_lead_id_campaign_leads_id_fk" FOREIGN KEY ("campaign_lead_id") REFERENCES "public"."campaign_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD CONSTRAINT "campaign_leads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_steps" ADD CONSTRAINT "outreach_steps_campaign_lead_id_campaign_leads_id_fk" FOREIGN KEY ("campaign_lead_id") REFERENCES "public"."campaign_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_steps" ADD CONSTRAINT "outreach_steps_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_steps" ADD CONSTRAINT "outreach_steps_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_lead_idx" ON "activity_log" USING btree ("campaign_lead_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_account_action_idx" ON "activity_log" USING btree ("account_id","action","created_at");--> statement-breakpoint
CREATE INDEX "activity_log_campaign_action_idx" ON "activity_log" USING btree ("campaign_id","action","created_at");--> statement-breakpoint
CREATE INDEX "campaign_leads_campaign_idx" ON "campaign_leads" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_leads_campaign_url_key" ON "campaign_leads" USING btree ("campaign_id","linkedin_url");--> statement-breakpoint
CREATE INDEX "campaign_leads_writing_idx" ON "campaign_leads" USING btree ("campaign_id","id") WHERE "campaign_leads"."messages_state" = 'writing';--> statement-breakpoint
CREATE INDEX "campaign_leads_pending_approval_idx" ON "campaign_leads" USING btree ("campaign_id") WHERE "campaign_leads"."approval" = 'pending';--> statement-breakpoint
CREATE INDEX "campaigns_user_created_idx" ON "campaigns" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_list_idx" ON "campaigns" USING btree ("list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outreach_steps_lead_action_key" ON "outreach_steps" USING btree ("campaign_lead_id","action");--> statement-breakpoint
CREATE INDEX "outreach_steps_due_idx" ON "outreach_steps" USING btree ("due_at","account_id") WHERE "outreach_steps"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "outreach_steps_account_due_idx" ON "outreach_steps" USING btree ("account_id","due_at") WHERE "outreach_steps"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "outreach_steps_running_idx" ON "outreach_steps" USING btree ("account_id") WHERE "outreach_steps"."state" = 'running';--> statement-breakpoint
CREATE INDEX "outreach_steps_campaign_state_idx" ON "outreach_steps" USING btree ("campaign_id","state");