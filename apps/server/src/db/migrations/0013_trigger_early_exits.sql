-- The analytics triggers skip updates that move nothing between days (decision 032). Nearly every
-- update of a patient (a purchase, a profile edit, a renewal) changes neither the sign-up day nor
-- an ended membership, yet the daily-accounts trigger copied both transition tables whole and
-- grouped them: a third of a millisecond of Postgres time per update, the largest single cost of a
-- checkout in the database. The counts themselves are computed exactly as before.
CREATE OR REPLACE FUNCTION "daily_accounts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	added "users"[] := '{}';
	removed "users"[] := '{}';
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM "daily_accounts";
		RETURN NULL;
	END IF;
	-- An update that changes no row's sign-up instant, whether its membership has ended, or when it
	-- ended, adds nothing (what `daily_accounts_of` counts).
	-- (Nested: plpgsql plans an expression when it first runs it, and only an update has both tables.)
	IF TG_OP = 'UPDATE' THEN
		IF NOT EXISTS (
			SELECT 1 FROM new_rows AS n FULL JOIN old_rows AS o ON o.id = n.id
			WHERE n.id IS NULL OR o.id IS NULL
				OR n.created_at IS DISTINCT FROM o.created_at
				OR (n.subscription_status IN ('cancelled', 'expired')) IS DISTINCT FROM (o.subscription_status IN ('cancelled', 'expired'))
				OR (n.subscription_status IN ('cancelled', 'expired')
					AND coalesce(n.subscription_cancelled_date, n.subscription_end_date) IS DISTINCT FROM coalesce(o.subscription_cancelled_date, o.subscription_end_date))
		) THEN
			RETURN NULL;
		END IF;
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
-- The daily payment totals read the transition tables directly instead of copying them into arrays
-- for a helper function: a succeeded checkout's update cost about 0.2 ms more than the update itself.
CREATE OR REPLACE FUNCTION "daily_payments_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM "daily_payments";
		RETURN NULL;
	END IF;
	-- One branch per operation: plpgsql plans a statement when it first runs it, and an insert has
	-- no old rows, a delete no new ones. Succeeded payments only, by their America/Chicago day.
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "daily_payments" AS t ("day", "plan_id", "kind", "slot", "payments", "amount_cents")
		SELECT (n.created_at AT TIME ZONE 'America/Chicago')::date, n.plan_id, n.kind, counter_slot(), count(*), sum(n.amount_cents)
		FROM new_rows AS n WHERE n.status = 'succeeded'
		GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT ("day", "plan_id", "kind", "slot") DO UPDATE SET "payments" = t."payments" + excluded."payments", "amount_cents" = t."amount_cents" + excluded."amount_cents";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "daily_payments" AS t ("day", "plan_id", "kind", "slot", "payments", "amount_cents")
		SELECT (o.created_at AT TIME ZONE 'America/Chicago')::date, o.plan_id, o.kind, counter_slot(), -count(*), -sum(o.amount_cents)
		FROM old_rows AS o WHERE o.status = 'succeeded'
		GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT ("day", "plan_id", "kind", "slot") DO UPDATE SET "payments" = t."payments" + excluded."payments", "amount_cents" = t."amount_cents" + excluded."amount_cents";
	ELSE
		-- Most updates (a pending attempt failing, a reconciliation lease) touch no succeeded row.
		IF NOT EXISTS (SELECT 1 FROM new_rows WHERE status = 'succeeded') AND NOT EXISTS (SELECT 1 FROM old_rows WHERE status = 'succeeded') THEN
			RETURN NULL;
		END IF;
		INSERT INTO "daily_payments" AS t ("day", "plan_id", "kind", "slot", "payments", "amount_cents")
		SELECT c.day, c.plan_id, c.kind, counter_slot(), sum(c.payments), sum(c.amount_cents)
		FROM (
			SELECT (n.created_at AT TIME ZONE 'America/Chicago')::date AS day, n.plan_id, n.kind, 1 AS payments, n.amount_cents FROM new_rows AS n WHERE n.status = 'succeeded'
			UNION ALL
			SELECT (o.created_at AT TIME ZONE 'America/Chicago')::date, o.plan_id, o.kind, -1, -o.amount_cents FROM old_rows AS o WHERE o.status = 'succeeded'
		) AS c
		GROUP BY 1, 2, 3 HAVING sum(c.payments) <> 0 OR sum(c.amount_cents) <> 0
		ORDER BY 1, 2, 3
		ON CONFLICT ("day", "plan_id", "kind", "slot") DO UPDATE SET "payments" = t."payments" + excluded."payments", "amount_cents" = t."amount_cents" + excluded."amount_cents";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
DROP FUNCTION "daily_payments_of"("payments"[], integer);
