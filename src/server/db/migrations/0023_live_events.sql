-- Live updates (issue 22): every committed status transition or action on a record (record_history, written by the
-- write path inside its transaction) notifies every API instance on commit; pg_notify inside the transaction is
-- delivered only if it commits. The payload names the record and the change, never patient data: the record type and
-- id, the action, and the changer's display name (live/hub.ts authorises each event per subscriber before it leaves).
CREATE FUNCTION notify_record_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_records', json_build_object(
    'type', NEW.entity_type, 'id', left(NEW.entity_id, 200), 'action', left(NEW.action, 100),
    'by', left(COALESCE(NEW.actor_name, ''), 200))::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER record_history_notify AFTER INSERT ON record_history
  FOR EACH ROW EXECUTE FUNCTION notify_record_changed();
