-- The data generation of migration 0038, counted per table: the response cache (http/response-cache.ts) keeps with each
-- answer the tables its queries named, and reuses it while none of those tables has changed. A message sent no longer
-- ends the cached lab and kit lists; a change to any table an answer read still ends that answer at once.
--
-- The first statement of a transaction that changes a table bumps that table's counter in one of 64 slots (the
-- writer's backend picks the slot, so concurrent writers rarely wait on the same row), in the same transaction: the
-- change and the bump become visible together at commit. Rows are made on a table's first change, so a table created
-- later needs only its trigger (tests/api/response-cache.test.ts checks every table has it).
ALTER TABLE "data_generation" RENAME TO "data_generation_0038";
--> statement-breakpoint
CREATE TABLE "data_generation" (
	"table_name" text NOT NULL,
	"slot" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "data_generation_pk" PRIMARY KEY ("table_name", "slot"),
	CONSTRAINT "data_generation_slot_ck" CHECK (slot >= 0 AND slot < 64)
) WITH (fillfactor = 50);
--> statement-breakpoint
-- The sum of all counters only grows: the old total is carried over under no table name, so an instance still holding
-- answers of the old total can never meet that total again with other data.
INSERT INTO data_generation (table_name, slot, n) SELECT '', 0, COALESCE(sum(n), 0) FROM data_generation_0038;
--> statement-breakpoint
DROP TABLE "data_generation_0038";
--> statement-breakpoint
REVOKE ALL ON data_generation FROM portal_app;--> statement-breakpoint
GRANT SELECT ON data_generation TO portal_app;--> statement-breakpoint
-- As in 0038: no SET clause (it would undo the transaction-local setting at the function's exit); the table is named
-- with its schema. The setting's name carries the table's, so each table a transaction changes is bumped once.
CREATE OR REPLACE FUNCTION bump_data_generation() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  seen text := 'portal.data_generation_' || TG_TABLE_NAME;
BEGIN
  IF current_setting(seen, true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config(seen, txid_current()::text, true);
    INSERT INTO public.data_generation AS g (table_name, slot, n) VALUES (TG_TABLE_NAME, pg_backend_pid() % 64, 1)
      ON CONFLICT (table_name, slot) DO UPDATE SET n = g.n + 1;
  END IF;
  RETURN NULL;
END;
$$;
