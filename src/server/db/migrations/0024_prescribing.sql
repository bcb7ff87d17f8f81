-- The local prescribing service (the e-prescribing sandbox, issue 21): its formulary, patients, prescriptions,
-- orders and fills, in the shapes of the provider's API. Production uses Photon Health instead of these tables.
CREATE TABLE "erx_treatments" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"strength" text NOT NULL,
	"form" text NOT NULL,
	"dispense_unit" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erx_patients" (
	"id" text PRIMARY KEY NOT NULL,
	"external_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"sex" text NOT NULL,
	"gender" text,
	"email" text NOT NULL,
	"phone" text,
	"address" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erx_patients_sex_check" CHECK ("sex" IN ('MALE', 'FEMALE', 'UNKNOWN'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "erx_patients_external_uq" ON "erx_patients" USING btree ("external_id");--> statement-breakpoint
CREATE TABLE "erx_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"patient_id" text NOT NULL REFERENCES "erx_patients"("id"),
	"state" text NOT NULL,
	"fulfillment_type" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erx_orders_state_check" CHECK ("state" IN ('PLACED', 'ROUTING', 'PENDING', 'COMPLETED', 'CANCELED', 'ERROR')),
	CONSTRAINT "erx_orders_fulfillment_check" CHECK ("fulfillment_type" IN ('PICK_UP', 'MAIL_ORDER'))
);
--> statement-breakpoint
CREATE TABLE "erx_prescriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"patient_id" text NOT NULL REFERENCES "erx_patients"("id"),
	"treatment_id" text NOT NULL REFERENCES "erx_treatments"("id"),
	"instructions" text NOT NULL,
	"notes" text,
	"dispense_quantity" numeric NOT NULL,
	"fills_allowed" integer NOT NULL,
	"prescriber_id" text NOT NULL,
	"prescriber_name" text NOT NULL,
	"state" text NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erx_prescriptions_state_check" CHECK ("state" IN ('DRAFT', 'ACTIVE', 'CANCELED')),
	CONSTRAINT "erx_prescriptions_fills_check" CHECK ("fills_allowed" BETWEEN 1 AND 12)
);
--> statement-breakpoint
CREATE INDEX "erx_prescriptions_patient_idx" ON "erx_prescriptions" USING btree ("patient_id","written_at");--> statement-breakpoint
CREATE TABLE "erx_fills" (
	"id" text PRIMARY KEY NOT NULL,
	"prescription_id" text NOT NULL REFERENCES "erx_prescriptions"("id"),
	"order_id" text NOT NULL REFERENCES "erx_orders"("id"),
	"state" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erx_fills_state_check" CHECK ("state" IN ('SCHEDULED', 'NEW', 'SENT', 'CANCELED'))
);
--> statement-breakpoint
CREATE INDEX "erx_fills_prescription_idx" ON "erx_fills" USING btree ("prescription_id");--> statement-breakpoint
-- One prescribing id per patient, never two (create-patient-once under concurrency).
CREATE UNIQUE INDEX "patients_photon_erx_patient_id_uq" ON "patients" USING btree ("photon_erx_patient_id") WHERE "photon_erx_patient_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "erx_treatments" ("id", "name", "strength", "form", "dispense_unit") VALUES
	('med_amoxicillin_500_cap', 'Amoxicillin 500 MG Oral Capsule', '500 mg', 'Oral Capsule', 'Capsule'),
	('med_azithromycin_250_tab', 'Azithromycin 250 MG Oral Tablet', '250 mg', 'Oral Tablet', 'Tablet'),
	('med_doxycycline_100_cap', 'Doxycycline Hyclate 100 MG Oral Capsule', '100 mg', 'Oral Capsule', 'Capsule'),
	('med_ceftriaxone_500_inj', 'Ceftriaxone 500 MG Injection', '500 mg', 'Injectable Solution', 'Vial'),
	('med_metronidazole_500_tab', 'Metronidazole 500 MG Oral Tablet', '500 mg', 'Oral Tablet', 'Tablet'),
	('med_nitrofurantoin_100_cap', 'Nitrofurantoin Monohydrate/Macrocrystals 100 MG Oral Capsule', '100 mg', 'Oral Capsule', 'Capsule'),
	('med_valacyclovir_500_tab', 'Valacyclovir 500 MG Oral Tablet', '500 mg', 'Oral Tablet', 'Tablet'),
	('med_valacyclovir_1000_tab', 'Valacyclovir 1 GM Oral Tablet', '1 g', 'Oral Tablet', 'Tablet'),
	('med_fluconazole_150_tab', 'Fluconazole 150 MG Oral Tablet', '150 mg', 'Oral Tablet', 'Tablet'),
	('med_emtricitabine_tenofovir_200_300_tab', 'Emtricitabine 200 MG / Tenofovir Disoproxil Fumarate 300 MG Oral Tablet', '200 mg / 300 mg', 'Oral Tablet', 'Tablet'),
	('med_metformin_500_tab', 'Metformin Hydrochloride 500 MG Oral Tablet', '500 mg', 'Oral Tablet', 'Tablet'),
	('med_atorvastatin_20_tab', 'Atorvastatin 20 MG Oral Tablet', '20 mg', 'Oral Tablet', 'Tablet'),
	('med_levothyroxine_50_tab', 'Levothyroxine Sodium 0.05 MG Oral Tablet', '50 mcg', 'Oral Tablet', 'Tablet'),
	('med_penicillin_g_benzathine_inj', 'Penicillin G Benzathine 2.4 MILLION UNT/4ML Injectable Suspension', '2.4 million units', 'Injectable Suspension', 'Syringe');
