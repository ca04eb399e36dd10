-- Plan ids and membership statuses are stored as the code names them, and the database refuses any
-- other value (decision 045), so readers compare exact values. Existing rows are rewritten first, as
-- the most tolerant reader read them: a plan id in any case, with space around it, becomes the id
-- ('onetimevisit' → 'oneTimeVisit'); a status in any case, with space around it and spaces or hyphens
-- between its words, becomes the status ('Past Due' → 'past_due'). A value that names no plan or
-- status becomes NULL (no plan, no membership status), which is what the server's readers already
-- made of it. The analytics triggers see the rewrite as any other update, so the counters follow.
UPDATE "users" SET "subscription_plan" = CASE lower(regexp_replace("subscription_plan", '^\s+|\s+$', '', 'g'))
		WHEN 'individualmonthly' THEN 'individualMonthly'
		WHEN 'familymonthly' THEN 'familyMonthly'
		WHEN 'onetimevisit' THEN 'oneTimeVisit'
	END
	WHERE "subscription_plan" NOT IN ('individualMonthly', 'familyMonthly', 'oneTimeVisit');
--> statement-breakpoint
UPDATE "users" SET "subscription_status" = regexp_replace(lower(regexp_replace("subscription_status", '^\s+|\s+$', '', 'g')), '[\s-]+', '_', 'g')
	WHERE "subscription_status" NOT IN ('pending', 'active', 'past_due', 'cancelled', 'expired');
--> statement-breakpoint
UPDATE "users" SET "subscription_status" = NULL
	WHERE "subscription_status" NOT IN ('pending', 'active', 'past_due', 'cancelled', 'expired');
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_subscription_plan_known" CHECK ("users"."subscription_plan" IN ('individualMonthly', 'familyMonthly', 'oneTimeVisit'));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_subscription_status_known" CHECK ("users"."subscription_status" IN ('pending', 'active', 'past_due', 'cancelled', 'expired'));
