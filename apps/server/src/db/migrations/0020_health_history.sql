-- The patient's health history, one row per save: rows are added, never changed, so an earlier
-- version stays what the history said when it was saved. The history is sealed text (decision 016).
CREATE TABLE "health_history_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"history" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "health_history_versions" ADD CONSTRAINT "health_history_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_history_versions_user_idx" ON "health_history_versions" USING btree ("user_id","id");
