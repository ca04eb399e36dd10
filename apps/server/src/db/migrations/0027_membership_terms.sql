-- A member's own cancellation and plan change, each taking effect at a renewal the renewal job reaches,
-- the yearly reminder's last sending, and the auto-renewal terms a purchase was made under (decisions 062, 063).
ALTER TABLE "memberships" ADD COLUMN "cancel_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "scheduled_plan" text;
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_scheduled_plan_monthly" CHECK ("scheduled_plan" IN ('individualMonthly', 'familyMonthly'));
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "reminded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_cancellation_reason" text;
--> statement-breakpoint
-- Kept at least three years, also after the account or the payment is gone: no foreign keys cascade onto it.
CREATE TABLE "purchase_consents" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL,
  "payment_id" uuid NOT NULL,
  "plan_id" text NOT NULL,
  "terms_text" text NOT NULL,
  "terms_version" text NOT NULL,
  "ip" text NOT NULL,
  "agreed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_consents_payment_key" ON "purchase_consents" USING btree ("payment_id");
--> statement-breakpoint
CREATE INDEX "purchase_consents_user_idx" ON "purchase_consents" USING btree ("user_id","agreed_at");
