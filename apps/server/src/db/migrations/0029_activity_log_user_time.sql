-- Analytics reads one user's outreach actions of a period (the funnel, its rates, the time series) off this
-- range, whichever campaign or account took them.
CREATE INDEX "activity_log_user_time_idx" ON "activity_log" USING btree ("user_id","created_at");