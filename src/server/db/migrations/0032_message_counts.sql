-- Counters of secure messages from patients (issue 16's bench: the inbox's total and the new-message count at 10k+
-- messages), kept by statement-level triggers as dashboard_counts is (0017). A patient's message belongs to one
-- audience bucket: its addressee, its CC groups and its patient's state. message_inbox_counts holds per bucket how many
-- messages there are and how many are unanswered; message_read_counts per user and bucket how many of them the user
-- has read (message_reads). So a viewer's inbox total is a sum over the buckets of its audience (the rule of
-- src/domain/message-audience.ts) and its unread count that sum minus its read marks' sum, both over a few hundred
-- rows instead of the messages. '' stands for NULL (shared mailbox, no patient state): no clinician id or state equals it.
CREATE TABLE "message_inbox_counts" (
  "to_key" text NOT NULL,
  "cc_groups" text[] NOT NULL,
  "patient_state" text NOT NULL,
  "n" bigint NOT NULL DEFAULT 0,
  "unanswered" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("to_key", "cc_groups", "patient_state")
);
--> statement-breakpoint
CREATE TABLE "message_read_counts" (
  "user_sub" text NOT NULL,
  "to_key" text NOT NULL,
  "cc_groups" text[] NOT NULL,
  "patient_state" text NOT NULL,
  "n" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("user_sub", "to_key", "cc_groups", "patient_state")
);
--> statement-breakpoint
CREATE TYPE message_count_key AS (to_key text, cc_groups text[], patient_state text, unanswered int);
--> statement-breakpoint
CREATE TYPE message_read_key AS (user_sub text, to_key text, cc_groups text[], patient_state text);
--> statement-breakpoint
-- Moves counts: -1 for each old key, +1 for each new key, summed per key first and applied in key order in one
-- statement (no deadlock between concurrent writers, nothing written for a row whose key did not change).
CREATE FUNCTION message_inbox_counts_apply(old_keys message_count_key[], new_keys message_count_key[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO message_inbox_counts (to_key, cc_groups, patient_state, n, unanswered)
  SELECT to_key, cc_groups, patient_state, sum(d), sum(d * unanswered)
    FROM (SELECT k.*, -1 AS d FROM unnest(old_keys) k UNION ALL SELECT k.*, 1 FROM unnest(new_keys) k) moves
   GROUP BY 1, 2, 3 HAVING sum(d) <> 0 OR sum(d * unanswered) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (to_key, cc_groups, patient_state)
  DO UPDATE SET n = message_inbox_counts.n + EXCLUDED.n, unanswered = message_inbox_counts.unanswered + EXCLUDED.unanswered
$$;
--> statement-breakpoint
CREATE FUNCTION message_read_counts_apply(old_keys message_read_key[], new_keys message_read_key[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO message_read_counts (user_sub, to_key, cc_groups, patient_state, n)
  SELECT user_sub, to_key, cc_groups, patient_state, sum(d)
    FROM (SELECT k.*, -1 AS d FROM unnest(old_keys) k UNION ALL SELECT k.*, 1 FROM unnest(new_keys) k) moves
   GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (user_sub, to_key, cc_groups, patient_state) DO UPDATE SET n = message_read_counts.n + EXCLUDED.n
$$;
--> statement-breakpoint
-- messages: patients' messages count in their bucket; a message whose bucket changes takes its read marks along (a new
-- message has none yet; a deleted one none left, message_reads references it).
CREATE FUNCTION message_counts_messages() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (n.to_clinician_id, n.cc_groups, n.patient_id, n.from_actor_type) IS DISTINCT FROM (o.to_clinician_id, o.cc_groups, o.patient_id, o.from_actor_type)) THEN
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
--> statement-breakpoint
-- message_reads: a user's read mark of a patient's message counts in that message's bucket.
CREATE FUNCTION message_counts_reads() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_keys message_read_key[] := '{}';
  new_keys message_read_key[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_keys := ARRAY(SELECT ROW(o.user_sub, COALESCE(m.to_clinician_id::text, ''), m.cc_groups, COALESCE(p.state, ''))::message_read_key
                        FROM old_rows o JOIN messages m ON m.id = o.message_id JOIN patients p ON p.id = m.patient_id WHERE m.from_actor_type = 'P');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_keys := ARRAY(SELECT ROW(n.user_sub, COALESCE(m.to_clinician_id::text, ''), m.cc_groups, COALESCE(p.state, ''))::message_read_key
                        FROM new_rows n JOIN messages m ON m.id = n.message_id JOIN patients p ON p.id = m.patient_id WHERE m.from_actor_type = 'P');
  END IF;
  PERFORM message_read_counts_apply(old_keys, new_keys);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A patient moving to another state moves the counts of their messages and of the read marks on them.
CREATE FUNCTION message_counts_patient_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.state IS DISTINCT FROM o.state) THEN
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
CREATE TRIGGER messages_counts_ins AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION message_counts_messages();
--> statement-breakpoint
CREATE TRIGGER messages_counts_upd AFTER UPDATE ON messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION message_counts_messages();
--> statement-breakpoint
CREATE TRIGGER messages_counts_del AFTER DELETE ON messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION message_counts_messages();
--> statement-breakpoint
CREATE TRIGGER message_reads_counts_ins AFTER INSERT ON message_reads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION message_counts_reads();
--> statement-breakpoint
CREATE TRIGGER message_reads_counts_upd AFTER UPDATE ON message_reads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION message_counts_reads();
--> statement-breakpoint
CREATE TRIGGER message_reads_counts_del AFTER DELETE ON message_reads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION message_counts_reads();
--> statement-breakpoint
CREATE TRIGGER patients_message_counts_state AFTER UPDATE ON patients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION message_counts_patient_state();
--> statement-breakpoint
-- The inbox's pages by time: its filters (addressee, CC groups, replied) and the patient in the index, so the page's
-- ids come from an index-only scan that skips the messages of other inboxes without reading them.
CREATE INDEX "messages_inbox_cover_idx" ON "messages" USING btree ("created_at" DESC, "id")
  INCLUDE ("to_clinician_id", "cc_groups", "replied_at", "patient_id") WHERE "from_actor_type" = 'P';
--> statement-breakpoint
INSERT INTO message_inbox_counts (to_key, cc_groups, patient_state, n, unanswered)
SELECT COALESCE(m.to_clinician_id::text, ''), m.cc_groups, COALESCE(p.state, ''), count(*), count(*) FILTER (WHERE m.replied_at IS NULL)
  FROM messages m JOIN patients p ON p.id = m.patient_id WHERE m.from_actor_type = 'P' GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO message_read_counts (user_sub, to_key, cc_groups, patient_state, n)
SELECT r.user_sub, COALESCE(m.to_clinician_id::text, ''), m.cc_groups, COALESCE(p.state, ''), count(*)
  FROM message_reads r JOIN messages m ON m.id = r.message_id JOIN patients p ON p.id = m.patient_id WHERE m.from_actor_type = 'P'
 GROUP BY 1, 2, 3, 4;
