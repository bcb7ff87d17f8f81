-- The local pharmacy advances orders PLACED → ROUTING → PENDING → COMPLETED (issue 21): when each order and fill last changed.
ALTER TABLE "erx_orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "erx_fills" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- The PHI access log shows users by name (review leftover): the names of signed-in users from their token, kept when
-- they open the portal (GET /secure/account/status). Clinicians also have their profile; staff and auditors only this.
CREATE TABLE "portal_users" (
	"sub" text PRIMARY KEY NOT NULL,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
