-- A visit's video calls: when each started and ended, and which party ended it. The media never
-- reaches the server; only these times are kept. One call of a visit is open at a time.
CREATE TABLE "video_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"started_by" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" uuid,
	"ended_by_side" text,
	CONSTRAINT "video_calls_ended_by_side_check" CHECK ("video_calls"."ended_by_side" IN ('patient', 'clinician')),
	CONSTRAINT "video_calls_ended_together" CHECK (("video_calls"."ended_at" IS NULL) = ("video_calls"."ended_by_side" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_calls_one_open_per_visit" ON "video_calls" USING btree ("visit_id") WHERE "video_calls"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "video_calls_visit_idx" ON "video_calls" USING btree ("visit_id","started_at");
--> statement-breakpoint
-- What the two parties of an open call send each other to connect (offers, answers, ICE candidates):
-- kept for minutes, until the other party's stream has read them. Unlogged, as the presence rows
-- (decision 059): a crash empties it, and the parties' pages negotiate again.
CREATE UNLOGGED TABLE "video_signals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"call_id" uuid NOT NULL,
	"to_side" text NOT NULL,
	"signal" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_signals_to_side_check" CHECK ("video_signals"."to_side" IN ('patient', 'clinician'))
);
--> statement-breakpoint
ALTER TABLE "video_signals" ADD CONSTRAINT "video_signals_call_id_video_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."video_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_signals_call_idx" ON "video_signals" USING btree ("call_id","to_side","id");--> statement-breakpoint
CREATE INDEX "video_signals_created_idx" ON "video_signals" USING btree ("created_at");
