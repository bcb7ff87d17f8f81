CREATE TABLE "record_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_sub" text NOT NULL,
	"actor_name" text,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "lab_requests_clinician_idx";--> statement-breakpoint
DROP INDEX "test_results_clinician_idx";--> statement-breakpoint
ALTER TABLE "kits" ADD COLUMN "tube_id" text;--> statement-breakpoint
ALTER TABLE "lab_requests" ADD COLUMN "patient_state" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "from_clinician_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reference_id" text;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "notes_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "result_file_url" text;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "patient_state" text;--> statement-breakpoint
CREATE INDEX "record_history_entity_idx" ON "record_history" USING btree ("entity_type","entity_id","at");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_from_clinician_id_clinicians_id_fk" FOREIGN KEY ("from_clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_requests_created_idx" ON "lab_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lab_requests_state_idx" ON "lab_requests" USING btree ("patient_state","created_at");--> statement-breakpoint
CREATE INDEX "test_results_created_idx" ON "test_results" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "test_results_state_idx" ON "test_results" USING btree ("patient_state","created_at");--> statement-breakpoint
CREATE INDEX "lab_requests_clinician_idx" ON "lab_requests" USING btree ("clinician_id","created_at");--> statement-breakpoint
CREATE INDEX "test_results_clinician_idx" ON "test_results" USING btree ("clinician_id","created_at");--> statement-breakpoint
UPDATE "lab_requests" lr SET "patient_state" = p."state" FROM "kits" k JOIN "patients" p ON p."id" = k."patient_id" WHERE k."kit_id" = lr."kit_id";--> statement-breakpoint
UPDATE "test_results" tr SET "patient_state" = p."state" FROM "kits" k JOIN "patients" p ON p."id" = k."patient_id" WHERE k."kit_id" = tr."kit_id";
