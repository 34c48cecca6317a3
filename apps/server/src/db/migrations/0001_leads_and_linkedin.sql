CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"list_id" bigint NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"list_created" boolean NOT NULL,
	"status_before" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"error" text,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_page_anchors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"lead_total" bigint NOT NULL,
	"max_id" bigint NOT NULL,
	"ids" bigint[] NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"list_id" bigint NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"headline" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"connection_degree" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"linkedin_url" text NOT NULL,
	"profile_image_url" text,
	"is_selected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_pkey" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"lead_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linkedin_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"li_at_sealed" text NOT NULL,
	"jsessionid_sealed" text,
	"profile_urn" text NOT NULL,
	"public_identifier" text NOT NULL,
	"member_name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"backoff_until" timestamp with time zone,
	"last_checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "linkedin_accounts_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "search_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"list_id" bigint NOT NULL,
	"search_url" text NOT NULL,
	"list_created" boolean NOT NULL,
	"list_status_before" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"next_start" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"found" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_page_anchors" ADD CONSTRAINT "lead_page_anchors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_accounts" ADD CONSTRAINT "linkedin_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_imports" ADD CONSTRAINT "search_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_imports" ADD CONSTRAINT "search_imports_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_imports" ADD CONSTRAINT "search_imports_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_list_idx" ON "import_jobs" USING btree ("list_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_running_list_key" ON "import_jobs" USING btree ("list_id") WHERE "import_jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "import_jobs_running_idx" ON "import_jobs" USING btree ("user_id") WHERE "import_jobs"."state" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "leads_list_url_key" ON "leads" USING btree ("list_id","linkedin_url");--> statement-breakpoint
CREATE INDEX "leads_list_id_idx" ON "leads" USING btree ("list_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lists_user_name_key" ON "lists" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "lists_user_created_idx" ON "lists" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "search_imports_running_account_key" ON "search_imports" USING btree ("account_id") WHERE "search_imports"."state" = 'running';--> statement-breakpoint
CREATE INDEX "search_imports_list_idx" ON "search_imports" USING btree ("list_id");