-- Bookings per quarter hour of their start (UTC quarter hours from 2001-01-01, date_bin), kept by triggers, so that the
-- total of a findBookings date range sums a few hundred counter rows instead of counting every booking of the range
-- (bookings/repository-sql.ts, startRangeCount). Every time zone's offset is a whole number of quarter hours, so a range
-- of whole local days covers whole quarter hours; a range that does not still counts exactly: its partial quarter hours
-- at either end are counted from the bookings.
--
-- EXPLAIN ANALYZE of the bench seed's findBookings total (36,302 bookings; the 16 days of the default range in
-- America/Los_Angeles, 13,487 bookings; `npm run bench`, section sql, median of 3), before: 1.48 ms
--   Aggregate (actual rows=1)
--     ->  Index Only Scan using bookings_start_idx on bookings b_1 (actual rows=13487 loops=1)  Buffers: shared hit=34
-- after (startRangeCount): 0.08 ms
--   Bitmap Index Scan on booking_start_counts_pkey (the quarter hours inside the range)
--   Index Only Scan using bookings_start_idx on bookings x, x_1 (the two partial ends: no rows for whole days)
CREATE TABLE "booking_start_counts" (
	"slot" timestamp with time zone PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION booking_start_slot(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_bin('15 minutes', at, TIMESTAMPTZ '2001-01-01 00:00:00+00')
$$;
--> statement-breakpoint
-- Adds d to the slots of the given starts, summed per slot first and written in slot order (no deadlock between writers).
CREATE FUNCTION booking_start_counts_add(starts timestamptz[], d integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO booking_start_counts (slot, n)
  SELECT booking_start_slot(s), d * count(*) FROM unnest(starts) s GROUP BY 1 ORDER BY 1
  ON CONFLICT (slot) DO UPDATE SET n = booking_start_counts.n + EXCLUDED.n
$$;
--> statement-breakpoint
CREATE FUNCTION booking_start_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM booking_start_counts_add(ARRAY(SELECT start_at FROM new_rows), 1);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION booking_start_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM booking_start_counts_add(ARRAY(SELECT start_at FROM old_rows), -1);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A moved booking: one row at a time, and only when its start changed (the many other booking writes cost nothing).
CREATE FUNCTION booking_start_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF booking_start_slot(OLD.start_at) <> booking_start_slot(NEW.start_at) THEN
    INSERT INTO booking_start_counts (slot, n)
    SELECT s, d FROM (VALUES (booking_start_slot(OLD.start_at), -1), (booking_start_slot(NEW.start_at), 1)) v (s, d) ORDER BY s
    ON CONFLICT (slot) DO UPDATE SET n = booking_start_counts.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_start_counts_ins AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_start_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER bookings_start_counts_del AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_start_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER bookings_start_counts_upd AFTER UPDATE OF start_at ON bookings
  FOR EACH ROW WHEN (OLD.start_at IS DISTINCT FROM NEW.start_at) EXECUTE FUNCTION booking_start_counts_moved();
--> statement-breakpoint
-- Announced to the response cache like every other table (migration 0038).
CREATE TRIGGER booking_start_counts_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON booking_start_counts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_generation();
--> statement-breakpoint
INSERT INTO booking_start_counts (slot, n) SELECT booking_start_slot(start_at), count(*) FROM bookings GROUP BY 1;
