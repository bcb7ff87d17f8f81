CREATE SEQUENCE "public"."booking_kit_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "booking_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"kind" text NOT NULL,
	"note" text NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_products" (
	"unique_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" text NOT NULL,
	"product_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"variant_id" text,
	"variant_name" text,
	"unit_price_cents" integer NOT NULL,
	"qty" integer DEFAULT 1 NOT NULL,
	"payment_status" text DEFAULT 'UNPAID' NOT NULL,
	"paid_cents" integer,
	"reason_or_comment" text,
	"discount_type" text,
	"discount_value_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_services" (
	"id" text PRIMARY KEY NOT NULL,
	"state_code" text,
	"group_title" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"variant_id" text,
	"variant_name" text,
	"price_cents" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" text,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text,
	"provider" text NOT NULL,
	"provider_message_id" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "customer_notes" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "intake_link" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "meeting_url" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "meeting_pwd" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "consult_medium" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "planned_mins" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "actual_mins" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cal_com_unique_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "is_returning" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "self_check_in_steps" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "identity_verified" boolean;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "document_keys" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pre_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pre_marked_no_show" boolean;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "clinical_service_mins" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "clinical_service_notes" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "actual_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "closing_notes" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_mode" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_ref_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "has_account" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_log" ADD CONSTRAINT "booking_log_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_products" ADD CONSTRAINT "booking_products_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_log_booking_idx" ON "booking_log" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_products_booking_idx" ON "booking_products" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_services_state_idx" ON "booking_services" USING btree ("state_code","sort_order");--> statement-breakpoint
CREATE INDEX "mail_outbox_booking_idx" ON "mail_outbox" USING btree ("booking_id","sent_at");--> statement-breakpoint
CREATE INDEX "kits_booking_idx" ON "kits" USING btree ("booking_id");