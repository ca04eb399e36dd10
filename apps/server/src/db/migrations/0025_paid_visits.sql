-- A visit paid for by itself (decision 058): its payment is a ledger row of kind 'visit', linked on
-- the visit. A payment covers one visit at a time; a cancelled visit leaves it free for the next request.
ALTER TABLE "visits" ADD COLUMN "payment_id" uuid REFERENCES "payments"("id") ON DELETE RESTRICT;
--> statement-breakpoint
CREATE UNIQUE INDEX "visits_payment_once" ON "visits" USING btree ("payment_id") WHERE "payment_id" IS NOT NULL AND "status" <> 'cancelled';
--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_paid_has_payment" CHECK (("coverage" = 'paid') = ("payment_id" IS NOT NULL));
--> statement-breakpoint
-- A visit's purchase and a membership's are never in flight together for one patient.
DROP INDEX "payments_one_checkout_in_flight_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_checkout_in_flight_key" ON "payments" USING btree ("user_id") WHERE "kind" IN ('checkout', 'visit') AND "status" = 'pending';
