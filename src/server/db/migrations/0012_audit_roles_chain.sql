-- Audit an operator cannot quietly edit (issue 12, review F11a).
-- 1. Roles: migrations run as the owner; the server runs as a login role that is a member of portal_app, which may
--    only INSERT and SELECT audit_log and record_history (not the owner: cannot disable triggers or alter tables).
-- 2. audit_log becomes one row per request, hash-chained. Rows written before this migration (one per record, no
--    hash) are kept unchanged, read-only, in audit_log_legacy.
-- 3. audit_seal(): the only way chain fields get filled. SECURITY DEFINER (runs as the owner), the runtime role may
--    only EXECUTE it, and the guard trigger lets it fill chain fields once and never change content.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'portal_app') THEN
    CREATE ROLE portal_app NOLOGIN;
  END IF;
END
$$;
--> statement-breakpoint
ALTER TABLE "audit_log" RENAME TO "audit_log_legacy";--> statement-breakpoint
ALTER TABLE "audit_log_legacy" RENAME CONSTRAINT "audit_log_pkey" TO "audit_log_legacy_pkey";--> statement-breakpoint
ALTER SEQUENCE "audit_log_id_seq" RENAME TO "audit_log_legacy_id_seq";--> statement-breakpoint
ALTER INDEX "audit_log_at_idx" RENAME TO "audit_log_legacy_at_idx";--> statement-breakpoint
ALTER INDEX "audit_log_entity_idx" RENAME TO "audit_log_legacy_entity_idx";--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_sub" text NOT NULL,
	"action" text NOT NULL,
	"route" text,
	"method" text NOT NULL,
	"entity_type" text,
	"entity_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"patient_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"outcome" text NOT NULL,
	"status_code" integer,
	"request_id" text NOT NULL,
	"client_ip" text,
	"user_agent" text,
	"content_hash" text NOT NULL,
	"chain_seq" bigint,
	"prev_hash" text,
	"row_hash" text,
	CONSTRAINT "audit_log_outcome_ck" CHECK (outcome IN ('SUCCESS', 'DENIED', 'FAILED'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_patient_ids_idx" ON "audit_log" USING gin ("patient_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_seq_uq" ON "audit_log" USING btree ("chain_seq");--> statement-breakpoint
CREATE INDEX "audit_log_unsealed_idx" ON "audit_log" USING btree ("id") WHERE chain_seq IS NULL;--> statement-breakpoint
-- Defence in depth beside the grants: no DELETE, no TRUNCATE, and an UPDATE only when it fills the chain fields of
-- an unsealed row and leaves every other column as it was (what audit_seal does).
CREATE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chain_fields constant text[] := ARRAY['chain_seq', 'prev_hash', 'row_hash'];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.chain_seq IS NULL AND NEW.chain_seq IS NOT NULL AND NEW.row_hash IS NOT NULL
       AND (to_jsonb(OLD) - chain_fields) = (to_jsonb(NEW) - chain_fields) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_guard();
--> statement-breakpoint
-- The clinical history (who changed what) is protected the same way; no update is ever allowed there.
CREATE FUNCTION refuse_append_only_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_only_change();
--> statement-breakpoint
CREATE TRIGGER record_history_no_update BEFORE UPDATE OR DELETE ON record_history
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
--> statement-breakpoint
CREATE TRIGGER record_history_no_truncate BEFORE TRUNCATE ON record_history
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_only_change();
--> statement-breakpoint
-- Seals committed, unsealed rows in id order, at most max_rows per call; returns how many it sealed.
-- row_hash = sha256 hex of '<prev_hash>:<chain_seq>:<id>:<content_hash>'; the first row's prev_hash is 64 zeros.
-- The same link is recomputed independently by src/server/audit/hash.ts (chainLinkHash) when verifying.
-- Requests never wait on this: they only INSERT; sealers queue on one advisory lock among themselves.
CREATE FUNCTION audit_seal(max_rows integer DEFAULT 5000) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  head_seq bigint;
  head_hash text;
  r record;
  sealed integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(727100, 1);
  SELECT chain_seq, row_hash INTO head_seq, head_hash FROM public.audit_log
    WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1;
  IF head_seq IS NULL THEN
    head_seq := 0;
    head_hash := repeat('0', 64);
  END IF;
  FOR r IN SELECT id, content_hash FROM public.audit_log WHERE chain_seq IS NULL ORDER BY id LIMIT max_rows LOOP
    head_seq := head_seq + 1;
    UPDATE public.audit_log
       SET chain_seq = head_seq, prev_hash = head_hash,
           row_hash = encode(sha256(convert_to(head_hash || ':' || head_seq || ':' || r.id || ':' || r.content_hash, 'UTF8')), 'hex')
     WHERE id = r.id
     RETURNING row_hash INTO head_hash;
    sealed := sealed + 1;
  END LOOP;
  RETURN sealed;
END;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_seal(integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION audit_seal(integer) TO portal_app;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO portal_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO portal_app;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO portal_app;--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log, record_history, audit_log_legacy FROM portal_app;--> statement-breakpoint
REVOKE INSERT ON audit_log_legacy FROM portal_app;--> statement-breakpoint
-- Tables and sequences that later migrations (run by this same owner) create get the ordinary rights too.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO portal_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO portal_app;
