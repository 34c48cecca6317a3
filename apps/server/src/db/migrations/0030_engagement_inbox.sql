-- The Engagement inbox: LinkedIn threads with campaign leads and their messages (kept once by URN), the
-- refresh job's daily reads per account, and the label a user puts on a lead.
CREATE TABLE "conversation_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"urn" text NOT NULL,
	"sender" text NOT NULL,
	"origin" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid,
	"campaign_lead_id" bigint NOT NULL,
	"conversation_urn" text NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_message_text" text DEFAULT '' NOT NULL,
	"last_message_from" text NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_reads" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inbox_reads_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD COLUMN "labelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_campaign_lead_id_campaign_leads_id_fk" FOREIGN KEY ("campaign_lead_id") REFERENCES "public"."campaign_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_reads" ADD CONSTRAINT "inbox_reads_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_messages_urn_key" ON "conversation_messages" USING btree ("conversation_id","urn");--> statement-breakpoint
CREATE INDEX "conversation_messages_thread_idx" ON "conversation_messages" USING btree ("conversation_id","sent_at");--> statement-breakpoint
CREATE INDEX "conversation_messages_inbox_idx" ON "conversation_messages" USING btree ("sent_at") WHERE "conversation_messages"."origin" = 'inbox';--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_campaign_lead_key" ON "conversations" USING btree ("campaign_lead_id");--> statement-breakpoint
CREATE INDEX "conversations_user_last_idx" ON "conversations" USING btree ("user_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_user_unread_idx" ON "conversations" USING btree ("user_id") WHERE "conversations"."unread_count" > 0;--> statement-breakpoint
CREATE INDEX "conversations_account_refreshed_idx" ON "conversations" USING btree ("account_id","refreshed_at");