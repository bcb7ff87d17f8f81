ALTER TABLE "kits" ADD COLUMN "patient_state" text;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "care_location" text;--> statement-breakpoint
CREATE INDEX "kits_status_location_state_idx" ON "kits" USING btree ("status","care_location","patient_state");--> statement-breakpoint
CREATE INDEX "test_results_status_location_state_idx" ON "test_results" USING btree ("status","care_location","patient_state");--> statement-breakpoint
UPDATE "kits" k SET "patient_state" = p."state" FROM "patients" p WHERE p."id" = k."patient_id" AND k."patient_state" IS NULL;--> statement-breakpoint
UPDATE "test_results" tr SET "care_location" = k."care_location" FROM "kits" k WHERE k."kit_id" = tr."kit_id" AND tr."care_location" IS NULL;
