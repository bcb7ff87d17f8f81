CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_sub" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"patient_id" uuid,
	"outcome" text NOT NULL,
	"request_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"clinician_id" uuid,
	"care_type" text NOT NULL,
	"care_location" text NOT NULL,
	"status" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"timezone" text NOT NULL,
	"tag" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinicians" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"state" text,
	"timezone" text,
	"calendar_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kits" (
	"kit_id" text PRIMARY KEY NOT NULL,
	"patient_id" uuid,
	"booking_id" text,
	"product_name" text NOT NULL,
	"lab_name" text NOT NULL,
	"requisition_id" text,
	"status" text NOT NULL,
	"care_location" text NOT NULL,
	"registration_date" timestamp with time zone DEFAULT now() NOT NULL,
	"sample_taken_date" timestamp with time zone,
	"received_date" timestamp with time zone,
	"ship_manifest_num" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_requests" (
	"kit_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"clinician_id" uuid,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"internal_note" text,
	"external_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinician_id" uuid NOT NULL,
	"state" text NOT NULL,
	"license_id" text NOT NULL,
	"expiration_date" date NOT NULL,
	"good_standing" boolean NOT NULL,
	"acknowledgement" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"patient_id" uuid NOT NULL,
	"to_clinician_id" uuid,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"message_type" text NOT NULL,
	"from_actor_type" text NOT NULL,
	"unread" boolean DEFAULT true NOT NULL,
	"status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"kit_id" text,
	"patient_id" uuid,
	"status" text NOT NULL,
	"email" text NOT NULL,
	"vendor" text NOT NULL,
	"care_location" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"preferred_name" text,
	"email" text NOT NULL,
	"phone" text,
	"dob" date,
	"gender" text,
	"gender_at_birth" text,
	"pronoun" text,
	"allergies" text,
	"symptoms" text,
	"medication" text,
	"street" text,
	"street2" text,
	"city" text,
	"state" text,
	"zip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_state" (
	"name" text PRIMARY KEY NOT NULL,
	"rows" integer NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "test_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kit_id" text NOT NULL,
	"status" text NOT NULL,
	"clinician_id" uuid,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"internal_notes" text,
	"external_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_clinician_id_clinicians_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kits" ADD CONSTRAINT "kits_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_requests" ADD CONSTRAINT "lab_requests_kit_id_kits_kit_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("kit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_requests" ADD CONSTRAINT "lab_requests_clinician_id_clinicians_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_clinician_id_clinicians_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_to_clinician_id_clinicians_id_fk" FOREIGN KEY ("to_clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kit_id_kits_kit_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("kit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_kit_id_kits_kit_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("kit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_clinician_id_clinicians_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "bookings_start_idx" ON "bookings" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status");--> statement-breakpoint
CREATE INDEX "bookings_clinician_idx" ON "bookings" USING btree ("clinician_id","start_at");--> statement-breakpoint
CREATE INDEX "bookings_patient_idx" ON "bookings" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinicians_email_uq" ON "clinicians" USING btree ("email");--> statement-breakpoint
CREATE INDEX "kits_status_created_idx" ON "kits" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "kits_patient_idx" ON "kits" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "kits_location_status_idx" ON "kits" USING btree ("care_location","status");--> statement-breakpoint
CREATE INDEX "lab_requests_status_idx" ON "lab_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "lab_requests_clinician_idx" ON "lab_requests" USING btree ("clinician_id");--> statement-breakpoint
CREATE INDEX "licences_clinician_idx" ON "licences" USING btree ("clinician_id");--> statement-breakpoint
CREATE INDEX "messages_to_unread_idx" ON "messages" USING btree ("to_clinician_id","unread");--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "patients_state_idx" ON "patients" USING btree ("state");--> statement-breakpoint
CREATE INDEX "patients_last_name_idx" ON "patients" USING btree (lower("last_name"));--> statement-breakpoint
CREATE INDEX "patients_email_idx" ON "patients" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "test_results_kit_uq" ON "test_results" USING btree ("kit_id");--> statement-breakpoint
CREATE INDEX "test_results_status_idx" ON "test_results" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "test_results_clinician_idx" ON "test_results" USING btree ("clinician_id");