-- Readiness (GET /health/ready) compares the migrations applied with the server's own migration files: the runtime
-- role may read drizzle's list of applied migrations (their hashes and times, no data), nothing more.
GRANT USAGE ON SCHEMA drizzle TO portal_app;--> statement-breakpoint
GRANT SELECT ON drizzle.__drizzle_migrations TO portal_app;
