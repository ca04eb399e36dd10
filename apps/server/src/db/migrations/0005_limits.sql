-- Rate limits move to rate-limiter-flexible (decision 013); its Postgres store keeps one row per key.
-- The old per-hit rows are only counts of recent attempts, safe to drop: limits start afresh.
DROP TABLE IF EXISTS "rate_limit_hits";--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
