CREATE TABLE "post_figure_checks" (
	"scheduled_post_id" bigint PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"source" text,
	"checked_at" timestamp with time zone NOT NULL,
	"next_check_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "post_figures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"scheduled_post_id" bigint NOT NULL,
	"network" text NOT NULL,
	"metric" text NOT NULL,
	"platform_metric" text NOT NULL,
	"value" bigint NOT NULL,
	"source" text NOT NULL,
	"figure_date" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_figure_checks" ADD CONSTRAINT "post_figure_checks_scheduled_post_id_scheduled_posts_id_fk" FOREIGN KEY ("scheduled_post_id") REFERENCES "public"."scheduled_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_figure_checks" ADD CONSTRAINT "post_figure_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_figures" ADD CONSTRAINT "post_figures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_figures" ADD CONSTRAINT "post_figures_scheduled_post_id_scheduled_posts_id_fk" FOREIGN KEY ("scheduled_post_id") REFERENCES "public"."scheduled_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_figure_checks_due_idx" ON "post_figure_checks" USING btree ("next_check_at") WHERE "post_figure_checks"."next_check_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "post_figures_post_metric_key" ON "post_figures" USING btree ("scheduled_post_id","metric");--> statement-breakpoint
CREATE INDEX "scheduled_posts_user_published_idx" ON "scheduled_posts" USING btree ("user_id","published_at","id") WHERE "scheduled_posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "scheduled_posts_published_idx" ON "scheduled_posts" USING btree ("published_at") WHERE "scheduled_posts"."status" = 'published';