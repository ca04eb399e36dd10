-- A member's change of e-mail waits on a link mailed to the new address: the token carries the address.
ALTER TABLE "one_time_tokens" ADD COLUMN "new_email" text;
--> statement-breakpoint
-- A deleted account keeps its medical and payment records, sealed, until housekeeping erases them.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "records_erase_after" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "users_records_erase_idx" ON "users" USING btree ("records_erase_after") WHERE records_erase_after IS NOT NULL;
--> statement-breakpoint
-- A member's data download: prepared in the background as an outbox's message is sent, then kept
-- sealed in the object storage until it expires.
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"storage_key" text,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "data_exports_due_idx" ON "data_exports" USING btree ("next_attempt_at") WHERE ready_at IS NULL;--> statement-breakpoint
CREATE INDEX "data_exports_expires_idx" ON "data_exports" USING btree ("expires_at") WHERE expires_at IS NOT NULL;
