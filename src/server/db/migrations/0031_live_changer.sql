-- Live updates (issue 22): the notification also names the changer's user id, so that each event stream can say
-- whether a change is its own user's (the portal announces only other users' changes). The id never leaves the
-- server: live/hub.ts turns it into a per-stream `mine` flag.
CREATE OR REPLACE FUNCTION notify_record_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_records', json_build_object(
    'type', NEW.entity_type, 'id', left(NEW.entity_id, 200), 'action', left(NEW.action, 100),
    'by', left(COALESCE(NEW.actor_name, ''), 200), 'sub', left(NEW.actor_sub, 200))::text);
  RETURN NULL;
END;
$$;
