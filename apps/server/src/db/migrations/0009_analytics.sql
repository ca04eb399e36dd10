-- Analytics (decision 019). The summary's recurring amounts come from active memberships alone
-- (a partial index). The series reads daily totals that statement triggers keep, per America/Chicago
-- day (the zone of every figure the admin sees), so a year by day reads a few hundred rows instead
-- of every account and payment of the year.
CREATE INDEX "users_active_amount_idx" ON "users" USING btree ("subscription_plan","subscription_amount_cents") WHERE "subscription_status" = 'active';--> statement-breakpoint
CREATE TABLE "daily_accounts" (
	"day" date PRIMARY KEY NOT NULL,
	"signups" bigint DEFAULT 0 NOT NULL,
	"ended_memberships" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE TABLE "daily_payments" (
	"day" date NOT NULL,
	"plan_id" text NOT NULL,
	"kind" text NOT NULL,
	"payments" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_payments_pk" PRIMARY KEY("day","plan_id","kind")
);--> statement-breakpoint
-- What a row adds to the daily totals: its sign-up day, and the day its membership ended if it did.
CREATE FUNCTION "daily_accounts_of"("rows" "users"[], "sign" integer) RETURNS TABLE ("day" date, "signups" bigint, "ended_memberships" bigint)
LANGUAGE sql AS $$
	SELECT d.day, sum(d.signups) * sign, sum(d.ended) * sign FROM (
		SELECT (r.created_at AT TIME ZONE 'America/Chicago')::date AS day, 1 AS signups, 0 AS ended FROM unnest(rows) AS r
		UNION ALL
		SELECT (coalesce(r.subscription_cancelled_date, r.subscription_end_date) AT TIME ZONE 'America/Chicago')::date, 0, 1
		FROM unnest(rows) AS r
		WHERE r.subscription_status IN ('cancelled', 'expired') AND coalesce(r.subscription_cancelled_date, r.subscription_end_date) IS NOT NULL
	) AS d GROUP BY d.day
$$;--> statement-breakpoint
CREATE FUNCTION "daily_accounts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
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
	INSERT INTO "daily_accounts" AS t ("day", "signups", "ended_memberships")
	SELECT c.day, sum(c.signups), sum(c.ended_memberships)
	FROM (SELECT * FROM daily_accounts_of(added, 1) UNION ALL SELECT * FROM daily_accounts_of(removed, -1)) AS c
	GROUP BY c.day HAVING sum(c.signups) <> 0 OR sum(c.ended_memberships) <> 0
	ON CONFLICT ("day") DO UPDATE SET "signups" = t."signups" + excluded."signups", "ended_memberships" = t."ended_memberships" + excluded."ended_memberships";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "daily_accounts_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "daily_accounts_apply"();--> statement-breakpoint
CREATE TRIGGER "daily_accounts_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "daily_accounts_apply"();--> statement-breakpoint
CREATE TRIGGER "daily_accounts_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "daily_accounts_apply"();--> statement-breakpoint
CREATE TRIGGER "daily_accounts_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "daily_accounts_apply"();--> statement-breakpoint
-- Succeeded payments only: the cash collected and the memberships they started or renewed.
CREATE FUNCTION "daily_payments_of"("rows" "payments"[], "sign" integer) RETURNS TABLE ("day" date, "plan_id" text, "kind" text, "payments" bigint, "amount_cents" bigint)
LANGUAGE sql AS $$
	SELECT (r.created_at AT TIME ZONE 'America/Chicago')::date, r.plan_id, r.kind, count(*) * sign, sum(r.amount_cents) * sign
	FROM unnest(rows) AS r WHERE r.status = 'succeeded' GROUP BY 1, 2, 3
$$;--> statement-breakpoint
CREATE FUNCTION "daily_payments_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
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
	INSERT INTO "daily_payments" AS t ("day", "plan_id", "kind", "payments", "amount_cents")
	SELECT c.day, c.plan_id, c.kind, sum(c.payments), sum(c.amount_cents)
	FROM (SELECT * FROM daily_payments_of(added, 1) UNION ALL SELECT * FROM daily_payments_of(removed, -1)) AS c
	GROUP BY 1, 2, 3 HAVING sum(c.payments) <> 0 OR sum(c.amount_cents) <> 0
	ON CONFLICT ("day", "plan_id", "kind") DO UPDATE SET "payments" = t."payments" + excluded."payments", "amount_cents" = t."amount_cents" + excluded."amount_cents";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "daily_payments_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "daily_payments_apply"();--> statement-breakpoint
CREATE TRIGGER "daily_payments_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "daily_payments_apply"();--> statement-breakpoint
CREATE TRIGGER "daily_payments_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "daily_payments_apply"();--> statement-breakpoint
CREATE TRIGGER "daily_payments_truncate" AFTER TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION "daily_payments_apply"();--> statement-breakpoint
-- The totals of what is already there.
INSERT INTO "daily_accounts" ("day", "signups", "ended_memberships")
SELECT c.day, sum(c.signups), sum(c.ended_memberships)
FROM daily_accounts_of(ARRAY(SELECT u FROM "users" AS u), 1) AS c GROUP BY c.day;--> statement-breakpoint
INSERT INTO "daily_payments" ("day", "plan_id", "kind", "payments", "amount_cents")
SELECT * FROM daily_payments_of(ARRAY(SELECT p FROM "payments" AS p WHERE p.status = 'succeeded'), 1);
