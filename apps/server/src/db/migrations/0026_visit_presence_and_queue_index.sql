-- Who is watching a visit's waiting room now: a row per open stream, renewed while it is open and
-- deleted when it closes. A row past its expiry (its instance stopped without closing the stream)
-- counts for nothing. Unlogged, as the rate limits (decision 040): after a crash Postgres empties it,
-- and the patients who were watching are told by mail once, as if they had left.
CREATE UNLOGGED TABLE "visit_presence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visit_presence" ADD CONSTRAINT "visit_presence_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_presence" ADD CONSTRAINT "visit_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_presence_visit_idx" ON "visit_presence" USING btree ("visit_id","user_id","expires_at");--> statement-breakpoint
CREATE INDEX "visit_presence_expires_idx" ON "visit_presence" USING btree ("expires_at");
--> statement-breakpoint
-- The clinician's queue: the oldest waiting requests of several states. visits_queue_idx leads with the
-- state, so a queue of several states read every waiting request of them and sorted them; this one is
-- read in order and stops at the page's 50.
CREATE INDEX "visits_waiting_idx" ON "visits" USING btree ("requested_at") WHERE status = 'waiting';
