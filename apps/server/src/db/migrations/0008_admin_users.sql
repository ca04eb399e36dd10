-- Admin Users tab (decision 018): an index per sort order (each ending in id, the tie-breaker, and
-- scanned backwards for the descending order and for deep pages), trigram indexes for substring
-- search, and the sealed details of an audit row (the changes of an edit and its reason).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_email_sort_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_full_name_sort_idx" ON "users" USING btree (("first_name" || ' ' || "last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_submitted_sort_idx" ON "users" USING btree (coalesce("submitted_at", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "users_status_sort_idx" ON "users" USING btree ("subscription_status","id");--> statement-breakpoint
CREATE INDEX "users_amount_sort_idx" ON "users" USING btree ("subscription_amount_cents","id");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "details" text;--> statement-breakpoint
-- Key rotation (phi:rotate) re-seals details in place: an UPDATE that changes nothing but the sealed
-- details passes; the chain hash covers the opened details, so any other value put there still shows.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'details') = (to_jsonb(OLD) - 'details') THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'audit_log is append-only';
END
$$;
