import { messages } from '@app/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { mailBodies } from './delivery';
import { findMail, listRecentMail, type OutboxRow } from './repository';

/** How many messages the development mailbox shows. */
export const MAILBOX_LIMIT = 100;

/** The newest messages of the outbox, for the development mailbox, optionally those to one address. */
export const recentMail = (db: Database, to?: string) => listRecentMail(db, MAILBOX_LIMIT, to);

/** One message of the outbox; a missing one is a 404. */
export async function oneMail(db: Database, id: string): Promise<OutboxRow> {
  const row = await findMail(db, id);
  if (!row) throw notFound(messages.notFound);
  return row;
}

/** A message as the development mailbox's API lists it, with the bodies it is sent with. */
export const mailboxEntry = (brand: Config['brand'], row: OutboxRow) => ({
  id: row.id,
  to: row.recipient,
  subject: row.subject,
  kind: row.kind,
  ...mailBodies(brand, row),
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});
