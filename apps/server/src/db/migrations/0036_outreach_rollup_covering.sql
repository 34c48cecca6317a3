-- Analytics reads the rollup off its indexes alone (index-only scans): a year by week reads ~7,000 rollup
-- rows spread over the whole table and ~33,000 lead spans, and fetching each from the table was most of
-- the statement. The rollup's key carries the count (actions) beside it; the spans' (user, last action)
-- index carries what a reached lead is counted by. drizzle-kit cannot write INCLUDE: the schema keeps the
-- same names and key columns, and this migration adds the carried columns.
ALTER TABLE "outreach_counts" DROP CONSTRAINT "outreach_counts_key";--> statement-breakpoint
ALTER TABLE "outreach_counts" ADD CONSTRAINT "outreach_counts_key"
  UNIQUE NULLS NOT DISTINCT ("user_id","grain","span_start","campaign_id","campaign_name","account_id","funnel_stage")
  INCLUDE ("actions");--> statement-breakpoint
DROP INDEX "outreach_lead_spans_last_idx";--> statement-breakpoint
CREATE INDEX "outreach_lead_spans_last_idx" ON "outreach_lead_spans" USING btree ("user_id","last_at")
  INCLUDE ("first_at","campaign_id","campaign_name","account_id");
