-- A deleted campaign leaves its activity log behind (the user's history, and what the account's caps
-- count): the links are set null and the names are written by the delete (docs/decisions.md, "Deleting
-- campaigns").
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_campaign_lead_id_campaign_leads_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "campaign_name" text;--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "lead_name" text;--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "lead_linkedin_url" text;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_campaign_lead_id_campaign_leads_id_fk" FOREIGN KEY ("campaign_lead_id") REFERENCES "public"."campaign_leads"("id") ON DELETE set null ON UPDATE no action;