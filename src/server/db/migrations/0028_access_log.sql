-- The PHI access log (issue 22) filters the audit table by user, record and action, newest first.
-- (Patient ids already have a GIN index and time a btree one: migration 0012.)
CREATE INDEX IF NOT EXISTS audit_log_actor_at_idx ON audit_log (actor_sub, at DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS audit_log_entity_ids_idx ON audit_log USING gin (entity_ids);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS audit_log_action_at_idx ON audit_log (action, at DESC);
