-- A kept checkout answer records its outcome in the domain's words, not an HTTP status (decision 021).
ALTER TABLE "idempotency_keys" ADD COLUMN "response_outcome" text;--> statement-breakpoint
UPDATE "idempotency_keys" SET "response_outcome" = CASE "response_status"
	WHEN 200 THEN 'ok'
	WHEN 400 THEN 'invalid'
	WHEN 402 THEN 'payment-declined'
	WHEN 403 THEN 'forbidden'
	WHEN 404 THEN 'not-found'
	WHEN 409 THEN 'conflict'
	WHEN 422 THEN 'unprocessable'
	ELSE 'invalid'
END WHERE "response_status" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "response_status";
