-- Each serving process caches signed-in callers (src/http/caller-cache.ts). Every change to a session
-- or a user tells them at commit, whichever code made it: 's:<session id>' or 'u:<user id>' on the
-- channel caller_changed. A deleted user takes its sessions with it (cascade), which fires the session
-- trigger too.
CREATE OR REPLACE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('caller_changed', 's:' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('caller_changed', 'u:' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_caller_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_caller_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
