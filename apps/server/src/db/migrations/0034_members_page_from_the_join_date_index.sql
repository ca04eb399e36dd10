-- A page of the members list is read as its ids first, then only those rows (decision 080). In join-date
-- order, the default, the ids come from this index alone (an index-only scan) with the searched and
-- filtered columns beside them: a search or filter is tested on the index's copy of each member it passes,
-- where it fetched each member's whole row (a few to a page) from the table. Replaces the index without them.
DROP INDEX "users_created_idx";--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id") INCLUDE ("first_name","last_name","email","customer_id","subscription_status","subscription_plan","verified");
