-- Issue 14: the request path never pays for the audit index's pending list.
-- audit_log_patient_ids_idx is a GIN index with fastupdate: each request's row (tens to thousands of patient ids)
-- goes to the index's pending list, and whichever request's insert overflows the list (gin_pending_list_limit,
-- 4 MB) merges all of it into the index while that request waits: hundreds of ms on a few unlucky requests, more
-- often the more requests per second. The sealer (audit_seal, called every second by the server and before every
-- verification) now merges the pending list after it seals, off the request path; inserts only ever append.
-- Same chain logic as migration 0012, unchanged; only the PERFORM gin_clean_pending_list line is new.
CREATE OR REPLACE FUNCTION audit_seal(max_rows integer DEFAULT 5000) RETURNS integer
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
  IF sealed > 0 THEN
    PERFORM gin_clean_pending_list('public.audit_log_patient_ids_idx'::regclass);
  END IF;
  RETURN sealed;
END;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_seal(integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION audit_seal(integer) TO portal_app;
--> statement-breakpoint
-- The dashboard cards list their newest rows as ORDER BY created_at DESC, kit_id (ascending tie-break). The status
-- indexes were (status, created_at): every row sharing the newest timestamps (hundreds after a bulk import) was read
-- and sorted to pick five. The same indexes with the card's exact order return the first rows in order, no sort; they
-- replace the old ones (same leading columns, so every other use keeps its index and writes cost the same).
DROP INDEX IF EXISTS "test_results_status_idx";--> statement-breakpoint
CREATE INDEX "test_results_status_idx" ON "test_results" USING btree ("status", "created_at" DESC, "kit_id");--> statement-breakpoint
DROP INDEX IF EXISTS "kits_status_created_idx";--> statement-breakpoint
CREATE INDEX "kits_status_created_idx" ON "kits" USING btree ("status", "created_at" DESC, "kit_id");
