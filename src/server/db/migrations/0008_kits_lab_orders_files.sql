CREATE SEQUENCE "public"."lab_order_kit_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."shipping_manifest_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "shipping_manifest_kits" (
	"manifest_id" text NOT NULL,
	"kit_id" text NOT NULL,
	CONSTRAINT "shipping_manifest_kits_manifest_id_kit_id_pk" PRIMARY KEY("manifest_id","kit_id")
);
--> statement-breakpoint
CREATE TABLE "shipping_manifests" (
	"id" text PRIMARY KEY NOT NULL,
	"tracking_number" text NOT NULL,
	"provider" text NOT NULL,
	"care_location" text NOT NULL,
	"comment" text,
	"created_by" text NOT NULL,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_compendium" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lab_name" text NOT NULL,
	"location" text,
	"test_or_panel_name" text NOT NULL,
	"panel" boolean NOT NULL,
	"test_code" text NOT NULL,
	"editable" boolean NOT NULL,
	"specifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kits" ADD COLUMN "panel_name" text;--> statement-breakpoint
ALTER TABLE "kits" ADD COLUMN "panel_test_specifications" jsonb;--> statement-breakpoint
ALTER TABLE "kits" ADD COLUMN "ref_id" text;--> statement-breakpoint
ALTER TABLE "kits" ADD COLUMN "ref_id_type" text;--> statement-breakpoint
ALTER TABLE "kits" ADD COLUMN "sample_label_url" text;--> statement-breakpoint
ALTER TABLE "kits" ADD COLUMN "sample_label_fingerprint" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "inbound_tracking" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "outbound_tracking" text;--> statement-breakpoint
ALTER TABLE "shipping_manifest_kits" ADD CONSTRAINT "shipping_manifest_kits_manifest_id_shipping_manifests_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."shipping_manifests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_manifest_kits" ADD CONSTRAINT "shipping_manifest_kits_kit_id_kits_kit_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("kit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_manifest_kits_kit_uq" ON "shipping_manifest_kits" USING btree ("kit_id");--> statement-breakpoint
CREATE INDEX "shipping_manifests_created_idx" ON "shipping_manifests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shipping_manifests_location_created_idx" ON "shipping_manifests" USING btree ("care_location","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_compendium_code_uq" ON "test_compendium" USING btree ("lab_name","test_code",COALESCE("location", ''));--> statement-breakpoint
CREATE INDEX "test_compendium_lab_idx" ON "test_compendium" USING btree ("lab_name","sort_order");--> statement-breakpoint
CREATE INDEX "kits_status_location_created_idx" ON "kits" USING btree ("status","care_location","created_at","kit_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_location_created_idx" ON "orders" USING btree ("status","care_location","created_at","id");--> statement-breakpoint
CREATE INDEX "patients_first_name_prefix_idx" ON "patients" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_last_name_prefix_idx" ON "patients" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_email_prefix_idx" ON "patients" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_full_name_prefix_idx" ON "patients" USING btree (lower("first_name" || ' ' || "last_name") text_pattern_ops);
--> statement-breakpoint
-- Test compendium reference data (spec 1 §3; panel names of spec 2 §9). Codes are the portal's own demo codes.
INSERT INTO "test_compendium" ("lab_name", "location", "test_or_panel_name", "panel", "test_code", "editable", "specifications", "sort_order") VALUES
  ('LIFESCAN', NULL, 'Custom Panel', true, 'LSP101', true, '[{"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "LS1003", "editable": true}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "LS1010", "editable": true}, {"testName": "Trichomonas vaginalis, NAA", "testCode": "LS1031", "editable": true}, {"testName": "HIV-1/2 Ag/Ab, 4th generation", "testCode": "LS1038", "editable": true}, {"testName": "Syphilis (RPR) with reflex to titer", "testCode": "LS1045", "editable": true}, {"testName": "Hepatitis C Ab with reflex to RNA", "testCode": "LS1066", "editable": true}]'::jsonb, 10),
  ('LIFESCAN', NULL, 'Performer Panel', true, 'LSP104', true, '[{"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "LS1003", "editable": false}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "LS1010", "editable": false}, {"testName": "Chlamydia/Gonorrhea, NAA (oral swab)", "testCode": "LS1017", "editable": false}, {"testName": "Chlamydia/Gonorrhea, NAA (rectal swab)", "testCode": "LS1024", "editable": false}, {"testName": "HIV-1/2 Ag/Ab, 4th generation", "testCode": "LS1038", "editable": false}, {"testName": "Syphilis (RPR) with reflex to titer", "testCode": "LS1045", "editable": false}, {"testName": "Trichomonas vaginalis, NAA", "testCode": "LS1031", "editable": true}]'::jsonb, 20),
  ('LIFESCAN', NULL, 'Polyamorous / Unsure Exposure Panel', true, 'LSP107', true, '[{"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "LS1003", "editable": false}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "LS1010", "editable": false}, {"testName": "Chlamydia/Gonorrhea, NAA (oral swab)", "testCode": "LS1017", "editable": true}, {"testName": "Chlamydia/Gonorrhea, NAA (rectal swab)", "testCode": "LS1024", "editable": true}, {"testName": "Trichomonas vaginalis, NAA", "testCode": "LS1031", "editable": true}, {"testName": "HIV-1/2 Ag/Ab, 4th generation", "testCode": "LS1038", "editable": false}, {"testName": "Syphilis (RPR) with reflex to titer", "testCode": "LS1045", "editable": false}, {"testName": "Hepatitis B surface Ag", "testCode": "LS1059", "editable": true}, {"testName": "Hepatitis C Ab with reflex to RNA", "testCode": "LS1066", "editable": true}, {"testName": "HSV-2 IgG, Type-Specific Antibody", "testCode": "LS1087", "editable": true}]'::jsonb, 30),
  ('LIFESCAN', NULL, 'The VIP Panel', true, 'LSP110', true, '[{"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "LS1003", "editable": false}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "LS1010", "editable": false}, {"testName": "Chlamydia/Gonorrhea, NAA (oral swab)", "testCode": "LS1017", "editable": false}, {"testName": "Chlamydia/Gonorrhea, NAA (rectal swab)", "testCode": "LS1024", "editable": false}, {"testName": "Trichomonas vaginalis, NAA", "testCode": "LS1031", "editable": false}, {"testName": "HIV-1/2 Ag/Ab, 4th generation", "testCode": "LS1038", "editable": false}, {"testName": "Syphilis (RPR) with reflex to titer", "testCode": "LS1045", "editable": false}, {"testName": "Hepatitis B surface Ag", "testCode": "LS1059", "editable": false}, {"testName": "Hepatitis C Ab with reflex to RNA", "testCode": "LS1066", "editable": false}, {"testName": "Hepatitis A Ab, IgG", "testCode": "LS1073", "editable": true}, {"testName": "HSV-1 IgG, Type-Specific Antibody", "testCode": "LS1080", "editable": true}, {"testName": "HSV-2 IgG, Type-Specific Antibody", "testCode": "LS1087", "editable": true}, {"testName": "Mycoplasma genitalium, NAA", "testCode": "LS1094", "editable": true}]'::jsonb, 40),
  ('LIFESCAN', NULL, 'Check Me Out Panel', true, 'LSP113', true, '[{"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "LS1003", "editable": false}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "LS1010", "editable": false}, {"testName": "Trichomonas vaginalis, NAA", "testCode": "LS1031", "editable": true}, {"testName": "HIV-1/2 Ag/Ab, 4th generation", "testCode": "LS1038", "editable": false}, {"testName": "Syphilis (RPR) with reflex to titer", "testCode": "LS1045", "editable": true}]'::jsonb, 50),
  ('LIFESCAN', NULL, '3 - Site Oral + Chlamydia', true, 'LSP116', false, '[{"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "LS1003", "editable": false}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "LS1010", "editable": false}, {"testName": "Chlamydia/Gonorrhea, NAA (oral swab)", "testCode": "LS1017", "editable": false}, {"testName": "Chlamydia/Gonorrhea, NAA (rectal swab)", "testCode": "LS1024", "editable": false}]'::jsonb, 60),
  ('LIFESCAN', NULL, 'Bacterial Vaginosis', true, 'LSP119', false, '[{"testName": "Bacterial Vaginosis panel, NAA", "testCode": "LS1101", "editable": false}]'::jsonb, 70),
  ('LIFESCAN', NULL, 'HPV', true, 'LSP122', false, '[{"testName": "HPV high-risk, NAA", "testCode": "LS1108", "editable": false}]'::jsonb, 80),
  ('LIFESCAN', 'CHARLESTON_NV_89104', 'PASS Performer Panel', true, 'LSP125', true, '[{"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "LS1003", "editable": false}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "LS1010", "editable": false}, {"testName": "Chlamydia/Gonorrhea, NAA (oral swab)", "testCode": "LS1017", "editable": false}, {"testName": "Chlamydia/Gonorrhea, NAA (rectal swab)", "testCode": "LS1024", "editable": false}, {"testName": "HIV-1/2 Ag/Ab, 4th generation", "testCode": "LS1038", "editable": false}, {"testName": "Syphilis (RPR) with reflex to titer", "testCode": "LS1045", "editable": false}, {"testName": "Treponema pallidum Ab", "testCode": "LS1052", "editable": true}]'::jsonb, 90),
  ('LIFESCAN', NULL, 'Mycoplasma genitalium', true, 'LSP128', false, '[{"testName": "Mycoplasma genitalium, NAA", "testCode": "LS1094", "editable": false}]'::jsonb, 100),
  ('LIFESCAN', 'CHARLESTON_NV_89104', 'RUB Panel', true, 'LSP131', true, '[{"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "LS1003", "editable": false}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "LS1010", "editable": false}, {"testName": "HIV-1/2 Ag/Ab, 4th generation", "testCode": "LS1038", "editable": false}, {"testName": "Syphilis (RPR) with reflex to titer", "testCode": "LS1045", "editable": false}, {"testName": "Hepatitis C Ab with reflex to RNA", "testCode": "LS1066", "editable": true}]'::jsonb, 110),
  ('LIFESCAN', 'CHARLESTON_NV_89104', 'PASS/ Spankchain MGen Program', true, 'LSP134', true, '[{"testName": "Mycoplasma genitalium, NAA", "testCode": "LS1094", "editable": false}, {"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "LS1003", "editable": true}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "LS1010", "editable": true}]'::jsonb, 120),
  ('LIFESCAN', NULL, 'Chlamydia trachomatis, NAA (urine)', false, 'LS1003', true, '[]'::jsonb, 130),
  ('LIFESCAN', NULL, 'Neisseria gonorrhoeae, NAA (urine)', false, 'LS1010', true, '[]'::jsonb, 140),
  ('LIFESCAN', NULL, 'Chlamydia/Gonorrhea, NAA (oral swab)', false, 'LS1017', true, '[]'::jsonb, 150),
  ('LIFESCAN', NULL, 'Chlamydia/Gonorrhea, NAA (rectal swab)', false, 'LS1024', true, '[]'::jsonb, 160),
  ('LIFESCAN', NULL, 'Trichomonas vaginalis, NAA', false, 'LS1031', true, '[]'::jsonb, 170),
  ('LIFESCAN', NULL, 'HIV-1/2 Ag/Ab, 4th generation', false, 'LS1038', true, '[]'::jsonb, 180),
  ('LIFESCAN', NULL, 'Syphilis (RPR) with reflex to titer', false, 'LS1045', true, '[]'::jsonb, 190),
  ('LIFESCAN', NULL, 'Treponema pallidum Ab', false, 'LS1052', true, '[]'::jsonb, 200),
  ('LIFESCAN', NULL, 'Hepatitis B surface Ag', false, 'LS1059', true, '[]'::jsonb, 210),
  ('LIFESCAN', NULL, 'Hepatitis C Ab with reflex to RNA', false, 'LS1066', true, '[]'::jsonb, 220),
  ('LIFESCAN', NULL, 'Hepatitis A Ab, IgG', false, 'LS1073', true, '[]'::jsonb, 230),
  ('LIFESCAN', NULL, 'HSV-1 IgG, Type-Specific Antibody', false, 'LS1080', true, '[]'::jsonb, 240),
  ('LIFESCAN', NULL, 'HSV-2 IgG, Type-Specific Antibody', false, 'LS1087', true, '[]'::jsonb, 250),
  ('LIFESCAN', NULL, 'Mycoplasma genitalium, NAA', false, 'LS1094', true, '[]'::jsonb, 260),
  ('LIFESCAN', NULL, 'Bacterial Vaginosis panel, NAA', false, 'LS1101', true, '[]'::jsonb, 270),
  ('LIFESCAN', NULL, 'HPV high-risk, NAA', false, 'LS1108', true, '[]'::jsonb, 280),
  ('LIFESCAN', NULL, 'Creatinine', false, 'LS1115', true, '[]'::jsonb, 290),
  ('CDD', NULL, 'Custom Panel', true, 'CDD-P11', true, '[{"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "CDD-103", "editable": true}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "CDD-110", "editable": true}, {"testName": "Trichomonas vaginalis, NAA", "testCode": "CDD-131", "editable": true}, {"testName": "HIV-1/2 Ag/Ab, 4th generation", "testCode": "CDD-138", "editable": true}, {"testName": "Syphilis (RPR) with reflex to titer", "testCode": "CDD-145", "editable": true}, {"testName": "Hepatitis C Ab with reflex to RNA", "testCode": "CDD-166", "editable": true}]'::jsonb, 10),
  ('CDD', NULL, 'Performer Panel', true, 'CDD-P14', true, '[{"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "CDD-103", "editable": false}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "CDD-110", "editable": false}, {"testName": "Chlamydia/Gonorrhea, NAA (oral swab)", "testCode": "CDD-117", "editable": false}, {"testName": "Chlamydia/Gonorrhea, NAA (rectal swab)", "testCode": "CDD-124", "editable": false}, {"testName": "HIV-1/2 Ag/Ab, 4th generation", "testCode": "CDD-138", "editable": false}, {"testName": "Syphilis (RPR) with reflex to titer", "testCode": "CDD-145", "editable": false}, {"testName": "Trichomonas vaginalis, NAA", "testCode": "CDD-131", "editable": true}]'::jsonb, 20),
  ('CDD', NULL, 'Check Me Out Panel', true, 'CDD-P23', true, '[{"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "CDD-103", "editable": false}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "CDD-110", "editable": false}, {"testName": "Trichomonas vaginalis, NAA", "testCode": "CDD-131", "editable": true}, {"testName": "HIV-1/2 Ag/Ab, 4th generation", "testCode": "CDD-138", "editable": false}, {"testName": "Syphilis (RPR) with reflex to titer", "testCode": "CDD-145", "editable": true}]'::jsonb, 30),
  ('CDD', NULL, '3 - Site Oral + Chlamydia', true, 'CDD-P26', false, '[{"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "CDD-103", "editable": false}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "CDD-110", "editable": false}, {"testName": "Chlamydia/Gonorrhea, NAA (oral swab)", "testCode": "CDD-117", "editable": false}, {"testName": "Chlamydia/Gonorrhea, NAA (rectal swab)", "testCode": "CDD-124", "editable": false}]'::jsonb, 40),
  ('CDD', NULL, 'Bacterial Vaginosis', true, 'CDD-P29', false, '[{"testName": "Bacterial Vaginosis panel, NAA", "testCode": "CDD-201", "editable": false}]'::jsonb, 50),
  ('CDD', NULL, 'HPV', true, 'CDD-P32', false, '[{"testName": "HPV high-risk, NAA", "testCode": "CDD-208", "editable": false}]'::jsonb, 60),
  ('CDD', NULL, 'Mycoplasma genitalium', true, 'CDD-P38', false, '[{"testName": "Mycoplasma genitalium, NAA", "testCode": "CDD-194", "editable": false}]'::jsonb, 70),
  ('CDD', 'CHARLESTON_NV_89104', 'RUB Panel', true, 'CDD-P41', true, '[{"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "CDD-103", "editable": false}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "CDD-110", "editable": false}, {"testName": "HIV-1/2 Ag/Ab, 4th generation", "testCode": "CDD-138", "editable": false}, {"testName": "Syphilis (RPR) with reflex to titer", "testCode": "CDD-145", "editable": false}, {"testName": "Hepatitis C Ab with reflex to RNA", "testCode": "CDD-166", "editable": true}]'::jsonb, 80),
  ('CDD', NULL, 'Chlamydia trachomatis, NAA (urine)', false, 'CDD-103', true, '[]'::jsonb, 90),
  ('CDD', NULL, 'Neisseria gonorrhoeae, NAA (urine)', false, 'CDD-110', true, '[]'::jsonb, 100),
  ('CDD', NULL, 'Chlamydia/Gonorrhea, NAA (oral swab)', false, 'CDD-117', true, '[]'::jsonb, 110),
  ('CDD', NULL, 'Chlamydia/Gonorrhea, NAA (rectal swab)', false, 'CDD-124', true, '[]'::jsonb, 120),
  ('CDD', NULL, 'Trichomonas vaginalis, NAA', false, 'CDD-131', true, '[]'::jsonb, 130),
  ('CDD', NULL, 'HIV-1/2 Ag/Ab, 4th generation', false, 'CDD-138', true, '[]'::jsonb, 140),
  ('CDD', NULL, 'Syphilis (RPR) with reflex to titer', false, 'CDD-145', true, '[]'::jsonb, 150),
  ('CDD', NULL, 'Hepatitis B surface Ag', false, 'CDD-159', true, '[]'::jsonb, 160),
  ('CDD', NULL, 'Hepatitis C Ab with reflex to RNA', false, 'CDD-166', true, '[]'::jsonb, 170),
  ('CDD', NULL, 'HSV-1 IgG, Type-Specific Antibody', false, 'CDD-180', true, '[]'::jsonb, 180),
  ('CDD', NULL, 'HSV-2 IgG, Type-Specific Antibody', false, 'CDD-187', true, '[]'::jsonb, 190),
  ('CDD', NULL, 'Mycoplasma genitalium, NAA', false, 'CDD-194', true, '[]'::jsonb, 200),
  ('CDD', NULL, 'Bacterial Vaginosis panel, NAA', false, 'CDD-201', true, '[]'::jsonb, 210),
  ('CDD', NULL, 'HPV high-risk, NAA', false, 'CDD-208', true, '[]'::jsonb, 220),
  ('CLEAR', NULL, 'Custom Panel', true, 'CLRP51', true, '[{"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "CLR503", "editable": true}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "CLR510", "editable": true}, {"testName": "Trichomonas vaginalis, NAA", "testCode": "CLR531", "editable": true}, {"testName": "HIV-1/2 Ag/Ab, 4th generation", "testCode": "CLR538", "editable": true}, {"testName": "Syphilis (RPR) with reflex to titer", "testCode": "CLR545", "editable": true}, {"testName": "Hepatitis C Ab with reflex to RNA", "testCode": "CLR566", "editable": true}]'::jsonb, 10),
  ('CLEAR', NULL, 'Performer Panel', true, 'CLRP54', true, '[{"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "CLR503", "editable": false}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "CLR510", "editable": false}, {"testName": "HIV-1/2 Ag/Ab, 4th generation", "testCode": "CLR538", "editable": false}, {"testName": "Syphilis (RPR) with reflex to titer", "testCode": "CLR545", "editable": false}, {"testName": "Trichomonas vaginalis, NAA", "testCode": "CLR531", "editable": true}]'::jsonb, 20),
  ('CLEAR', NULL, 'Check Me Out Panel', true, 'CLRP63', true, '[{"testName": "Chlamydia trachomatis, NAA (urine)", "testCode": "CLR503", "editable": false}, {"testName": "Neisseria gonorrhoeae, NAA (urine)", "testCode": "CLR510", "editable": false}, {"testName": "Trichomonas vaginalis, NAA", "testCode": "CLR531", "editable": true}, {"testName": "HIV-1/2 Ag/Ab, 4th generation", "testCode": "CLR538", "editable": false}, {"testName": "Syphilis (RPR) with reflex to titer", "testCode": "CLR545", "editable": true}]'::jsonb, 30),
  ('CLEAR', NULL, 'Chlamydia trachomatis, NAA (urine)', false, 'CLR503', true, '[]'::jsonb, 40),
  ('CLEAR', NULL, 'Neisseria gonorrhoeae, NAA (urine)', false, 'CLR510', true, '[]'::jsonb, 50),
  ('CLEAR', NULL, 'Trichomonas vaginalis, NAA', false, 'CLR531', true, '[]'::jsonb, 60),
  ('CLEAR', NULL, 'HIV-1/2 Ag/Ab, 4th generation', false, 'CLR538', true, '[]'::jsonb, 70),
  ('CLEAR', NULL, 'Syphilis (RPR) with reflex to titer', false, 'CLR545', true, '[]'::jsonb, 80),
  ('CLEAR', NULL, 'Hepatitis C Ab with reflex to RNA', false, 'CLR566', true, '[]'::jsonb, 90),
  ('CLEAR', NULL, 'Creatinine', false, 'CLR615', true, '[]'::jsonb, 100);
