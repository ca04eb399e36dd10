import type { HealthHistory, HealthHistoryAnswer } from '@app/shared';
import { messages } from '@app/shared';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { keepsRecordOf } from '../household';
import { insertVersion, latestVersion, type HealthHistoryVersion } from './repository';

/** What the health history uses: the database alone. */
interface HealthHistoryDeps {
  db: Database;
}

const toAnswer = (version: HealthHistoryVersion | undefined): HealthHistoryAnswer =>
  version ? { history: version.history, savedAt: version.savedAt.toISOString() } : { history: null, savedAt: null };

/** The patient's history as last saved, or nulls before the first save. */
export async function readHealthHistory(deps: HealthHistoryDeps, userId: string): Promise<HealthHistoryAnswer> {
  return toAnswer(await latestVersion(deps.db, userId));
}

/** Saves the history as a new version, which becomes the one the patient sees; earlier versions stay. */
export async function saveHealthHistory(deps: HealthHistoryDeps, userId: string, history: HealthHistory): Promise<HealthHistoryAnswer> {
  return toAnswer(await insertVersion(deps.db, userId, history));
}

/** The person's history, for whoever keeps their record: themselves, or a child's guardian. Anyone else finds nobody. */
async function keptBy(deps: HealthHistoryDeps, userId: string, personId: string) {
  if (!(await keepsRecordOf(deps.db, userId, personId))) throw notFound(messages.personNotFound);
  return personId;
}

export async function readPersonHealthHistory(deps: HealthHistoryDeps, userId: string, personId: string): Promise<HealthHistoryAnswer> {
  return readHealthHistory(deps, await keptBy(deps, userId, personId));
}

export async function savePersonHealthHistory(
  deps: HealthHistoryDeps,
  userId: string,
  personId: string,
  history: HealthHistory,
): Promise<HealthHistoryAnswer> {
  return saveHealthHistory(deps, await keptBy(deps, userId, personId), history);
}
