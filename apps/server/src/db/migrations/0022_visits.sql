-- Visits: a patient's request, its claim by a clinician, the note, addenda, the message thread and
-- hand-backs. Rows are kept whatever happens to the accounts (the record is kept 7 years): no cascades.
-- Symptoms, phone numbers, notes, messages and reasons are sealed text (decision 016).
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"requested_by" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"service" text NOT NULL,
	"mode" text NOT NULL,
	"state" text NOT NULL,
	"symptoms" text NOT NULL,
	"since" text NOT NULL,
	"callback_phone" text NOT NULL,
	"coverage" text NOT NULL,
	"history_version_id" bigint REFERENCES "health_history_versions"("id") ON DELETE restrict,
	"status" text DEFAULT 'waiting' NOT NULL,
	"clinician_id" uuid REFERENCES "clinicians"("user_id") ON DELETE restrict,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"consent_version" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_ip" text,
	CONSTRAINT "visits_service_known" CHECK ("service" IN ('urgent-care', 'primary-care', 'womens-health', 'pediatric-care')),
	CONSTRAINT "visits_mode_known" CHECK ("mode" IN ('video', 'phone', 'message')),
	CONSTRAINT "visits_status_known" CHECK ("status" IN ('waiting', 'claimed', 'in_visit', 'completed', 'cancelled')),
	CONSTRAINT "visits_claimed_has_clinician" CHECK ("status" IN ('waiting', 'cancelled') OR "clinician_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "visits_one_open_per_patient" ON "visits" USING btree ("patient_id") WHERE status IN ('waiting', 'claimed', 'in_visit');--> statement-breakpoint
CREATE INDEX "visits_queue_idx" ON "visits" USING btree ("state", "requested_at") WHERE status = 'waiting';--> statement-breakpoint
CREATE INDEX "visits_patient_idx" ON "visits" USING btree ("patient_id", "requested_at");--> statement-breakpoint
CREATE INDEX "visits_clinician_idx" ON "visits" USING btree ("clinician_id", "status");--> statement-breakpoint
CREATE INDEX "visits_claimed_idx" ON "visits" USING btree ("claimed_at");--> statement-breakpoint
CREATE TABLE "visit_notes" (
	"visit_id" uuid PRIMARY KEY NOT NULL REFERENCES "visits"("id") ON DELETE restrict,
	"note" text NOT NULL,
	"pharmacy" text,
	"signed_at" timestamp with time zone,
	"signed_by" uuid REFERENCES "clinicians"("user_id") ON DELETE restrict,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_addenda" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visit_id" uuid NOT NULL REFERENCES "visits"("id") ON DELETE restrict,
	"author_id" uuid NOT NULL REFERENCES "clinicians"("user_id") ON DELETE restrict,
	"text" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "visit_addenda_visit_idx" ON "visit_addenda" USING btree ("visit_id", "id");--> statement-breakpoint
CREATE TABLE "visit_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visit_id" uuid NOT NULL REFERENCES "visits"("id") ON DELETE restrict,
	"author_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"from_side" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "visit_messages_visit_idx" ON "visit_messages" USING btree ("visit_id", "id");--> statement-breakpoint
CREATE TABLE "visit_releases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visit_id" uuid NOT NULL REFERENCES "visits"("id") ON DELETE restrict,
	"clinician_id" uuid NOT NULL REFERENCES "clinicians"("user_id") ON DELETE restrict,
	"reason" text NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "visit_releases_visit_idx" ON "visit_releases" USING btree ("visit_id");
