-- An enquiry is new until an admin replies (answered) or closes it (closed).
ALTER TABLE "enquiries" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_status_known" CHECK ("enquiries"."status" IN ('new', 'answered', 'closed'));--> statement-breakpoint
-- The console's list of enquiries, newest first, all of them or of one status.
CREATE INDEX "enquiries_created_idx" ON "enquiries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "enquiries_status_created_idx" ON "enquiries" USING btree ("status","created_at","id");--> statement-breakpoint
-- An admin's e-mailed reply, kept with its enquiry; its text is sealed like the enquiry's message.
CREATE TABLE "enquiry_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"author_user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD CONSTRAINT "enquiry_replies_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD CONSTRAINT "enquiry_replies_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_replies_enquiry_idx" ON "enquiry_replies" USING btree ("enquiry_id","created_at");--> statement-breakpoint
-- The audit log reads newest first by (at, id), a page after the last row seen: unfiltered or by date
-- on this index, by action on the next, by actor or subject on their indexes of migration 0007.
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at","id");
