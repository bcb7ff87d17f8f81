CREATE TABLE "payment_checkouts" (
	"token" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"billing" jsonb NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" text NOT NULL,
	"checkout_token" uuid NOT NULL,
	"payment_token_sha256" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"transaction_id" text,
	"account_number" text,
	"message" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_settlements" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"invoice_number" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"account_number" text NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_checkout_token_payment_checkouts_token_fk" FOREIGN KEY ("checkout_token") REFERENCES "public"."payment_checkouts"("token") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_checkouts_booking_idx" ON "payment_checkouts" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_token_uniq" ON "payments" USING btree ("payment_token_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_settled_checkout_uniq" ON "payments" USING btree ("checkout_token") WHERE "payments"."status" = 'SETTLED';--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id","created_at");
