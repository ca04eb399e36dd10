import type pg from 'pg';
import { ConfigError } from '../config';

/**
 * What the server's role may do once the owner has migrated (decision 048): read and write every
 * table but the audit trail, which it may only read, and append to through `audit_append` (which runs
 * with the owner's rights). It owns nothing, so it cannot alter a table or disable its triggers. It
 * may read the migrations' journal, which /health/ready compares with the build's newest migration.
 * Run by the owner after every migration: tables added since get their grants too.
 */
export async function grantServerRole(owner: pg.ClientBase, serverRole: string): Promise<void> {
  const role = owner.escapeIdentifier(serverRole);
  const [{ ownerRole } = { ownerRole: '' }] = (await owner.query<{ ownerRole: string }>('SELECT current_user AS "ownerRole"')).rows;
  if (ownerRole === serverRole) {
    throw new ConfigError(
      'Invalid configuration: MIGRATION_DATABASE_URL: must name another role than DATABASE_URL (the server must not own its tables)',
    );
  }
  const superuser = await owner.query('SELECT 1 FROM pg_roles WHERE rolname = $1 AND rolsuper', [serverRole]);
  if (superuser.rowCount) throw new ConfigError("Invalid configuration: DATABASE_URL: the server's role must not be a superuser");
  for (const statement of [
    `GRANT USAGE ON SCHEMA public TO ${role}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`,
    `REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON "audit_log" FROM ${role}`,
    `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role}`,
    `REVOKE ALL ON SEQUENCE "audit_log_id_seq" FROM ${role}`,
    `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${role}`,
    `GRANT USAGE ON SCHEMA drizzle TO ${role}`,
    `GRANT SELECT ON drizzle.__drizzle_migrations TO ${role}`,
  ]) {
    await owner.query(statement);
  }
}
