-- The dashboard's counters (migration 0017) are written only when a count moves. dashboard_counts_apply ran its
-- INSERT for every statement on a counted table, also when there was nothing to move: a clinician's message (only
-- unread messages from patients are counted) or a kit or result update that kept its status, care location and
-- state. That empty INSERT still fired dashboard_counts' statement trigger, which announced a change of the counters
-- to the response cache (migrations 0038, 0043) and ended every cached kit and result list whose total they give.
-- The moves and the INSERT are those of 0017.
CREATE OR REPLACE FUNCTION dashboard_counts_apply(src text, old_keys dashboard_key[], new_keys dashboard_key[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM (SELECT k.*, -1 AS d FROM unnest(old_keys) k UNION ALL SELECT k.*, 1 FROM unnest(new_keys) k) moves
                  GROUP BY status, care_location, patient_state, clinician_key HAVING sum(d) <> 0) THEN
    RETURN;
  END IF;
  INSERT INTO dashboard_counts (source, status, care_location, patient_state, clinician_key, n)
  SELECT src, status, COALESCE(care_location, ''), COALESCE(patient_state, ''), COALESCE(clinician_key, ''), sum(d)
    FROM (SELECT k.*, -1 AS d FROM unnest(old_keys) k UNION ALL SELECT k.*, 1 FROM unnest(new_keys) k) moves
   GROUP BY 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 2, 3, 4, 5
  ON CONFLICT (source, status, care_location, patient_state, clinician_key) DO UPDATE SET n = dashboard_counts.n + EXCLUDED.n;
END;
$$;
