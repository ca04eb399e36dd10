-- The audit trail keyed and appended through one function (decision 048). The server computes each
-- row's hash as an HMAC under AUDIT_KEY, which the database never sees, so the database completes no
-- hash any more: it hands out the chain's head under the chain's lock, and `audit_append` checks that
-- the rows link onto that head and inserts them with its owner's rights. The server's role (when the
-- migrations run under another, MIGRATION_DATABASE_URL) may read the trail and call this function only.
--
-- No UPDATE passes any more (migration 0008 let a details-only one through): details stay sealed as
-- they were written, and phi:rotate leaves the trail alone.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only';
END
$$;--> statement-breakpoint
-- Rows written until now were hashed with plain SHA-256; every later row is keyed. The boundary is
-- fixed here, in a function only the owner can replace.
DO $$
BEGIN
	EXECUTE format('CREATE FUNCTION "audit_unkeyed_until"() RETURNS bigint LANGUAGE sql IMMUTABLE AS %L',
		'SELECT ' || (SELECT coalesce(max("id"), 0) FROM "audit_log")::text || '::bigint');
END
$$;--> statement-breakpoint
DROP FUNCTION "audit_append"(bigint, text, timestamptz[], uuid[], text[], text[], uuid[], text[], integer[], text[], text[]);--> statement-breakpoint
-- The last row, read once the chain's lock is held (for the rest of the caller's transaction).
CREATE FUNCTION "audit_chain_head"("lock_id" bigint) RETURNS TABLE("last_id" bigint, "last_hash" text) LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(lock_id);
	RETURN QUERY SELECT a."id", a."hash" FROM "audit_log" a ORDER BY a."id" DESC LIMIT 1;
END
$$;--> statement-breakpoint
CREATE FUNCTION "audit_append"(
	"lock_id" bigint, "genesis" text, "prev_hash" text,
	"ats" timestamptz[], "actor_user_ids" uuid[], "actor_roles" text[], "actions" text[], "subject_user_ids" uuid[],
	"ips" text[], "statuses" integer[], "details" text[], "hashes" text[]
) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
	head text;
	n integer := coalesce(array_length(hashes, 1), 0);
BEGIN
	PERFORM pg_advisory_xact_lock(lock_id);
	SELECT a."hash" INTO head FROM "audit_log" a ORDER BY a."id" DESC LIMIT 1;
	-- The caller keyed the rows onto the head it read under this lock: anything else would fork the chain.
	IF coalesce(head, genesis) <> prev_hash THEN
		RAISE EXCEPTION 'audit_append: the rows do not follow the chain''s head';
	END IF;
	IF n = 0 THEN
		RETURN;
	END IF;
	-- The ids are drawn in the arrays' order, which is the chain's.
	INSERT INTO "audit_log" ("at", "actor_user_id", "actor_role", "action", "subject_user_id", "ip", "status", "details", "prev_hash", "hash")
	SELECT v.at, v.actor_user_id, v.actor_role, v.action, v.subject_user_id, v.ip, v.status, v.details, v.prev_hash, v.hash
	FROM unnest(ats, actor_user_ids, actor_roles, actions, subject_user_ids, ips, statuses, details,
		ARRAY[prev_hash] || hashes[1:n - 1], hashes)
		WITH ORDINALITY AS v("at", "actor_user_id", "actor_role", "action", "subject_user_id", "ip", "status", "details", "prev_hash", "hash", "position")
	ORDER BY v.position;
END
$$;--> statement-breakpoint
-- Only the roles granted it (the server's) append.
REVOKE EXECUTE ON FUNCTION "audit_append"(bigint, text, text, timestamptz[], uuid[], text[], text[], uuid[], text[], integer[], text[], text[]) FROM PUBLIC;
