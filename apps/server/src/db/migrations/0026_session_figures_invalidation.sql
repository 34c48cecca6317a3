-- Each serving process keeps, beside its signed-in callers, each user's session figures: the credit balance
-- and the platforms with a working account (src/http/caller-cache.ts), so /api/me, called on every page
-- load, runs no statement. Every change to a user's credit ledger or platform connections tells them at
-- commit, whichever code made it: 'f:<user id>' on the channel caller_changed (a process that does not know
-- the prefix drops all it keeps). The credit ledger changes a row at a time; connections too.
CREATE OR REPLACE FUNCTION notify_session_figures_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('caller_changed', 'f:' || OLD.user_id::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('caller_changed', 'f:' || NEW.user_id::text); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_ledger_session_figures_changed AFTER INSERT OR UPDATE OR DELETE ON credit_ledger
  FOR EACH ROW EXECUTE FUNCTION notify_session_figures_changed();
--> statement-breakpoint
CREATE TRIGGER social_connections_session_figures_changed AFTER INSERT OR UPDATE OR DELETE ON social_connections
  FOR EACH ROW EXECUTE FUNCTION notify_session_figures_changed();
