-- One request budget per client for the whole service: every instance and worker counts its requests here
-- (http/rate-limit-store.ts), one row per client key (the signed-in user, else the client address). Each request
-- runs one INSERT ... ON CONFLICT DO UPDATE on its key: the hits of the running window plus one, or a new window of
-- window_ms milliseconds from now() when the last one has ended (the database's clock, the same for every instance).
-- UNLOGGED: no WAL for a write on every request; a crash empties the table, which only gives every client a fresh
-- budget. fillfactor 50 leaves room on each page for the next version of a row, so a hit is a HOT update (no index
-- entry) and the page's dead versions are pruned as it is written.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_ms" integer NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_window_ck" CHECK (window_ms > 0)
) WITH (fillfactor = 50);
--> statement-breakpoint
-- Not announced to the response cache (migration 0034): every request writes it and no cached answer reads it.
-- The runtime role counts hits and deletes ended windows (a sweep on each instance); nothing more.
REVOKE ALL ON rate_limit_hits FROM portal_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON rate_limit_hits TO portal_app;
