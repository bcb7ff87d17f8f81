-- Counts of lab requests and test results per (status, patient state, assignee), kept by statement-level
-- triggers, so list totals and dashboard counts never scan the big tables. clinician_key '' = unassigned.
CREATE TABLE "lab_counts" (
  "kind" text NOT NULL,
  "status" text NOT NULL,
  "patient_state" text NOT NULL,
  "clinician_key" text NOT NULL,
  "n" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("kind", "status", "patient_state", "clinician_key")
);
--> statement-breakpoint
CREATE FUNCTION lab_counts_add_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lab_counts (kind, status, patient_state, clinician_key, n)
  SELECT TG_ARGV[0], status, COALESCE(patient_state, ''), COALESCE(clinician_id::text, ''), count(*)
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (kind, status, patient_state, clinician_key) DO UPDATE SET n = lab_counts.n + EXCLUDED.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION lab_counts_remove_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lab_counts (kind, status, patient_state, clinician_key, n)
  SELECT TG_ARGV[0], status, COALESCE(patient_state, ''), COALESCE(clinician_id::text, ''), -count(*)
    FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (kind, status, patient_state, clinician_key) DO UPDATE SET n = lab_counts.n + EXCLUDED.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION lab_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lab_counts (kind, status, patient_state, clinician_key, n)
  SELECT TG_ARGV[0], status, ps, ck, sum(d) FROM (
      SELECT status, COALESCE(patient_state, '') AS ps, COALESCE(clinician_id::text, '') AS ck, -1 AS d FROM old_rows
      UNION ALL
      SELECT status, COALESCE(patient_state, ''), COALESCE(clinician_id::text, ''), 1 FROM new_rows) moves
   GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (kind, status, patient_state, clinician_key) DO UPDATE SET n = lab_counts.n + EXCLUDED.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER lab_requests_counts_ins AFTER INSERT ON lab_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lab_counts_add_new('request');
--> statement-breakpoint
CREATE TRIGGER lab_requests_counts_del AFTER DELETE ON lab_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lab_counts_remove_old('request');
--> statement-breakpoint
CREATE TRIGGER lab_requests_counts_upd AFTER UPDATE ON lab_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lab_counts_move('request');
--> statement-breakpoint
CREATE TRIGGER test_results_counts_ins AFTER INSERT ON test_results REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lab_counts_add_new('result');
--> statement-breakpoint
CREATE TRIGGER test_results_counts_del AFTER DELETE ON test_results REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lab_counts_remove_old('result');
--> statement-breakpoint
CREATE TRIGGER test_results_counts_upd AFTER UPDATE ON test_results REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lab_counts_move('result');
--> statement-breakpoint
INSERT INTO lab_counts (kind, status, patient_state, clinician_key, n)
SELECT 'request', status, COALESCE(patient_state, ''), COALESCE(clinician_id::text, ''), count(*) FROM lab_requests GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO lab_counts (kind, status, patient_state, clinician_key, n)
SELECT 'result', status, COALESCE(patient_state, ''), COALESCE(clinician_id::text, ''), count(*) FROM test_results GROUP BY 1, 2, 3, 4;
