CREATE TABLE "message_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "message_template_id" bigint;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_name" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_text" text;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_user_name_key" ON "message_templates" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "message_templates_user_created_idx" ON "message_templates" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_message_template_id_message_templates_id_fk" FOREIGN KEY ("message_template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_leads_ended_early_idx" ON "campaign_leads" USING btree ("campaign_id","state") WHERE "campaign_leads"."state" IN ('failed', 'skipped');--> statement-breakpoint
CREATE INDEX "campaigns_messages_pending_idx" ON "campaigns" USING btree ("updated_at") WHERE "campaigns"."messages_pending" > 0;