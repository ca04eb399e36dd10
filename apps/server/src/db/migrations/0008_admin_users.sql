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
-- E-mails are stored lower-cased (every way in lower-cases them); the constraint makes it a rule, so
-- the search can match the column itself, as its indexes hold it, without lower() on every row.
UPDATE "users" SET "email" = lower("email") WHERE "email" <> lower("email");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_lowercase" CHECK ("email" = lower("email"));--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
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
--> statement-breakpoint
-- The unfiltered Users list's counts, kept by statement triggers so that no request counts a million
-- rows: one row, changed only when a statement changes a count (decision 018).
CREATE TABLE "user_counts" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"total" bigint NOT NULL,
	"admins" bigint NOT NULL,
	"active_subscriptions" bigint NOT NULL,
	"verified" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "user_counts" SELECT 1, count(*), count(*) FILTER (WHERE 'ROLE_ADMIN' = ANY("roles")), count(*) FILTER (WHERE "subscription_status" = 'active'), count(*) FILTER (WHERE "verified") FROM "users";--> statement-breakpoint
CREATE FUNCTION "user_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	d_total bigint := 0;
	d_admins bigint := 0;
	d_active bigint := 0;
	d_verified bigint := 0;
	a bigint;
	b bigint;
	c bigint;
	e bigint;
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		UPDATE "user_counts" SET "total" = 0, "admins" = 0, "active_subscriptions" = 0, "verified" = 0;
		RETURN NULL;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		SELECT count(*), count(*) FILTER (WHERE 'ROLE_ADMIN' = ANY("roles")), count(*) FILTER (WHERE "subscription_status" = 'active'), count(*) FILTER (WHERE "verified")
			INTO a, b, c, e FROM "new_rows";
		d_total := d_total + a; d_admins := d_admins + b; d_active := d_active + c; d_verified := d_verified + e;
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		SELECT count(*), count(*) FILTER (WHERE 'ROLE_ADMIN' = ANY("roles")), count(*) FILTER (WHERE "subscription_status" = 'active'), count(*) FILTER (WHERE "verified")
			INTO a, b, c, e FROM "old_rows";
		d_total := d_total - a; d_admins := d_admins - b; d_active := d_active - c; d_verified := d_verified - e;
	END IF;
	-- Most updates change no count: they then leave the row, and its lock, alone.
	IF d_total <> 0 OR d_admins <> 0 OR d_active <> 0 OR d_verified <> 0 THEN
		UPDATE "user_counts" SET "total" = "total" + d_total, "admins" = "admins" + d_admins,
			"active_subscriptions" = "active_subscriptions" + d_active, "verified" = "verified" + d_verified;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_counts_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "user_counts_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "user_counts_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "user_counts_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_apply"();
