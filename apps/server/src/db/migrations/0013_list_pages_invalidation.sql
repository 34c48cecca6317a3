-- Each serving process keeps pages of all_lists and all_leads per user (modules/leads/list-pages-cache.ts).
-- Every change to a user's lists, leads or imports tells them at commit, whichever code made it: the
-- user id on the channel list_pages_changed. Leads change by the thousand (imports, deletes), so their
-- triggers run once per statement and notify each user the statement touched once; PostgreSQL also
-- folds identical notifications of one transaction into one.
CREATE OR REPLACE FUNCTION notify_list_pages_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('list_pages_changed', OLD.user_id::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('list_pages_changed', NEW.user_id::text); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_list_pages_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('list_pages_changed', changed.user_id::text)
    FROM (SELECT DISTINCT user_id FROM changed_leads) changed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lists_list_pages_changed AFTER INSERT OR UPDATE OR DELETE ON lists
  FOR EACH ROW EXECUTE FUNCTION notify_list_pages_row();
--> statement-breakpoint
CREATE TRIGGER import_jobs_list_pages_changed AFTER INSERT OR UPDATE OR DELETE ON import_jobs
  FOR EACH ROW EXECUTE FUNCTION notify_list_pages_row();
--> statement-breakpoint
CREATE TRIGGER leads_inserted_list_pages_changed AFTER INSERT ON leads
  REFERENCING NEW TABLE AS changed_leads
  FOR EACH STATEMENT EXECUTE FUNCTION notify_list_pages_leads();
--> statement-breakpoint
-- A lead never moves to another user, so the rows before an update name every user it touched.
CREATE TRIGGER leads_updated_list_pages_changed AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS changed_leads
  FOR EACH STATEMENT EXECUTE FUNCTION notify_list_pages_leads();
--> statement-breakpoint
CREATE TRIGGER leads_deleted_list_pages_changed AFTER DELETE ON leads
  REFERENCING OLD TABLE AS changed_leads
  FOR EACH STATEMENT EXECUTE FUNCTION notify_list_pages_leads();
