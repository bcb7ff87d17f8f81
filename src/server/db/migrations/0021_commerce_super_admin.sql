-- Super-admin panel (issue 18): the local storefront (catalogue, shipping methods, orders) behind the commerce adapter,
-- the product name of an order that has no kit yet, and Labcorp result uploads linked to their order and patient.
CREATE TABLE "commerce_products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('KIT', 'PREP')),
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL REFERENCES "commerce_products"("id"),
	"sex_at_birth" text NOT NULL CHECK ("sex_at_birth" IN ('male', 'female', 'intersex')),
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce_shipping_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE "commerce_order_number_seq" START WITH 100001;
--> statement-breakpoint
CREATE TABLE "commerce_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"number" bigint NOT NULL,
	"variant_id" text NOT NULL REFERENCES "commerce_variants"("id"),
	"shipping_method_id" text NOT NULL REFERENCES "commerce_shipping_methods"("id"),
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" jsonb NOT NULL,
	"amount_paid" numeric(10, 2),
	"partner_id" text,
	"status" text DEFAULT 'UNFULFILLED' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "product_name" text;--> statement-breakpoint
CREATE TABLE "labcorp_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL REFERENCES "orders"("id"),
	"patient_id" uuid REFERENCES "patients"("id"),
	"result_type" text NOT NULL CHECK ("result_type" IN ('NEGATIVE', 'POSITIVE', 'INCONCLUSIVE', 'HIV')),
	"file_key" text NOT NULL REFERENCES "stored_files"("key"),
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "labcorp_results_order_idx" ON "labcorp_results" USING btree ("order_id", "created_at");--> statement-breakpoint
CREATE INDEX "orders_email_created_idx" ON "orders" USING btree (lower("email"), "created_at");--> statement-breakpoint
-- The catalogue of spec 3 §9: kit and PrEP products, one variant per sex at birth; two USPS Priority methods ($10, $0).
INSERT INTO "commerce_products" ("id", "name", "kind", "sort_order") VALUES
  ('prod-3-panel', '3-Panel STD Test', 'KIT', 10),
  ('prod-5-panel', '5-Panel STD Test', 'KIT', 20),
  ('prod-9-panel', '9-Panel STD Test', 'KIT', 30),
  ('prod-3-site-ctng', '3 Site Chlamydia & Gonorrhea', 'KIT', 40),
  ('prod-bv', 'Bacterial Vaginosis', 'KIT', 50),
  ('prod-hpv', 'HPV', 'KIT', 60),
  ('prod-mgen', 'Mycoplasma Genitalium', 'KIT', 70),
  ('prod-prep-paid', 'Paid PrEP HIV Prevention Program', 'PREP', 110),
  ('prod-prep-free', 'Free PrEP Program At-home STI Test', 'PREP', 120),
  ('prod-prep-maint', 'PrEP Maintenance At-home STI Test', 'PREP', 130);
--> statement-breakpoint
INSERT INTO "commerce_variants" ("id", "product_id", "sex_at_birth", "sort_order")
SELECT p.id || '-' || s.sex, p.id, s.sex, p.sort_order * 10 + s.n
  FROM "commerce_products" p CROSS JOIN (VALUES ('male', 1), ('female', 2), ('intersex', 3)) AS s(sex, n);
--> statement-breakpoint
INSERT INTO "commerce_shipping_methods" ("id", "name", "price", "sort_order") VALUES
  ('ship-usps-priority-free', 'USPS Priority (1-3 Days)', 0, 10),
  ('ship-usps-priority-10', 'USPS Priority (1-3 Days)', 10, 20);
