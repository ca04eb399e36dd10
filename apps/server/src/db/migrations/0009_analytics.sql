-- Analytics (decision 019): the summary's recurring amounts from active memberships alone, the
-- series' ended memberships by their end, and succeeded payments by day with what the series sums.
CREATE INDEX "users_active_amount_idx" ON "users" USING btree ("subscription_plan","subscription_amount_cents") WHERE "subscription_status" = 'active';--> statement-breakpoint
CREATE INDEX "users_ended_idx" ON "users" USING btree (coalesce("subscription_cancelled_date", "subscription_end_date")) WHERE "subscription_status" IN ('cancelled', 'expired');--> statement-breakpoint
CREATE INDEX "payments_succeeded_idx" ON "payments" USING btree ("created_at") INCLUDE ("kind","plan_id","amount_cents") WHERE "status" = 'succeeded';
