import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clinicians } from '../../db/schema';

/**
 * Whether the account has a clinician's licence on file that no admin has turned off: read here, not
 * through features/clinicians, which ends sessions through this feature.
 */
export async function isActiveClinician(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: clinicians.userId })
    .from(clinicians)
    .where(and(eq(clinicians.userId, userId), isNull(clinicians.disabledAt)));
  return Boolean(row);
}
