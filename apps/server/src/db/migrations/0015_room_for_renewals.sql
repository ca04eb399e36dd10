-- Half of each page of patients and memberships is left free (decision 038). A renewal rewrites its
-- member's row (the renewal and end dates, the membership's lease); with full pages each new version
-- went to another page, and every one of the patients' twelve indexes (two of them trigram indexes)
-- gained an entry for it: the largest cost of a renewal in the database. With room in its page, a
-- version that changes no indexed column is a heap-only tuple and no index is touched. Members who
-- signed up on the same day lie in the same pages and renew in the same batch, so the room has to
-- hold a second version of every row of a page. Pages written before this migration get the room
-- when the table is rewritten (VACUUM FULL); until then they behave as before.
ALTER TABLE "users" SET (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE "memberships" SET (fillfactor = 50);
