ALTER TABLE "payments" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
UPDATE "payments" SET "amount_cents" = round("amount" * 100)::integer;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_amount_cents" integer;--> statement-breakpoint
UPDATE "users" SET "subscription_amount_cents" = round("subscription_amount" * 100)::integer WHERE "subscription_amount" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "subscription_amount";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "details" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "sandbox_gateway_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"result" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
UPDATE "payments" SET "status" = 'failed', "failure_code" = 'abandoned' WHERE "kind" = 'checkout' AND "status" = 'pending' AND "id" NOT IN (SELECT DISTINCT ON ("user_id") "id" FROM "payments" WHERE "kind" = 'checkout' AND "status" = 'pending' ORDER BY "user_id", "created_at" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_checkout_in_flight_key" ON "payments" USING btree ("user_id") WHERE kind = 'checkout' AND status = 'pending';--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE status = 'pending';
