-- Secure messages (spec 3 §2-§7): who sent a message, CC groups, reply rights, who replied, the latest annotation;
-- per-user read marks, the annotation history and the attachments linked to a message and its patient.
ALTER TABLE "messages" ADD COLUMN "from_sub" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sender_sub" text GENERATED ALWAYS AS (COALESCE("from_sub", "from_clinician_id"::text)) STORED;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "cc_groups" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reply_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "replied_by" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "read_by" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "latest_comment" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "latest_comment_by" text;--> statement-breakpoint
CREATE TABLE "message_reads" (
	"message_id" uuid NOT NULL REFERENCES "messages"("id"),
	"user_sub" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reads_pk" PRIMARY KEY ("message_id", "user_sub")
);--> statement-breakpoint
CREATE TABLE "message_annotations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL REFERENCES "messages"("id"),
	"patient_id" uuid NOT NULL REFERENCES "patients"("id"),
	"status" text NOT NULL,
	"comment" text NOT NULL,
	"author_sub" text NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "message_attachments" (
	"file_key" text PRIMARY KEY NOT NULL REFERENCES "stored_files"("key"),
	"message_id" uuid NOT NULL REFERENCES "messages"("id"),
	"patient_id" uuid NOT NULL REFERENCES "patients"("id"),
	"name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "message_annotations_message_idx" ON "message_annotations" USING btree ("message_id", "created_at");--> statement-breakpoint
CREATE INDEX "message_attachments_message_idx" ON "message_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_reads_user_idx" ON "message_reads" USING btree ("user_sub", "message_id");--> statement-breakpoint
CREATE INDEX "messages_inbox_idx" ON "messages" USING btree ("from_actor_type", "created_at" DESC, "id");--> statement-breakpoint
CREATE INDEX "messages_to_created_idx" ON "messages" USING btree ("to_clinician_id", "created_at" DESC);--> statement-breakpoint
CREATE INDEX "messages_sender_created_idx" ON "messages" USING btree ("sender_sub", "created_at" DESC);--> statement-breakpoint
CREATE INDEX "messages_patient_created_idx" ON "messages" USING btree ("patient_id", "created_at" DESC);--> statement-breakpoint
CREATE INDEX "messages_parent_idx" ON "messages" USING btree ("parent_id", "created_at");
