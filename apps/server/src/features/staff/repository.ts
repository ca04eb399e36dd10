import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

/** Every account holding the admin role, enabled or not, by e-mail. */
export function listAdmins(db: Executor) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, disabledAt: users.disabledAt })
    .from(users)
    .where(sql`'ROLE_ADMIN' = ANY(${users.roles})`)
    .orderBy(asc(users.email));
}
