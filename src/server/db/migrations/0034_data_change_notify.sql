-- Response cache (issue 14, http/response-cache.ts): after a statement that changed a table commits, every API
-- instance hears 'portal_data_changed' and stops serving list answers computed before it. One trigger per table,
-- FOR EACH STATEMENT with an empty payload: PostgreSQL folds identical notifications of one transaction into one,
-- so a transaction costs one notification however many rows it writes. audit_log is left out: every request writes
-- it and no cached answer reads it. A table created later needs the same trigger (tests/api/response-cache.test.ts
-- fails without it). Written to run again safely (it re-creates the function and every trigger).
CREATE OR REPLACE FUNCTION notify_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_data_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'audit_log' ORDER BY tablename LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON public.%I', t || '_data_changed', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.%I FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed()',
      t || '_data_changed', t);
  END LOOP;
END;
$$;
