CREATE TABLE "design_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text,
	"width" integer,
	"height" integer,
	"font_family" text,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "infographic_themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"design" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"retired_at" timestamp with time zone,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rendered_images" (
	"cache_key" text PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"theme_id" integer NOT NULL,
	"prompt_type" text NOT NULL,
	"prompt_id" integer,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "design_assets" ADD CONSTRAINT "design_assets_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infographic_themes" ADD CONSTRAINT "infographic_themes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_entries" ADD CONSTRAINT "template_entries_theme_id_infographic_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."infographic_themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_entries" ADD CONSTRAINT "template_entries_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_entries" ADD CONSTRAINT "template_entries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "design_assets_sha256_key" ON "design_assets" USING btree ("kind","sha256");--> statement-breakpoint
CREATE INDEX "design_assets_kind_idx" ON "design_assets" USING btree ("kind","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "infographic_themes_name_key" ON "infographic_themes" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "template_entries_theme_type_key" ON "template_entries" USING btree ("theme_id","prompt_type");