CREATE TABLE "pass_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kit_id" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"result_status" text NOT NULL,
	"provider" text NOT NULL,
	"payload" jsonb,
	"provider_reference" text,
	"submitted_by" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "pass_member" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "share_with_pass" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pass_submissions" ADD CONSTRAINT "pass_submissions_kit_id_kits_kit_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("kit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_submissions" ADD CONSTRAINT "pass_submissions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pass_submissions_kit_idx" ON "pass_submissions" USING btree ("kit_id","submitted_at");