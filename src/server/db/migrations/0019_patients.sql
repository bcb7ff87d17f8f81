ALTER TABLE "patients" ADD COLUMN "gender_identity" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "race" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "ethnicity" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "sexual_orientation" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "profile_pic_key" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "photon_erx_patient_id" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE TABLE "patient_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"event_type" text NOT NULL,
	"actor_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient_events" ADD CONSTRAINT "patient_events_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_events_patient_idx" ON "patient_events" USING btree ("patient_id","created_at","id");--> statement-breakpoint
CREATE INDEX "patients_preferred_name_prefix_idx" ON "patients" USING btree (lower("preferred_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_phone_last10_idx" ON "patients" USING btree ((right(regexp_replace(coalesce("phone", ''), '\D', '', 'g'), 10)) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_sort_name_idx" ON "patients" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "bookings_patient_start_idx" ON "bookings" USING btree ("patient_id","start_at");--> statement-breakpoint
CREATE INDEX "kits_patient_registration_idx" ON "kits" USING btree ("patient_id","registration_date");--> statement-breakpoint
CREATE INDEX "orders_patient_created_idx" ON "orders" USING btree ("patient_id","created_at","id");
