-- A refund is a row of the payments ledger of its own (decision 064): kind 'refund', the money given
-- back as a negative amount, the payment it gives back in refund_of, and the admin's reason (sealed).
-- The analytics triggers add it up as any payment, so cash collected counts refunds on their day.
ALTER TABLE "payments" ADD COLUMN "refund_of" uuid REFERENCES "payments"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reason" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_shape" CHECK (("kind" = 'refund') = ("refund_of" IS NOT NULL) AND ("kind" <> 'refund' OR ("amount_cents" < 0 AND "reason" IS NOT NULL)));
--> statement-breakpoint
-- One refund of a payment in flight at a time, whichever admin or instance asks.
CREATE UNIQUE INDEX "payments_one_refund_in_flight_key" ON "payments" USING btree ("refund_of") WHERE "kind" = 'refund' AND "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "payments_refund_of_idx" ON "payments" USING btree ("refund_of") WHERE "refund_of" IS NOT NULL;
