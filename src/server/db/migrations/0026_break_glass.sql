-- Break-glass access (issue 22): a licence-bound clinician opens one patient outside its licence states for a limited
-- time, giving a reason; super admins review every session. A session is active while now() < expires_at: expiry
-- needs no write. The Actor carries the clinician's active sessions (auth/actor.ts), so a new session notifies the
-- identity cache (migration 0017) and takes effect on the very next request.
CREATE TABLE "break_glass_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinician_id" uuid NOT NULL REFERENCES "clinicians"("id"),
	"patient_id" uuid NOT NULL REFERENCES "patients"("id"),
	"reason" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"review_note" text,
	CONSTRAINT "break_glass_reason_ck" CHECK (length(btrim(reason)) > 0),
	CONSTRAINT "break_glass_expiry_ck" CHECK (expires_at > started_at),
	CONSTRAINT "break_glass_review_ck" CHECK ((reviewed_at IS NULL) = (reviewed_by IS NULL))
);
--> statement-breakpoint
CREATE INDEX "break_glass_clinician_idx" ON "break_glass_sessions" USING btree ("clinician_id", "expires_at");
--> statement-breakpoint
CREATE INDEX "break_glass_unreviewed_idx" ON "break_glass_sessions" USING btree ("started_at") WHERE reviewed_at IS NULL;
--> statement-breakpoint
CREATE TRIGGER break_glass_sessions_notify AFTER INSERT OR UPDATE OR DELETE ON break_glass_sessions
  FOR EACH ROW EXECUTE FUNCTION notify_identity_changed();
--> statement-breakpoint
-- Every request that read or changed a patient through a break-glass session is flagged (part of the content hash
-- when set, see audit/hash.ts). Rows written before keep false and hash as before.
ALTER TABLE "audit_log" ADD COLUMN "break_glass" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "audit_log_break_glass_idx" ON "audit_log" USING btree ("id") WHERE break_glass;
--> statement-breakpoint
-- The runtime role starts and reviews sessions; it never deletes one (the review trail stays whole).
REVOKE DELETE, TRUNCATE ON break_glass_sessions FROM portal_app;
