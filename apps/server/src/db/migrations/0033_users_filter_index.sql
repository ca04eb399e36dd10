-- The Members table's filters (status, plan, verified) count their matches up to the cap of decision 026
-- from this index alone: an index-only scan that stops at the first match past the cap, whatever the
-- filter, instead of reading table rows until it finds them (decision 078). Small: its keys repeat.
CREATE INDEX "users_filter_idx" ON "users" USING btree ("subscription_status","subscription_plan","verified");
