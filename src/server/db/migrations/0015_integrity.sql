ALTER TABLE "chart_notes" ADD COLUMN "amends_note_id" uuid;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "patient_id" uuid;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "record_type" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "record_id" text;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "notes_need_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chart_notes" ADD CONSTRAINT "chart_notes_amends_note_id_chart_notes_id_fk" FOREIGN KEY ("amends_note_id") REFERENCES "public"."chart_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chart_notes_amends_idx" ON "chart_notes" USING btree ("amends_note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kits_tube_id_unique" ON "kits" USING btree ("tube_id") WHERE "kits"."tube_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stored_files_record_idx" ON "stored_files" USING btree ("record_type","record_id");