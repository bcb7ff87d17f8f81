-- The clinician profile's personal information (spec 3 §3) and the super admin's verification of a licence.
ALTER TABLE "clinicians" ADD COLUMN "middle_name" text;--> statement-breakpoint
ALTER TABLE "clinicians" ADD COLUMN "dob" date;--> statement-breakpoint
ALTER TABLE "clinicians" ADD COLUMN "fun_fact" text;--> statement-breakpoint
ALTER TABLE "clinicians" ADD COLUMN "personal_email" text;--> statement-breakpoint
ALTER TABLE "clinicians" ADD COLUMN "tbd_email" text;--> statement-breakpoint
ALTER TABLE "clinicians" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "clinicians" ADD COLUMN "address1" text;--> statement-breakpoint
ALTER TABLE "clinicians" ADD COLUMN "address2" text;--> statement-breakpoint
ALTER TABLE "clinicians" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "clinicians" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "verified_by" text;
