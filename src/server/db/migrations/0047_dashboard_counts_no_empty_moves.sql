-- The trigger-kept counters (dashboard_counts of migration 0017, message_inbox_counts and message_read_counts of 0032)
-- are written only when a count moves. Their apply functions ran their INSERT for every statement on a counted table,
-- also when nothing moved: a clinician's message (only patients' messages are counted), its sender's read mark on it,
-- a kit or result update that kept its status, care location and state. That empty INSERT still fired the counters'
-- statement trigger, which announced a change to the response cache (migrations 0038, 0043) and ended every cached
-- answer the counters give: the kit and result lists' totals, the inbox totals, the new-message count.
-- Nothing moves exactly when the old keys and the new keys are the same multiset. The moves and the INSERTs are those
-- of 0017 and 0032.
CREATE FUNCTION counter_keys_unchanged(old_keys anyarray, new_keys anyarray) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT (SELECT array_agg(k ORDER BY k) FROM unnest(old_keys) k) IS NOT DISTINCT FROM (SELECT array_agg(k ORDER BY k) FROM unnest(new_keys) k)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_counts_apply(src text, old_keys dashboard_key[], new_keys dashboard_key[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF counter_keys_unchanged(old_keys, new_keys) THEN
    RETURN;
  END IF;
  INSERT INTO dashboard_counts (source, status, care_location, patient_state, clinician_key, n)
  SELECT src, status, COALESCE(care_location, ''), COALESCE(patient_state, ''), COALESCE(clinician_key, ''), sum(d)
    FROM (SELECT k.*, -1 AS d FROM unnest(old_keys) k UNION ALL SELECT k.*, 1 FROM unnest(new_keys) k) moves
   GROUP BY 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 2, 3, 4, 5
  ON CONFLICT (source, status, care_location, patient_state, clinician_key) DO UPDATE SET n = dashboard_counts.n + EXCLUDED.n;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_inbox_counts_apply(old_keys message_count_key[], new_keys message_count_key[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF counter_keys_unchanged(old_keys, new_keys) THEN
    RETURN;
  END IF;
  INSERT INTO message_inbox_counts (to_key, cc_groups, patient_state, n, unanswered)
  SELECT to_key, cc_groups, patient_state, sum(d), sum(d * unanswered)
    FROM (SELECT k.*, -1 AS d FROM unnest(old_keys) k UNION ALL SELECT k.*, 1 FROM unnest(new_keys) k) moves
   GROUP BY 1, 2, 3 HAVING sum(d) <> 0 OR sum(d * unanswered) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (to_key, cc_groups, patient_state)
  DO UPDATE SET n = message_inbox_counts.n + EXCLUDED.n, unanswered = message_inbox_counts.unanswered + EXCLUDED.unanswered;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_read_counts_apply(old_keys message_read_key[], new_keys message_read_key[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF counter_keys_unchanged(old_keys, new_keys) THEN
    RETURN;
  END IF;
  INSERT INTO message_read_counts (user_sub, to_key, cc_groups, patient_state, n)
  SELECT user_sub, to_key, cc_groups, patient_state, sum(d)
    FROM (SELECT k.*, -1 AS d FROM unnest(old_keys) k UNION ALL SELECT k.*, 1 FROM unnest(new_keys) k) moves
   GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (user_sub, to_key, cc_groups, patient_state) DO UPDATE SET n = message_read_counts.n + EXCLUDED.n;
END;
$$;
