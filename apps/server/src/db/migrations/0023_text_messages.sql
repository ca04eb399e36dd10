-- Text messages: their outbox, each grant or withdrawal of consent to them, and a keyed hash of each
-- account's phone to find its accounts by the number a reply comes from (the phone itself is sealed).
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"recipient" text,
	"body" text,
	"kind" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_outbox_kind_known" CHECK ("kind" IN ('doctor-ready', 'visit-message'))
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE sent_at IS NULL AND failed_at IS NULL;--> statement-breakpoint
CREATE TABLE "consent_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_channel_known" CHECK ("channel" IN ('sms')),
	CONSTRAINT "consent_records_source_known" CHECK ("source" IN ('sign-up', 'profile', 'sms-keyword'))
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_user_idx" ON "consent_records" USING btree ("user_id","at");--> statement-breakpoint
-- Filled at start for the accounts that have a phone (the key is not the database's to know).
ALTER TABLE "users" ADD COLUMN "phone_index" text;--> statement-breakpoint
CREATE INDEX "users_phone_index_idx" ON "users" USING btree ("phone_index") WHERE phone_index IS NOT NULL;
