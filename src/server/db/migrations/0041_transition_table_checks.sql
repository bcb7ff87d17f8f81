-- The statement triggers that move counters when a patient's state (dashboard_counts, message counts) or a message's
-- bucket changes first ask whether any row changed so: with EXISTS, PostgreSQL plans that join of the two transition
-- tables for the first row (a nested loop, no start-up cost), and when no row changed, which is the usual case, it
-- compares every old row with every new row: an UPDATE of n rows costs n² comparisons (20,000 patients: the bench
-- seed's demographics update ran for ten minutes). Counting the changed rows plans the join for all of them (sort or
-- hash: n log n). The bodies are otherwise those of migrations 0017 and 0032.
--
-- EXPLAIN ANALYZE (auto_explain, nested statements) of UPDATE patients SET race = race on 4,000 of the bench's patients:
-- before (EXISTS):
--   Nested Loop  (cost=0.00..560080.00 rows=79600) (actual rows=0 loops=1)
--     Join Filter: ((n.state IS DISTINCT FROM o.state) AND (o.id = n.id))
--     Rows Removed by Join Filter: 16000000
--     ->  Named Tuplestore Scan (actual rows=4000 loops=1)
--     ->  Named Tuplestore Scan (actual rows=4000 loops=4000)
--   8,177 ms per trigger; the UPDATE took 17.4 s
-- after (count):
--   Aggregate  (cost=2257.63..2257.64 rows=1) (actual rows=1 loops=1)
--     ->  Merge Join  (cost=638.63..2058.63 rows=79600) (actual rows=0 loops=1)
--           Merge Cond: (o.id = n.id)
--           Join Filter: (n.state IS DISTINCT FROM o.state)
--           ->  Sort (Sort Key: o.id; quicksort)  ->  Named Tuplestore Scan (actual rows=4000 loops=1)
--           ->  Sort (Sort Key: n.id; quicksort)  ->  Named Tuplestore Scan (actual rows=4000 loops=1)
--   17 ms per trigger; the UPDATE took 0.9 s (all 20,005 patients: 130 ms per trigger, 4.3 s)
-- UPDATE messages SET created_at = created_at (15,356 messages), message_counts_messages' check after: Merge Join, 3.4 s in all.
CREATE OR REPLACE FUNCTION dashboard_counts_patient_state()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  IF (SELECT count(*) FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.state IS DISTINCT FROM o.state) = 0 THEN
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
CREATE OR REPLACE FUNCTION message_counts_patient_state()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  IF (SELECT count(*) FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.state IS DISTINCT FROM o.state) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM message_inbox_counts_apply(
    ARRAY(SELECT ROW(COALESCE(m.to_clinician_id::text, ''), m.cc_groups, COALESCE(o.state, ''), (m.replied_at IS NULL)::int)::message_count_key
            FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.state IS DISTINCT FROM o.state
            JOIN messages m ON m.patient_id = o.id AND m.from_actor_type = 'P'),
    ARRAY(SELECT ROW(COALESCE(m.to_clinician_id::text, ''), m.cc_groups, COALESCE(n.state, ''), (m.replied_at IS NULL)::int)::message_count_key
            FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.state IS DISTINCT FROM o.state
            JOIN messages m ON m.patient_id = n.id AND m.from_actor_type = 'P'));
  PERFORM message_read_counts_apply(
    ARRAY(SELECT ROW(r.user_sub, COALESCE(m.to_clinician_id::text, ''), m.cc_groups, COALESCE(o.state, ''))::message_read_key
            FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.state IS DISTINCT FROM o.state
            JOIN messages m ON m.patient_id = o.id AND m.from_actor_type = 'P' JOIN message_reads r ON r.message_id = m.id),
    ARRAY(SELECT ROW(r.user_sub, COALESCE(m.to_clinician_id::text, ''), m.cc_groups, COALESCE(n.state, ''))::message_read_key
            FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.state IS DISTINCT FROM o.state
            JOIN messages m ON m.patient_id = n.id AND m.from_actor_type = 'P' JOIN message_reads r ON r.message_id = m.id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_counts_messages()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  old_keys message_count_key[] := '{}';
  new_keys message_count_key[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_keys := ARRAY(SELECT ROW(COALESCE(o.to_clinician_id::text, ''), o.cc_groups, COALESCE(p.state, ''), (o.replied_at IS NULL)::int)::message_count_key
                        FROM old_rows o JOIN patients p ON p.id = o.patient_id WHERE o.from_actor_type = 'P');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_keys := ARRAY(SELECT ROW(COALESCE(n.to_clinician_id::text, ''), n.cc_groups, COALESCE(p.state, ''), (n.replied_at IS NULL)::int)::message_count_key
                        FROM new_rows n JOIN patients p ON p.id = n.patient_id WHERE n.from_actor_type = 'P');
  END IF;
  PERFORM message_inbox_counts_apply(old_keys, new_keys);
  IF TG_OP <> 'UPDATE' THEN
    RETURN NULL;
  END IF;
  IF (SELECT count(*) FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (n.to_clinician_id, n.cc_groups, n.patient_id, n.from_actor_type) IS DISTINCT FROM (o.to_clinician_id, o.cc_groups, o.patient_id, o.from_actor_type)) > 0 THEN
    PERFORM message_read_counts_apply(
      ARRAY(SELECT ROW(r.user_sub, COALESCE(o.to_clinician_id::text, ''), o.cc_groups, COALESCE(p.state, ''))::message_read_key
              FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN message_reads r ON r.message_id = o.id JOIN patients p ON p.id = o.patient_id
             WHERE o.from_actor_type = 'P'
               AND (n.to_clinician_id, n.cc_groups, n.patient_id, n.from_actor_type) IS DISTINCT FROM (o.to_clinician_id, o.cc_groups, o.patient_id, o.from_actor_type)),
      ARRAY(SELECT ROW(r.user_sub, COALESCE(n.to_clinician_id::text, ''), n.cc_groups, COALESCE(p.state, ''))::message_read_key
              FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN message_reads r ON r.message_id = n.id JOIN patients p ON p.id = n.patient_id
             WHERE n.from_actor_type = 'P'
               AND (n.to_clinician_id, n.cc_groups, n.patient_id, n.from_actor_type) IS DISTINCT FROM (o.to_clinician_id, o.cc_groups, o.patient_id, o.from_actor_type)));
  END IF;
  RETURN NULL;
END;
$$;
