-- The server's once-a-second sealer of every instance and worker skips a round when another sealer holds the lock
-- (wait => false: pg_try_advisory_xact_lock), instead of queueing a connection on it: the one sealing seals their rows
-- too. The verifier still waits (wait defaults to true), so it seals everything committed before it checks. The
-- chain's definition and the body of migration 0036 are otherwise unchanged.
DROP FUNCTION audit_seal(integer);
--> statement-breakpoint
CREATE FUNCTION audit_seal(max_rows integer DEFAULT 5000, wait boolean DEFAULT true) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  head_seq bigint;
  head_hash text;
  ids bigint[];
  contents text[];
  seqs bigint[] := '{}';
  prevs text[] := '{}';
  links text[] := '{}';
  sealed integer;
  gin regclass;
BEGIN
  IF wait THEN
    PERFORM pg_advisory_xact_lock(727100, 1);
  ELSIF NOT pg_try_advisory_xact_lock(727100, 1) THEN
    RETURN 0; -- another sealer is at work: it seals these rows too
  END IF;
  SELECT chain_seq, row_hash INTO head_seq, head_hash FROM public.audit_log
    WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1;
  IF head_seq IS NULL THEN
    head_seq := 0;
    head_hash := repeat('0', 64);
  END IF;
  SELECT array_agg(u.id ORDER BY u.id), array_agg(u.content_hash ORDER BY u.id) INTO ids, contents
    FROM (SELECT id, content_hash FROM public.audit_log WHERE chain_seq IS NULL ORDER BY id LIMIT max_rows) u;
  sealed := coalesce(cardinality(ids), 0);
  IF sealed = 0 THEN
    RETURN 0;
  END IF;
  FOR i IN 1..sealed LOOP
    head_seq := head_seq + 1;
    seqs[i] := head_seq;
    prevs[i] := head_hash;
    head_hash := encode(sha256(convert_to(head_hash || ':' || head_seq || ':' || ids[i] || ':' || contents[i], 'UTF8')), 'hex');
    links[i] := head_hash;
  END LOOP;
  UPDATE public.audit_log a SET chain_seq = u.seq, prev_hash = u.prev, row_hash = u.link
    FROM unnest(ids, seqs, prevs, links) AS u(id, seq, prev, link)
   WHERE a.id = u.id;
  FOR gin IN SELECT i.indexrelid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
              WHERE am.amname = 'gin' AND i.indrelid IN ('public.audit_log'::regclass, 'public.audit_id_sets'::regclass) LOOP
    PERFORM gin_clean_pending_list(gin);
  END LOOP;
  RETURN sealed;
END;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_seal(integer, boolean) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION audit_seal(integer, boolean) TO portal_app;
