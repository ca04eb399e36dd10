-- Appending to the audit trail in one statement (decision 034). An append was a transaction of four
-- statements (the chain's lock, the last hash, the insert, the commit) because each row's hash,
-- computed in the server from the row before it, needed the last hash first. The server now sends
-- each row's hashed text without the previous hash in front, and this function completes the chain
-- under the same lock: the hash of a row is, byte for byte as before, the SHA-256 of
-- '["<previous hash>",' followed by that text, so rows written before and after this migration
-- verify the same way.
CREATE FUNCTION "audit_append"(
	"lock_id" bigint, "genesis" text,
	"ats" timestamptz[], "actor_user_ids" uuid[], "actor_roles" text[], "actions" text[], "subject_user_ids" uuid[],
	"ips" text[], "statuses" integer[], "details" text[], "hashed_tails" text[]
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	prev text;
	prev_hashes text[] := '{}';
	hashes text[] := '{}';
BEGIN
	PERFORM pg_advisory_xact_lock(lock_id);
	-- Read once the lock is held: each statement of a function sees what committed before it began,
	-- so an append that waited for the lock chains onto the rows of the one it waited for.
	SELECT "hash" INTO prev FROM "audit_log" ORDER BY "id" DESC LIMIT 1;
	prev := coalesce(prev, genesis);
	FOR i IN 1 .. coalesce(array_length(ats, 1), 0) LOOP
		prev_hashes := prev_hashes || prev;
		prev := encode(sha256(convert_to('["' || prev || '",' || hashed_tails[i], 'UTF8')), 'hex');
		hashes := hashes || prev;
	END LOOP;
	-- The ids are drawn in the arrays' order, which is the chain's.
	INSERT INTO "audit_log" ("at", "actor_user_id", "actor_role", "action", "subject_user_id", "ip", "status", "details", "prev_hash", "hash")
	SELECT v.at, v.actor_user_id, v.actor_role, v.action, v.subject_user_id, v.ip, v.status, v.details, v.prev_hash, v.hash
	FROM unnest(ats, actor_user_ids, actor_roles, actions, subject_user_ids, ips, statuses, details, prev_hashes, hashes)
		WITH ORDINALITY AS v("at", "actor_user_id", "actor_role", "action", "subject_user_id", "ip", "status", "details", "prev_hash", "hash", "position")
	ORDER BY v.position;
END
$$;
