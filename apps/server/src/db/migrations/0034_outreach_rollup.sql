CREATE TABLE "outreach_counts" (
	"user_id" uuid NOT NULL,
	"grain" smallint NOT NULL,
	"span_start" timestamp with time zone NOT NULL,
	"campaign_id" bigint,
	"campaign_name" text,
	"account_id" uuid,
	"funnel_stage" smallint NOT NULL,
	"actions" integer NOT NULL,
	CONSTRAINT "outreach_counts_key" UNIQUE NULLS NOT DISTINCT("user_id","grain","span_start","campaign_id","campaign_name","account_id","funnel_stage")
);
--> statement-breakpoint
CREATE TABLE "outreach_lead_spans" (
	"user_id" uuid NOT NULL,
	"campaign_id" bigint,
	"campaign_name" text,
	"account_id" uuid,
	"campaign_lead_id" bigint,
	"lead_linkedin_url" text,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"actions" integer NOT NULL,
	CONSTRAINT "outreach_lead_spans_key" UNIQUE NULLS NOT DISTINCT("user_id","campaign_id","campaign_name","account_id","campaign_lead_id","lead_linkedin_url")
);
--> statement-breakpoint
CREATE INDEX "outreach_lead_spans_last_idx" ON "outreach_lead_spans" USING btree ("user_id","last_at");--> statement-breakpoint
CREATE INDEX "activity_log_unlinked_lead_idx" ON "activity_log" USING btree ("user_id","lead_linkedin_url","created_at") WHERE "activity_log"."campaign_lead_id" is null;--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin (("name" || E'
' || "company" || E'
' || "headline") gin_trgm_ops);--> statement-breakpoint
-- The outreach rollup (docs/decisions/outreach-and-campaigns.md, "Analytics reads a rollup"): Analytics sums
-- these two tables instead of counting a period's actions. One function keeps both from activity_log's
-- transition tables, once per statement (a COPY of a million rows aggregates them once), so they always
-- equal what the log holds: only campaign outreach counts (a Prospect Research read is of no campaign).
-- The spans counted in (ROLLUP_GRAINS in schema/outreach-rollup.ts): a quarter-hour, an hour, a UTC day and a
-- week from Monday 00:00 UTC, each from its origin.
CREATE FUNCTION outreach_rollup_grains() RETURNS TABLE (grain smallint, width interval, origin timestamptz)
LANGUAGE sql IMMUTABLE AS $$
  VALUES (15::smallint, interval '15 minutes', timestamptz '1970-01-01 00:00:00+00'),
         (60::smallint, interval '1 hour', timestamptz '1970-01-01 00:00:00+00'),
         (1440::smallint, interval '1 day', timestamptz '1970-01-01 00:00:00+00'),
         (10080::smallint, interval '7 days', timestamptz '1970-01-05 00:00:00+00')
$$;--> statement-breakpoint
CREATE FUNCTION outreach_rollup_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- What left: its counts come off, and spans whose first or last action left are read again.
    UPDATE outreach_counts c SET actions = c.actions - g.n
      FROM (SELECT o.user_id, s.grain, date_bin(s.width, o.created_at, s.origin) AS span_start,
                   o.campaign_id, o.campaign_name, o.account_id, o.funnel_stage, count(*)::int AS n
              FROM old_rows o
             CROSS JOIN outreach_rollup_grains() AS s (grain, width, origin)
             WHERE o.funnel_stage > 0 AND (o.campaign_id IS NOT NULL OR o.campaign_name IS NOT NULL)
             GROUP BY 1, 2, 3, 4, 5, 6, 7) AS g
     WHERE c.user_id = g.user_id AND c.grain = g.grain AND c.span_start = g.span_start
       AND c.campaign_id IS NOT DISTINCT FROM g.campaign_id AND c.campaign_name IS NOT DISTINCT FROM g.campaign_name
       AND c.account_id IS NOT DISTINCT FROM g.account_id AND c.funnel_stage = g.funnel_stage;
    DELETE FROM outreach_counts c
     USING (SELECT DISTINCT o.user_id, date_bin(interval '7 days', o.created_at, timestamptz '1970-01-05 00:00:00+00') AS week
              FROM old_rows o) AS g
     WHERE c.actions <= 0 AND c.user_id = g.user_id
       AND c.span_start >= g.week AND c.span_start < g.week + interval '7 days';
    UPDATE outreach_lead_spans p SET actions = p.actions - g.n,
           -- A span that lost its first or last action is marked (found again by the index below) and
           -- read again from the log; one that lost them all is deleted.
           last_at = CASE WHEN g.first_at <= p.first_at OR g.last_at >= p.last_at THEN 'infinity' ELSE p.last_at END
      FROM (SELECT o.user_id, o.campaign_id, o.campaign_name, o.account_id, o.campaign_lead_id,
                   CASE WHEN o.campaign_lead_id IS NULL THEN o.lead_linkedin_url END AS lead_url,
                   min(o.created_at) AS first_at, max(o.created_at) AS last_at, count(*)::int AS n
              FROM old_rows o
             WHERE o.campaign_id IS NOT NULL OR o.campaign_name IS NOT NULL
             GROUP BY 1, 2, 3, 4, 5, 6) AS g
     WHERE p.user_id = g.user_id AND p.campaign_id IS NOT DISTINCT FROM g.campaign_id
       AND p.campaign_name IS NOT DISTINCT FROM g.campaign_name AND p.account_id IS NOT DISTINCT FROM g.account_id
       AND p.campaign_lead_id IS NOT DISTINCT FROM g.campaign_lead_id
       AND p.lead_linkedin_url IS NOT DISTINCT FROM g.lead_url;
    DELETE FROM outreach_lead_spans p
     USING (SELECT DISTINCT user_id FROM old_rows) AS g
     WHERE p.user_id = g.user_id AND p.last_at = 'infinity' AND p.actions <= 0;
    UPDATE outreach_lead_spans p SET (first_at, last_at) = (
           SELECT min(a.created_at), max(a.created_at)
             FROM activity_log a
            WHERE (a.campaign_lead_id = p.campaign_lead_id
                   OR (p.campaign_lead_id IS NULL AND a.user_id = p.user_id AND a.campaign_lead_id IS NULL
                       AND (a.lead_linkedin_url = p.lead_linkedin_url
                            OR (p.lead_linkedin_url IS NULL AND a.lead_linkedin_url IS NULL))))
              AND a.campaign_id IS NOT DISTINCT FROM p.campaign_id
              AND a.campaign_name IS NOT DISTINCT FROM p.campaign_name
              AND a.account_id IS NOT DISTINCT FROM p.account_id)
      FROM (SELECT DISTINCT user_id FROM old_rows) AS g
     WHERE p.user_id = g.user_id AND p.last_at = 'infinity';
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- What came: added in a fixed order, so two writers of the same rows lock them in the same order.
    INSERT INTO outreach_counts (user_id, grain, span_start, campaign_id, campaign_name, account_id, funnel_stage, actions)
    SELECT n.user_id, s.grain, date_bin(s.width, n.created_at, s.origin),
           n.campaign_id, n.campaign_name, n.account_id, n.funnel_stage, count(*)::int
      FROM new_rows n
     CROSS JOIN outreach_rollup_grains() AS s (grain, width, origin)
     WHERE n.funnel_stage > 0 AND (n.campaign_id IS NOT NULL OR n.campaign_name IS NOT NULL)
     GROUP BY 1, 2, 3, 4, 5, 6, 7
     ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT outreach_counts_key DO UPDATE SET actions = outreach_counts.actions + excluded.actions;
    INSERT INTO outreach_lead_spans (user_id, campaign_id, campaign_name, account_id, campaign_lead_id,
                                     lead_linkedin_url, first_at, last_at, actions)
    SELECT n.user_id, n.campaign_id, n.campaign_name, n.account_id, n.campaign_lead_id,
           CASE WHEN n.campaign_lead_id IS NULL THEN n.lead_linkedin_url END,
           min(n.created_at), max(n.created_at), count(*)::int
      FROM new_rows n
     WHERE n.campaign_id IS NOT NULL OR n.campaign_name IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5, 6
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT outreach_lead_spans_key DO UPDATE
       SET first_at = least(outreach_lead_spans.first_at, excluded.first_at),
           last_at = greatest(outreach_lead_spans.last_at, excluded.last_at),
           actions = outreach_lead_spans.actions + excluded.actions;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Transition tables allow one event per trigger: three triggers, one function.
CREATE TRIGGER activity_log_rollup_insert AFTER INSERT ON activity_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outreach_rollup_apply();--> statement-breakpoint
CREATE TRIGGER activity_log_rollup_update AFTER UPDATE ON activity_log
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outreach_rollup_apply();--> statement-breakpoint
CREATE TRIGGER activity_log_rollup_delete AFTER DELETE ON activity_log
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outreach_rollup_apply();--> statement-breakpoint
-- The actions logged before this migration, counted once.
INSERT INTO outreach_counts (user_id, grain, span_start, campaign_id, campaign_name, account_id, funnel_stage, actions)
SELECT a.user_id, s.grain, date_bin(s.width, a.created_at, s.origin),
       a.campaign_id, a.campaign_name, a.account_id, a.funnel_stage, count(*)::int
  FROM activity_log a
 CROSS JOIN outreach_rollup_grains() AS s (grain, width, origin)
 WHERE a.funnel_stage > 0 AND (a.campaign_id IS NOT NULL OR a.campaign_name IS NOT NULL)
 GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint
INSERT INTO outreach_lead_spans (user_id, campaign_id, campaign_name, account_id, campaign_lead_id,
                                 lead_linkedin_url, first_at, last_at, actions)
SELECT a.user_id, a.campaign_id, a.campaign_name, a.account_id, a.campaign_lead_id,
       CASE WHEN a.campaign_lead_id IS NULL THEN a.lead_linkedin_url END,
       min(a.created_at), max(a.created_at), count(*)::int
  FROM activity_log a
 WHERE a.campaign_id IS NOT NULL OR a.campaign_name IS NOT NULL
 GROUP BY 1, 2, 3, 4, 5, 6;
