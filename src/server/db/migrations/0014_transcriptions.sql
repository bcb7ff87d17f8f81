CREATE TABLE "transcriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"is_consumed" boolean DEFAULT false NOT NULL,
	"author_sub" text NOT NULL,
	"author_name" text,
	"author_email" text,
	"audio_url" text,
	"audio_bytes" integer,
	"audio_uploaded_at" timestamp with time zone,
	"audio_deleted_at" timestamp with time zone,
	"upload_id" text,
	"upload_parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"engine" text,
	"engine_job_name" text,
	"submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"conversation" jsonb,
	"summary" jsonb,
	"summary_kind" text,
	"failure_reason" text,
	"consumed_at" timestamp with time zone,
	"consumed_note_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transcriptions" ADD CONSTRAINT "transcriptions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD CONSTRAINT "transcriptions_consumed_note_id_chart_notes_id_fk" FOREIGN KEY ("consumed_note_id") REFERENCES "public"."chart_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcriptions_reference_idx" ON "transcriptions" USING btree ("reference_type","reference_id","created_at");--> statement-breakpoint
CREATE INDEX "transcriptions_patient_idx" ON "transcriptions" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transcriptions_one_open_uq" ON "transcriptions" USING btree ("reference_type","reference_id") WHERE status IN ('IN_PROGRESS', 'AUDIO_UPLOADED', 'AWAITING_TRANSCRIBED_OUTPUT');--> statement-breakpoint
CREATE INDEX "transcriptions_audio_retention_idx" ON "transcriptions" USING btree ("audio_uploaded_at") WHERE audio_url IS NOT NULL;