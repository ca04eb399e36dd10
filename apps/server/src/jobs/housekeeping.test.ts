import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, mailOutbox, oneTimeTokens, rateLimits, sessions } from '../db/schema';
import { enqueueMails, queueMailToSend, type OutgoingMail } from '../features/mail/repository';
import { checkoutBody, patientThroughSignUp, signedInPatient, useTestApp, waitForMail } from '../test/harness';
import { HOUSEKEEPING_LOCK_ID, runHousekeeping } from './housekeeping';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const later = (ms: number) => new Date(Date.now() + ms);

describe('housekeeping', () => {
  const server = useTestApp();
  /** A message queued and sent at once, as the features send theirs. */
  const sendNow = async (mail: OutgoingMail) => {
    const queued = await queueMailToSend(server.app.ctx.db, mail);
    expect(await server.app.ctx.mail.send(queued)).toBe(true);
    return queued;
  };
  const sessionsOf = (userId: string) => server.app.ctx.db.select().from(sessions).where(eq(sessions.userId, userId));

  it('#16 deletes sessions past their lifetime, keeps live ones, and keeps revoked ones for 30 days', async () => {
    const live = await signedInPatient(server.app);
    const revoked = await signedInPatient(server.app, {}, { rememberMe: true });
    await server.http.post('/api/auth/logout', {}, revoked.token);
    // Revoked but otherwise valid for a year: only the revocation rule can delete it.
    await server.app.ctx.db
      .update(sessions)
      .set({ expiresAt: later(365 * DAY) })
      .where(eq(sessions.userId, revoked.user.id as string));

    await runHousekeeping(server.app.ctx, later(MINUTE));
    expect((await server.http.get('/api/users/me', live.token)).status).toBe(200);
    expect(await sessionsOf(revoked.user.id as string)).toHaveLength(1);

    await runHousekeeping(server.app.ctx, later(13 * HOUR));
    expect(await sessionsOf(live.user.id as string)).toEqual([]);
    expect((await server.http.get('/api/users/me', live.token)).status).toBe(401);
    expect(await sessionsOf(revoked.user.id as string)).toHaveLength(1);

    await runHousekeeping(server.app.ctx, later(31 * DAY));
    expect(await sessionsOf(revoked.user.id as string)).toEqual([]);
  });

  it('#9 deletes used and expired one-time tokens and keeps a usable one', async () => {
    const { body, user } = await patientThroughSignUp(server.app);
    await server.http.post('/api/auth/forgot-password', { email: body.email });
    // The reset link is made after the answer.
    await waitForMail(server.app, body.email, 'password-reset');
    const tokensOf = () =>
      server.app.ctx.db
        .select()
        .from(oneTimeTokens)
        .where(eq(oneTimeTokens.userId, user.id as string));
    expect((await tokensOf()).map((t) => t.purpose).sort()).toEqual(['reset-password', 'verify-email']);

    await runHousekeeping(server.app.ctx, later(MINUTE));
    // The used e-mail verification goes; the reset link is still usable and stays.
    expect((await tokensOf()).map((t) => t.purpose)).toEqual(['reset-password']);

    await runHousekeeping(server.app.ctx, later(61 * MINUTE));
    expect(await tokensOf()).toEqual([]);
  });

  it('#26 prunes answered idempotency keys after 24 h and never a pending one', async () => {
    const { token, user } = await signedInPatient(server.app);
    const userId = user.id as string;
    const answered = await server.http.put(`/api/users/${userId}/subscription`, checkoutBody(), token, { 'idempotency-key': randomUUID() });
    expect(answered.status).toBe(200);
    await server.app.ctx.db.insert(idempotencyKeys).values({ userId, key: 'in-flight', requestHash: 'x' });
    const keysOf = async () =>
      (await server.app.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId))).map((k) => k.key);

    await runHousekeeping(server.app.ctx, later(23 * HOUR));
    expect(await keysOf()).toHaveLength(2);

    await runHousekeeping(server.app.ctx, later(25 * HOUR));
    expect(await keysOf()).toEqual(['in-flight']);
  });

  it('#5 deletes rate-limit counters whose window has ended', async () => {
    const now = Date.now();
    await server.app.ctx.db.insert(rateLimits).values([
      { key: 'ended', points: 3, expire: now - 1 },
      { key: 'running', points: 3, expire: now + 10 * MINUTE },
    ]);
    const keys = async () => (await server.app.ctx.db.select().from(rateLimits)).map((r) => r.key).sort();
    await runHousekeeping(server.app.ctx, new Date(now));
    expect(await keys()).toEqual(['running']);
    await runHousekeeping(server.app.ctx, later(11 * MINUTE));
    expect(await keys()).toEqual([]);
  });

  it('deletes delivered mail after 30 days and keeps mail not yet delivered', async () => {
    const letter = { to: 'keep@example.com', subject: 'S', letter: { greeting: 'T', paragraphs: [] }, kind: 'test' };
    const { id: delivered } = await sendNow(letter);
    const [pending] = await enqueueMails(server.app.ctx.db, [letter], later(365 * DAY));
    const ids = async () => (await server.app.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox)).map((m) => m.id);

    await runHousekeeping(server.app.ctx, later(29 * DAY));
    expect(await ids()).toEqual(expect.arrayContaining([delivered, pending]));

    await runHousekeeping(server.app.ctx, later(31 * DAY));
    const left = await ids();
    expect(left).not.toContain(delivered);
    expect(left).toContain(pending);
  });

  it('#30 removes the partial file of a local upload a killed server left behind, once no upload address can still be writing it', async () => {
    // What a server killed mid-upload leaves: part of a file in the upload area, under a random name.
    const incoming = join(server.app.ctx.config.dataDir, 'receipts', '.incoming');
    mkdirSync(incoming, { recursive: true });
    const partial = join(incoming, randomUUID());
    writeFileSync(partial, '%PDF-1.7 and then nothing');

    expect(await runHousekeeping(server.app.ctx, later(MINUTE))).toMatchObject({ interruptedUploads: 0 });
    expect(existsSync(partial)).toBe(true);
    expect(await runHousekeeping(server.app.ctx, later(16 * MINUTE))).toMatchObject({ interruptedUploads: 1 });
    expect(existsSync(partial)).toBe(false);
  });

  // PGlite has a single connection, so a second instance holding the lock needs a real server.
  it.runIf(process.env.TEST_DATABASE_URL)('runs on one instance at a time: skips while another holds the lock', async () => {
    const other = new pg.Client({ connectionString: server.app.ctx.config.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock($1)', [HOUSEKEEPING_LOCK_ID]);
      const letter = { to: 'lock@example.com', subject: 'S', letter: { greeting: 'T', paragraphs: [] }, kind: 'test' };
      const { id: delivered } = await sendNow(letter);

      expect(await runHousekeeping(server.app.ctx, later(31 * DAY))).toBeNull();
      expect(await server.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, delivered))).toHaveLength(1);

      await other.query('COMMIT');
      expect(await runHousekeeping(server.app.ctx, later(31 * DAY))).toMatchObject({ mailOutbox: expect.any(Number) });
      expect(await server.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, delivered))).toEqual([]);
    } finally {
      await other.end();
    }
  });
});
