-- Response cache (http/response-cache.ts) without NOTIFY. Migration 0034 made every statement on every table
-- pg_notify: PostgreSQL commits the transactions that notify one at a time (a database-wide lock held from before
-- the commit record until after its flush), so concurrent writers could no longer share a WAL flush. Measured with
-- `npm run bench` (section writes, durable, 2 shared cores): the triggers took 18% of write throughput at 10 writers
-- and 23% at 50 (p95 12.2 s vs 5.6 s at 50 writers on a machine under heavy load).
--
-- Instead, the first statement of a transaction that changes a table bumps one of 64 counters (the writer's backend
-- picks its slot, so concurrent writers rarely touch the same row), in the same transaction: the change and the
-- bump become visible together at commit. The data generation is the sum of the counters; the cache reads it when a
-- request arrives, so every change committed before the request is in it, and an answer is reused only while the
-- sum has not moved. Every instance reads the same row set: no notification connection, nothing to miss.
-- audit_log, audit_id_sets and rate_limit_hits stay silent (every request writes them, no cached answer reads them),
-- and so does data_generation itself. A table created later needs the same trigger (tests/api/response-cache.test.ts).
CREATE TABLE "data_generation" (
	"slot" integer PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "data_generation_slot_ck" CHECK (slot >= 0 AND slot < 64)
) WITH (fillfactor = 50);
--> statement-breakpoint
INSERT INTO data_generation (slot) SELECT generate_series(0, 63);
--> statement-breakpoint
-- The runtime role reads the sum; only the trigger function (its owner's rights) writes the counters.
REVOKE ALL ON data_generation FROM portal_app;--> statement-breakpoint
GRANT SELECT ON data_generation TO portal_app;--> statement-breakpoint
-- No SET clause on the function: it would undo the transaction-local setting below at the function's exit. The table
-- is named with its schema, and the built-in functions and operators are found in pg_catalog first.
CREATE OR REPLACE FUNCTION bump_data_generation() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
  -- Once per transaction: a transaction-local setting remembers that this one has bumped already.
  IF current_setting('portal.data_generation_xact', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('portal.data_generation_xact', txid_current()::text, true);
    UPDATE public.data_generation SET n = n + 1 WHERE slot = pg_backend_pid() % 64;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public'
      AND tablename NOT IN ('audit_log', 'audit_id_sets', 'rate_limit_hits', 'data_generation') ORDER BY tablename LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON public.%I', t || '_data_changed', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.%I FOR EACH STATEMENT EXECUTE FUNCTION bump_data_generation()',
      t || '_data_changed', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_data_changed();
