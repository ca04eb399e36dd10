import { usPhoneE164 } from '@app/shared';
import { and, asc, eq, gt, isNotNull, or, isNull, sql, notLike } from 'drizzle-orm';
import type { PhiKeyring } from '../lib/phi-cipher';
import type { Executor } from './client';
import { currentLookupKeyId, phiLookupHash } from './phi-column';
import { users } from './schema';

/**
 * The lookup hash of a phone (users.phone_index): of its E.164 form, so that what a person typed and
 * the number a carrier reports give one hash. Null without a phone, or for one that is not a US number.
 * Under the application's keyring, or the one given (the seed script's).
 */
export function phoneIndexOf(phone: string | null | undefined, keyring?: PhiKeyring): string | null {
  const e164 = phone ? usPhoneE164(phone) : null;
  if (!e164) return null;
  return keyring ? keyring.lookupHash(e164) : phiLookupHash(e164);
}

const BATCH = 500;

/**
 * Gives every account with a phone the hash of it under the current key: accounts made before the
 * column existed (or by the seed script), and every account after PHI_KEY changed. Runs at start,
 * beside other instances doing the same: a row is only written while it still holds the phone read.
 * Returns how many it wrote.
 */
export async function indexPhones(db: Executor): Promise<number> {
  const stale = or(isNull(users.phoneIndex), notLike(users.phoneIndex, `${currentLookupKeyId()}:%`));
  let written = 0;
  for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
    const rows = await db
      .select({ id: users.id, phone: users.customerPhone, sealed: sql<string>`${users.customerPhone}::text` })
      .from(users)
      .where(and(isNotNull(users.customerPhone), stale, gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(BATCH);
    for (const row of rows) {
      await db
        .update(users)
        .set({ phoneIndex: phoneIndexOf(row.phone) })
        .where(and(eq(users.id, row.id), sql`${users.customerPhone}::text = ${row.sealed}`));
    }
    written += rows.length;
    if (rows.length < BATCH) return written;
    after = rows[rows.length - 1]!.id;
  }
}
