import { generateCustomerId } from '@app/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { transactionLock } from '../../db/locks.repository';
import { hashPassword } from '../../lib/crypto';
import type { Log } from '../../lib/logging';
import { recordAudit } from '../audit';
import { findUserByEmail, hasAdmin, insertUser } from '../users';

/** What the start's first admin uses: the accounts, the audit trail, a log, and ADMIN_EMAIL with ADMIN_PASSWORD. */
interface BootstrapAdminDeps {
  db: Database;
  log: Log;
  config: Pick<Config, 'admin'>;
}

/**
 * Held while a start looks for an admin and makes one, so instances starting together make one at
 * most (migrations hold 727274, housekeeping 727275, the audit chain 727276).
 */
const BOOTSTRAP_LOCK = 727277;

/** The trail's action for the admin a start makes: no request made it, so it names no route. */
export const BOOTSTRAP_ADMIN_ACTION = 'START bootstrap admin';

/**
 * The first admin of an installation (checklist row 29): while no account holds the admin role, a
 * start with ADMIN_EMAIL and ADMIN_PASSWORD makes that account, verified, and records it in the
 * audit trail. Once an admin exists the settings change nothing: a start never promotes, re-enables
 * or resets an account, so an ADMIN_EMAIL that admins demoted or disabled stays so, and its
 * password stays the one its owner chose.
 */
export async function ensureBootstrapAdmin(ctx: BootstrapAdminDeps): Promise<void> {
  const admin = ctx.config.admin;
  if (!admin || (await hasAdmin(ctx.db))) return;
  const passwordHash = await hashPassword(admin.password);
  const outcome = await ctx.db.transaction(async (tx) => {
    await transactionLock(tx, BOOTSTRAP_LOCK);
    // Another instance starting at the same time made one.
    if (await hasAdmin(tx)) return 'admin-exists';
    // Someone has an account at the address (signed up with it): it is never promoted.
    if (await findUserByEmail(tx, admin.email)) return 'address-taken';
    const user = await insertUser(tx, {
      email: admin.email,
      passwordHash,
      firstName: 'Admin',
      roles: ['ROLE_ADMIN'],
      verified: true,
      emailVerifiedAt: new Date(),
      customerId: generateCustomerId(),
    });
    await recordAudit(tx, {
      at: new Date(),
      actorUserId: null,
      actorRole: 'system',
      action: BOOTSTRAP_ADMIN_ACTION,
      subjectUserId: user.id,
      ip: null,
      status: 201,
      details: {
        reason: 'No admin existed: made from ADMIN_EMAIL and ADMIN_PASSWORD at start',
        changes: [
          { field: 'email', before: null, after: user.email },
          { field: 'roles', before: null, after: user.roles },
        ],
      },
    });
    return 'made';
  });
  if (outcome === 'made') ctx.log.info({}, 'no admin existed: the account ADMIN_EMAIL names was made, as an admin');
  if (outcome === 'address-taken') {
    ctx.log.warn(
      {},
      'no admin exists, and ADMIN_EMAIL names an existing account, which a start never promotes: name an address without an account',
    );
  }
}
