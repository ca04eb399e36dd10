-- Counters kept by triggers are striped over 16 slots, one per database connection (decision 029).
-- With one row per counter, every checkout of the day's plan (and every sign-up, activation and
-- cancellation) locked the same row until its transaction committed, so purchases queued behind
-- one another; a connection now adds to its own slot and a read sums the slots.
ALTER TABLE "user_counts" DROP CONSTRAINT "user_counts_id_check";--> statement-breakpoint
ALTER TABLE "user_counts" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "user_counts" RENAME COLUMN "id" TO "slot";--> statement-breakpoint
ALTER TABLE "user_counts" ADD CONSTRAINT "user_counts_slot_check" CHECK ("slot" BETWEEN 0 AND 15);--> statement-breakpoint
ALTER TABLE "daily_accounts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_accounts" DROP CONSTRAINT "daily_accounts_pkey";--> statement-breakpoint
ALTER TABLE "daily_accounts" ADD CONSTRAINT "daily_accounts_pk" PRIMARY KEY("day","slot");--> statement-breakpoint
ALTER TABLE "daily_payments" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_payments" DROP CONSTRAINT "daily_payments_pk";--> statement-breakpoint
ALTER TABLE "daily_payments" ADD CONSTRAINT "daily_payments_pk" PRIMARY KEY("day","plan_id","kind","slot");--> statement-breakpoint
-- The slot a statement adds to: its connection's, so two transactions under way never share one.
CREATE FUNCTION "counter_slot"() RETURNS smallint LANGUAGE sql STABLE AS $$ SELECT (pg_backend_pid() % 16)::smallint $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "user_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
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
		DELETE FROM "user_counts";
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
	-- Most updates change no count: they then leave every slot, and its lock, alone.
	IF d_total <> 0 OR d_admins <> 0 OR d_active <> 0 OR d_verified <> 0 THEN
		INSERT INTO "user_counts" AS t ("slot", "total", "admins", "active_subscriptions", "verified")
		VALUES (counter_slot(), d_total, d_admins, d_active, d_verified)
		ON CONFLICT ("slot") DO UPDATE SET "total" = t."total" + excluded."total", "admins" = t."admins" + excluded."admins",
			"active_subscriptions" = t."active_subscriptions" + excluded."active_subscriptions", "verified" = t."verified" + excluded."verified";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "daily_accounts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	added "users"[] := '{}';
	removed "users"[] := '{}';
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM "daily_accounts";
		RETURN NULL;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN SELECT coalesce(array_agg(n), '{}') INTO added FROM new_rows AS n; END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN SELECT coalesce(array_agg(o), '{}') INTO removed FROM old_rows AS o; END IF;
	INSERT INTO "daily_accounts" AS t ("day", "slot", "signups", "ended_memberships")
	SELECT c.day, counter_slot(), sum(c.signups), sum(c.ended_memberships)
	FROM (SELECT * FROM daily_accounts_of(added, 1) UNION ALL SELECT * FROM daily_accounts_of(removed, -1)) AS c
	GROUP BY c.day HAVING sum(c.signups) <> 0 OR sum(c.ended_memberships) <> 0
	-- In day order, so that two statements adding to several days of one slot never deadlock.
	ORDER BY c.day
	ON CONFLICT ("day", "slot") DO UPDATE SET "signups" = t."signups" + excluded."signups", "ended_memberships" = t."ended_memberships" + excluded."ended_memberships";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "daily_payments_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	added "payments"[] := '{}';
	removed "payments"[] := '{}';
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM "daily_payments";
		RETURN NULL;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN SELECT coalesce(array_agg(n), '{}') INTO added FROM new_rows AS n WHERE n.status = 'succeeded'; END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN SELECT coalesce(array_agg(o), '{}') INTO removed FROM old_rows AS o WHERE o.status = 'succeeded'; END IF;
	-- Most statements (a pending attempt written, a failure recorded) change no total.
	IF cardinality(added) = 0 AND cardinality(removed) = 0 THEN RETURN NULL; END IF;
	INSERT INTO "daily_payments" AS t ("day", "plan_id", "kind", "slot", "payments", "amount_cents")
	SELECT c.day, c.plan_id, c.kind, counter_slot(), sum(c.payments), sum(c.amount_cents)
	FROM (SELECT * FROM daily_payments_of(added, 1) UNION ALL SELECT * FROM daily_payments_of(removed, -1)) AS c
	GROUP BY 1, 2, 3 HAVING sum(c.payments) <> 0 OR sum(c.amount_cents) <> 0
	ORDER BY 1, 2, 3
	ON CONFLICT ("day", "plan_id", "kind", "slot") DO UPDATE SET "payments" = t."payments" + excluded."payments", "amount_cents" = t."amount_cents" + excluded."amount_cents";
	RETURN NULL;
END
$$;
