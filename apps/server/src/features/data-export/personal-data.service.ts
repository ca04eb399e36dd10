import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { paymentHistory } from '../billing';
import { readHousehold } from '../household';
import { findUserById, toProfile } from '../users';
import { patientVisitRecord } from '../visits';
import { consentsOf, healthHistoryVersionsOf, signInsOf } from './repository';

/** What reading a person's data uses: the tables, and the brand the visit summaries' PDFs carry. */
export interface PersonalDataDeps {
  db: Database;
  config: Pick<Config, 'brand'>;
}

/**
 * Everything held about a person, as its JSON and the PDF of each signed visit summary: the profile,
 * the household, every version of the health history, the visits with their summaries and threads,
 * payments, consents and sign-in history. Undefined for an account that does not exist.
 */
export async function personalDataOf(deps: PersonalDataDeps, userId: string) {
  const user = await findUserById(deps.db, userId);
  if (!user) return undefined;
  const record = await patientVisitRecord(deps, userId);
  const data = {
    exportedAt: new Date().toISOString(),
    profile: { ...toProfile(user), createdAt: user.createdAt.toISOString(), deletedAt: user.deletedAt?.toISOString() ?? null },
    household: await readHousehold(deps.db, userId),
    healthHistory: (await healthHistoryVersionsOf(deps.db, userId)).map((v) => ({ ...v.history, savedAt: v.savedAt.toISOString() })),
    visits: record.visits,
    payments: await paymentHistory(deps.db, userId),
    consents: (await consentsOf(deps.db, userId)).map((c) => ({ ...c, at: c.at.toISOString() })),
    signIns: (await signInsOf(deps.db, userId)).map((s) => ({
      signedInAt: s.signedInAt.toISOString(),
      lastActiveAt: s.lastActiveAt.toISOString(),
      endedAt: s.endedAt?.toISOString() ?? null,
      ip: s.ip,
      browser: s.userAgent,
    })),
  };
  return { data, summaryPdfs: record.summaryPdfs };
}
