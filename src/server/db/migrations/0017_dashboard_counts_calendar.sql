-- Counts of the dashboard's cards (spec 1 §2) per (source, status, care location, patient state, addressee), kept by
-- statement-level triggers, so the summary's nine counts are sums over a few hundred counter rows instead of scans of
-- the big tables. '' stands for NULL (no care location, no patient state, no addressee): no filter value equals it.
-- source: 'result' (test_results), 'kit' (kits), 'order' (orders, state of the order's patient), 'message' (unread
-- messages from patients, state of the message's patient, addressee in clinician_key).
CREATE TABLE "dashboard_counts" (
  "source" text NOT NULL,
  "status" text NOT NULL,
  "care_location" text NOT NULL,
  "patient_state" text NOT NULL,
  "clinician_key" text NOT NULL,
  "n" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("source", "status", "care_location", "patient_state", "clinician_key")
);
--> statement-breakpoint
CREATE TYPE dashboard_key AS (status text, care_location text, patient_state text, clinician_key text);
--> statement-breakpoint
-- Moves counts: -1 for each old key, +1 for each new key, summed per key first and applied in key order in one
-- statement (no deadlock between concurrent writers, nothing written for a row whose key did not change).
CREATE FUNCTION dashboard_counts_apply(src text, old_keys dashboard_key[], new_keys dashboard_key[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_counts (source, status, care_location, patient_state, clinician_key, n)
  SELECT src, status, COALESCE(care_location, ''), COALESCE(patient_state, ''), COALESCE(clinician_key, ''), sum(d)
    FROM (SELECT k.*, -1 AS d FROM unnest(old_keys) k UNION ALL SELECT k.*, 1 FROM unnest(new_keys) k) moves
   GROUP BY 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 2, 3, 4, 5
  ON CONFLICT (source, status, care_location, patient_state, clinician_key) DO UPDATE SET n = dashboard_counts.n + EXCLUDED.n
$$;
--> statement-breakpoint
-- test_results and kits carry their own status, care location and patient state.
CREATE FUNCTION dashboard_counts_own() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_keys dashboard_key[] := '{}';
  new_keys dashboard_key[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_keys := ARRAY(SELECT ROW(o.status, o.care_location, o.patient_state, NULL)::dashboard_key FROM old_rows o);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_keys := ARRAY(SELECT ROW(n.status, n.care_location, n.patient_state, NULL)::dashboard_key FROM new_rows n);
  END IF;
  PERFORM dashboard_counts_apply(TG_ARGV[0], old_keys, new_keys);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- orders: the state of the order's patient.
CREATE FUNCTION dashboard_counts_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_keys dashboard_key[] := '{}';
  new_keys dashboard_key[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_keys := ARRAY(SELECT ROW(o.status, o.care_location, p.state, NULL)::dashboard_key
                        FROM old_rows o LEFT JOIN patients p ON p.id = o.patient_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_keys := ARRAY(SELECT ROW(n.status, n.care_location, p.state, NULL)::dashboard_key
                        FROM new_rows n LEFT JOIN patients p ON p.id = n.patient_id);
  END IF;
  PERFORM dashboard_counts_apply('order', old_keys, new_keys);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- messages: only unread ones from patients count, by the patient's state and the addressee.
CREATE FUNCTION dashboard_counts_messages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_keys dashboard_key[] := '{}';
  new_keys dashboard_key[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_keys := ARRAY(SELECT ROW('UNREAD', NULL, p.state, o.to_clinician_id::text)::dashboard_key
                        FROM old_rows o JOIN patients p ON p.id = o.patient_id WHERE o.unread AND o.from_actor_type = 'P');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_keys := ARRAY(SELECT ROW('UNREAD', NULL, p.state, n.to_clinician_id::text)::dashboard_key
                        FROM new_rows n JOIN patients p ON p.id = n.patient_id WHERE n.unread AND n.from_actor_type = 'P');
  END IF;
  PERFORM dashboard_counts_apply('message', old_keys, new_keys);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A patient moving to another state moves the counts of their orders and unread messages.
CREATE FUNCTION dashboard_counts_patient_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.state IS DISTINCT FROM o.state) THEN
    RETURN NULL;
  END IF;
  INSERT INTO dashboard_counts (source, status, care_location, patient_state, clinician_key, n)
  SELECT src, status, loc, st, ck, sum(d) FROM (
      SELECT 'order' AS src, x.status, x.care_location AS loc, COALESCE(o.state, '') AS st, '' AS ck, -1 AS d
        FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.state IS DISTINCT FROM o.state JOIN orders x ON x.patient_id = o.id
      UNION ALL
      SELECT 'order', x.status, x.care_location, COALESCE(n.state, ''), '', 1
        FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.state IS DISTINCT FROM o.state JOIN orders x ON x.patient_id = n.id
      UNION ALL
      SELECT 'message', 'UNREAD', '', COALESCE(o.state, ''), COALESCE(m.to_clinician_id::text, ''), -1
        FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.state IS DISTINCT FROM o.state
        JOIN messages m ON m.patient_id = o.id AND m.unread AND m.from_actor_type = 'P'
      UNION ALL
      SELECT 'message', 'UNREAD', '', COALESCE(n.state, ''), COALESCE(m.to_clinician_id::text, ''), 1
        FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.state IS DISTINCT FROM o.state
        JOIN messages m ON m.patient_id = n.id AND m.unread AND m.from_actor_type = 'P') moves
   GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (source, status, care_location, patient_state, clinician_key) DO UPDATE SET n = dashboard_counts.n + EXCLUDED.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER test_results_dashboard_ins AFTER INSERT ON test_results REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_own('result');
--> statement-breakpoint
CREATE TRIGGER test_results_dashboard_upd AFTER UPDATE ON test_results REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_own('result');
--> statement-breakpoint
CREATE TRIGGER test_results_dashboard_del AFTER DELETE ON test_results REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_own('result');
--> statement-breakpoint
CREATE TRIGGER kits_dashboard_ins AFTER INSERT ON kits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_own('kit');
--> statement-breakpoint
CREATE TRIGGER kits_dashboard_upd AFTER UPDATE ON kits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_own('kit');
--> statement-breakpoint
CREATE TRIGGER kits_dashboard_del AFTER DELETE ON kits REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_own('kit');
--> statement-breakpoint
CREATE TRIGGER orders_dashboard_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_orders();
--> statement-breakpoint
CREATE TRIGGER orders_dashboard_upd AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_orders();
--> statement-breakpoint
CREATE TRIGGER orders_dashboard_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_orders();
--> statement-breakpoint
CREATE TRIGGER messages_dashboard_ins AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_messages();
--> statement-breakpoint
CREATE TRIGGER messages_dashboard_upd AFTER UPDATE ON messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_messages();
--> statement-breakpoint
CREATE TRIGGER messages_dashboard_del AFTER DELETE ON messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_messages();
--> statement-breakpoint
CREATE TRIGGER patients_dashboard_state AFTER UPDATE ON patients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_patient_state();
--> statement-breakpoint
INSERT INTO dashboard_counts (source, status, care_location, patient_state, clinician_key, n)
SELECT 'result', status, COALESCE(care_location, ''), COALESCE(patient_state, ''), '', count(*) FROM test_results GROUP BY 2, 3, 4
UNION ALL
SELECT 'kit', status, COALESCE(care_location, ''), COALESCE(patient_state, ''), '', count(*) FROM kits GROUP BY 2, 3, 4
UNION ALL
SELECT 'order', o.status, COALESCE(o.care_location, ''), COALESCE(p.state, ''), '', count(*)
  FROM orders o LEFT JOIN patients p ON p.id = o.patient_id GROUP BY 2, 3, 4
UNION ALL
SELECT 'message', 'UNREAD', '', COALESCE(p.state, ''), COALESCE(m.to_clinician_id::text, ''), count(*)
  FROM messages m JOIN patients p ON p.id = m.patient_id WHERE m.unread AND m.from_actor_type = 'P' GROUP BY 2, 3, 4, 5;
--> statement-breakpoint
-- Every instance caches a user's revocation time and profile briefly (auth/identity-cache.ts); a change to either, by
-- any instance or by hand, notifies them all on commit so that they drop it at once.
CREATE FUNCTION notify_identity_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb := to_jsonb(COALESCE(NEW, OLD));
BEGIN
  PERFORM pg_notify('portal_identity', COALESCE(r->>'sub', r->>'clinician_id', r->>'id'));
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'licences' AND (to_jsonb(OLD)->>'clinician_id') IS DISTINCT FROM (r->>'clinician_id') THEN
    PERFORM pg_notify('portal_identity', to_jsonb(OLD)->>'clinician_id');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER session_revocations_notify AFTER INSERT OR UPDATE OR DELETE ON session_revocations
  FOR EACH ROW EXECUTE FUNCTION notify_identity_changed();
--> statement-breakpoint
CREATE TRIGGER clinicians_notify AFTER INSERT OR UPDATE OR DELETE ON clinicians
  FOR EACH ROW EXECUTE FUNCTION notify_identity_changed();
--> statement-breakpoint
CREATE TRIGGER licences_notify AFTER INSERT OR UPDATE OR DELETE ON licences
  FOR EACH ROW EXECUTE FUNCTION notify_identity_changed();
--> statement-breakpoint
-- The calendar's light projection (GET /bookings?view=events) over a week: an index-only range scan in (start_at, id)
-- order with every bookings column the event needs; findBookings' count of a date range reads it alone too.
CREATE INDEX "bookings_calendar_idx" ON "bookings" USING btree ("start_at", "id")
  INCLUDE ("status", "tag", "clinician_id", "care_type", "care_location", "end_at", "timezone", "patient_id");
--> statement-breakpoint
-- findBookings' page order (newest appointment first, then id): the first 100 of a range without sorting the range.
CREATE INDEX "bookings_start_desc_idx" ON "bookings" USING btree ("start_at" DESC, "id");
