-- The local pharmacy advances orders PLACED → ROUTING → PENDING → COMPLETED (issue 21): when each order and fill last changed.
ALTER TABLE "erx_orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "erx_fills" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
