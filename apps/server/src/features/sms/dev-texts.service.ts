import type { Database } from '../../db/client';
import { listRecentTexts, type TextRow } from './repository';

/** How many texts the dev outbox shows. */
export const DEV_TEXTS_LIMIT = 100;

/** The newest texts of the outbox, for the dev outbox page. */
export const recentTexts = (db: Database): Promise<TextRow[]> => listRecentTexts(db, DEV_TEXTS_LIMIT);

/** A text as the dev outbox's API lists it. */
export const devTextEntry = (row: TextRow) => ({
  id: row.id,
  to: row.recipient,
  kind: row.kind,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});
