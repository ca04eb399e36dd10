import { and, asc, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { assignments, queryRows, type Executor } from '../../db/client';
import { claimableAt } from '../../db/outbox';
import { mailOutbox, type Letter } from '../../db/schema';
import { OUTBOX_LEASE_MS } from '../../lib/outbox-worker';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** What the message says; its bodies are laid out from it when it is sent (`renderLetter`). */
  letter: Letter;
  /** What the message is for (verify-email, password-reset, ...), for the outbox view and tests. */
  kind: string;
}

/** The schedule of a message its caller sends at once (`MailDelivery.send`): leased to the caller. */
export const leaseForDelivery = () => ({ leasedUntil: new Date(Date.now() + OUTBOX_LEASE_MS) });

/** A message in the outbox, with what sending it needs. */
export interface QueuedMail {
  id: string;
  mail: OutgoingMail;
}

/**
 * Puts a message in the outbox leased to this process, to send as soon as the caller's transaction
 * commits (`MailDelivery.send`). Call it with the transaction of the change that causes the mail:
 * if that rolls back, nothing is sent; if this process dies first, the worker sends it once the
 * lease has run out.
 */
export async function queueMailToSend(db: Executor, mail: OutgoingMail): Promise<QueuedMail> {
  const [row] = await queryRows<{ id: string }>(db, outboxInsert([mail], leaseForDelivery()));
  return { id: row!.id, mail };
}

/**
 * Puts many messages in the outbox in one statement, for the worker to send from `notBefore` (a
 * batch job's notices); returns their ids. Letters are sealed by their column's own type, as every
 * other write of them is.
 */
export async function enqueueMails(db: Executor, mails: readonly OutgoingMail[], notBefore: Date = new Date()): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await queryRows<{ id: string }>(db, outboxInsert(mails, { notBefore }));
  return rows.map((row) => row.id);
}

/** When queued mail may go: from `notBefore` by whichever worker claims it, or already claimed by the caller until `leasedUntil`. */
export type OutboxSchedule = { notBefore: Date } | { leasedUntil: Date };

/**
 * The statement that puts `mails` in the outbox and returns their ids, for a caller that makes it
 * part of a larger one; with `onlyIf`, nothing is inserted unless that condition holds. Mail queued
 * leased counts its first attempt as begun: the worker leaves it alone until the lease runs out,
 * so the caller sends it without claiming it first.
 */
export function outboxInsert(mails: readonly OutgoingMail[], schedule: OutboxSchedule, onlyIf?: SQL): SQL {
  const column = (values: unknown[]) => sql`${sql.param(values)}::text[]`;
  const [notBefore, lockedUntil, attempts] =
    'leasedUntil' in schedule ? [new Date(), schedule.leasedUntil, 1] : [schedule.notBefore, null, 0];
  return sql`INSERT INTO mail_outbox (recipient, subject, letter, kind, next_attempt_at, locked_until, attempts)
      SELECT v.recipient, v.subject, v.letter, v.kind, ${notBefore.toISOString()}::timestamptz, ${lockedUntil?.toISOString() ?? null}::timestamptz, ${attempts}::integer
      FROM unnest(${column(mails.map((m) => m.to))}, ${column(mails.map((m) => m.subject))},
        ${column(mails.map((m) => mailOutbox.letter.mapToDriverValue(m.letter)))}, ${column(mails.map((m) => m.kind))}) AS v(recipient, subject, letter, kind)
      ${onlyIf ? sql`WHERE ${onlyIf}` : sql``}
      RETURNING id`;
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Claims up to `limit` due messages for `leaseMs`, so that another worker (or instance) skips them. */
export async function claimDueMail(db: Executor, options: { limit: number; leaseMs: number }): Promise<OutboxRow[]> {
  const now = new Date();
  const leaseUntil = new Date(now.getTime() + options.leaseMs);
  const candidates = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(claimableAt(mailOutbox, now))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ lockedUntil: leaseUntil, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(sql`${mailOutbox.id} IN ${candidates}`)
    .returning();
}

/** What a message delivered over SMTP keeps of what it said. */
export const DELIVERED_BODY_NOTE =
  'Delivered over SMTP; the body is not kept, so that its links (and any token in them) cannot be used from here.';

/**
 * Marks a message sent. Once it has left over SMTP what it said is replaced in the same update, so
 * the outbox never holds a usable sign-in, verification or reset link for a delivered message.
 * The dev mailbox (no SMTP) keeps it: it is where a developer, and the tests, read it.
 */
export async function markMailSent(db: Executor, id: string, options: { forgetBody: boolean }) {
  const forgotten = options.forgetBody ? { letter: { greeting: DELIVERED_BODY_NOTE, paragraphs: [] }, textBody: null, htmlBody: null } : {};
  await db.execute(
    sql`UPDATE mail_outbox SET ${assignments(mailOutbox, { sentAt: new Date(), lockedUntil: null, lastError: null, ...forgotten })} WHERE id = ${id}`,
  );
}

export async function markMailFailed(db: Executor, id: string, error: string, retryAt: Date) {
  await db
    .update(mailOutbox)
    .set({ lockedUntil: null, lastError: error.slice(0, 1000), nextAttemptAt: retryAt })
    // A worker whose lease ran out must not mark as failed what another worker has sent since.
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}

/** The newest messages first, optionally only those to one address (compared without case). */
export async function listRecentMail(db: Executor, limit = 100, to?: string): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(to === undefined ? undefined : sql`lower(${mailOutbox.recipient}) = ${to.toLowerCase()}`)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}

export async function findMail(db: Executor, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

/** Deletes messages delivered before `before`; returns how many. */
export async function deleteDeliveredMail(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(mailOutbox).where(lt(mailOutbox.sentAt, before)).returning({ id: mailOutbox.id });
  return rows.length;
}
