CREATE TABLE "session_revocations" (
	"sub" text PRIMARY KEY NOT NULL,
	"valid_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- A clinician set INACTIVE loses every session issued until then, even if later reactivated.
CREATE FUNCTION revoke_sessions_on_inactive() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'INACTIVE' AND OLD.status IS DISTINCT FROM 'INACTIVE' THEN
    INSERT INTO session_revocations (sub, valid_after) VALUES (NEW.id::text, now())
    ON CONFLICT (sub) DO UPDATE SET valid_after = now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER clinicians_revoke_on_inactive AFTER UPDATE OF status ON clinicians
  FOR EACH ROW EXECUTE FUNCTION revoke_sessions_on_inactive();
