-- Issue 14: a long id list is indexed once per distinct list, not once per request that returns it.
-- A calendar week's audit row names ~2,000 bookings and ~780 patients. Each such row cost PostgreSQL ~6 ms of CPU
-- (array parsing and compression at INSERT, ~2,800 GIN keys at the seal), the same again for every repeated read of
-- the same week. A row with many ids (src/server/audit/id-sets.ts, ID_SET_MIN) now names its lists by their hash
-- (id_set); the lists are stored once in audit_id_sets, content-addressed, and GIN-indexed there once. The row's
-- content_hash is still computed over the full lists, so the verifier (which reads them back through audit_rows)
-- detects an edited list as it detects an edited row. Shorter lists stay inline, as before.
CREATE TABLE "audit_id_sets" (
	"hash" text PRIMARY KEY NOT NULL,
	"entity_ids" text[] NOT NULL,
	"patient_ids" uuid[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_id_sets_patient_ids_idx" ON "audit_id_sets" USING gin ("patient_ids");--> statement-breakpoint
CREATE INDEX "audit_id_sets_entity_ids_idx" ON "audit_id_sets" USING gin ("entity_ids");--> statement-breakpoint
-- No foreign key: its check locks the list's row (FOR KEY SHARE) for every request naming it, and ten requests at once
-- then queue on multixacts. The server inserts a row naming a list only when the list is there (src/server/audit/row.ts),
-- lists are never deleted, and a row whose list was missing would fail verification (its content hash covers the lists).
ALTER TABLE "audit_log" ADD COLUMN "id_set" text;--> statement-breakpoint
-- The rows naming a list, in the access log's order (newest first, then id): a page reads only its own rows.
CREATE INDEX "audit_log_id_set_idx" ON "audit_log" USING btree ("id_set", "at", "id") WHERE id_set IS NOT NULL;--> statement-breakpoint
-- Append-only like audit_log: the runtime role may INSERT and SELECT; no one may change or delete a list. Like
-- audit_log it does not announce its changes (migration 0034): reads write it, and the response cache must not empty.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_id_sets FROM portal_app;--> statement-breakpoint
CREATE TRIGGER audit_id_sets_append_only BEFORE UPDATE OR DELETE ON audit_id_sets
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
--> statement-breakpoint
CREATE TRIGGER audit_id_sets_no_truncate BEFORE TRUNCATE ON audit_id_sets
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_only_change();
--> statement-breakpoint
-- Every audit row with its lists resolved: what the verifier, the PHI access log and the tests read.
CREATE VIEW "audit_rows" AS
  SELECT a.id, a.at, a.actor_sub, a.action, a.route, a.method, a.entity_type,
         COALESCE(s.entity_ids, a.entity_ids) AS entity_ids, COALESCE(s.patient_ids, a.patient_ids) AS patient_ids,
         a.outcome, a.status_code, a.request_id, a.client_ip, a.user_agent, a.content_hash, a.chain_seq, a.prev_hash,
         a.row_hash, a.break_glass, a.id_set
    FROM audit_log a LEFT JOIN audit_id_sets s ON s.hash = a.id_set;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_rows FROM portal_app;--> statement-breakpoint
GRANT SELECT ON audit_rows TO portal_app;
--> statement-breakpoint
-- Same chain logic as migrations 0012, 0025 and 0030. What is new: the GIN pending lists merged after sealing are every
-- GIN index of audit_log and audit_id_sets (a new list is indexed at its INSERT; its pending entries are merged here,
-- off the request path, as in 0025), found in the catalog so that an index added later needs no new audit_seal.
CREATE OR REPLACE FUNCTION audit_seal(max_rows integer DEFAULT 5000) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  head_seq bigint;
  head_hash text;
  r record;
  gin regclass;
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
  IF sealed > 0 THEN
    FOR gin IN SELECT i.indexrelid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
                WHERE am.amname = 'gin' AND i.indrelid IN ('public.audit_log'::regclass, 'public.audit_id_sets'::regclass) LOOP
      PERFORM gin_clean_pending_list(gin);
    END LOOP;
  END IF;
  RETURN sealed;
END;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_seal(integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION audit_seal(integer) TO portal_app;
