CREATE TABLE "chart_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"note" text NOT NULL,
	"note_type" text NOT NULL,
	"reference_id" text,
	"reference_type" text,
	"status" text NOT NULL,
	"visibility" text NOT NULL,
	"author_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinician_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinician_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"page" text PRIMARY KEY NOT NULL,
	"attributes" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chart_notes" ADD CONSTRAINT "chart_notes_person_id_patients_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinician_templates" ADD CONSTRAINT "clinician_templates_clinician_id_clinicians_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chart_notes_person_idx" ON "chart_notes" USING btree ("person_id","created_at");--> statement-breakpoint
CREATE INDEX "chart_notes_reference_idx" ON "chart_notes" USING btree ("reference_type","reference_id","created_at");--> statement-breakpoint
CREATE INDEX "chart_notes_draft_idx" ON "chart_notes" USING btree ("author_id","person_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "clinician_templates_owner_idx" ON "clinician_templates" USING btree ("clinician_id","updated_at");