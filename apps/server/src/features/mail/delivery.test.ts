import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { api, createTestApp } from '../../test/harness';
import { queryRows } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { retryDelayMs } from '../../lib/outbox-worker';
import { createMailDelivery, mailBodies } from './delivery';
import { DELIVERED_BODY_NOTE, enqueueMails, findMail, outboxInsert, queueMailToSend, type OutgoingMail } from './repository';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that can refuse mail or go away. */
class MailServer {
  received: Received[] = [];
  /** Conversations that got as far as MAIL FROM. */
  begun = 0;
  /** When set, every recipient is refused with this reply code. */
  refuseWith: number | null = null;
  port = 0;
  private server: SMTPServer | null = null;

  get running() {
    return this.server !== null;
  }

  async start() {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onMailFrom: (_address, _session, callback) => {
        this.begun += 1;
        callback();
      },
      onRcptTo: (_address, _session, callback) => {
        if (this.refuseWith) return callback(Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: this.refuseWith }));
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          // A little slowness, so that concurrent workers really overlap.
          setTimeout(() => {
            this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
            callback();
          }, 50);
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(resolve));
  }
}

let counter = 0;
const letter = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => {
  counter += 1;
  return {
    to: `pat.${counter}@example.com`,
    subject: `Test message ${counter}`,
    letter: { greeting: 'Hello', paragraphs: [] },
    kind: 'test',
    ...overrides,
  };
};

const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1];

/** Moves the clock forward (as seen by Date) so that due times pass. */
const advanceClock = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe('mail delivery over SMTP', () => {
  const smtp = new MailServer();
  let app: App;

  beforeAll(async () => {
    await smtp.start();
    app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await app.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    smtp.refuseWith = null;
    // Nothing left due from an earlier test.
    advanceClock(24 * 3_600_000);
    await app.ctx.mail.deliverDue();
    smtp.received = [];
  });
  afterEach(async () => {
    vi.useRealTimers();
    if (!smtp.running) await smtp.start();
  });

  it('sends a message queued to send at once, and the worker leaves it alone meanwhile and after', async () => {
    const mail = letter();
    const queued = await queueMailToSend(app.ctx.db, mail);
    // Leased to its sender: the worker does not race it.
    expect(await app.ctx.mail.deliverDue()).toBe(0);
    expect(await app.ctx.mail.send(queued)).toBe(true);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([mail.to]);
    expect(subjectOf(smtp.received[0]!.raw)).toBe(mail.subject);
    expect(await findMail(app.ctx.db, queued.id)).toMatchObject({
      attempts: 1,
      lastError: null,
      lockedUntil: null,
      sentAt: expect.any(Date),
    });
    // Sent once is sent, also once the lease would have run out.
    advanceClock(2 * 60_000);
    expect(await app.ctx.mail.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('delivers messages queued for the worker', async () => {
    const mails = [letter(), letter()];
    const ids = await enqueueMails(app.ctx.db, mails);
    expect(await app.ctx.mail.deliverDue()).toBe(2);
    expect(smtp.received.map((r) => r.to[0]).sort()).toEqual(mails.map((m) => m.to).sort());
    for (const id of ids) expect(await findMail(app.ctx.db, id)).toMatchObject({ attempts: 1, sentAt: expect.any(Date) });
  });

  it("delivers a message due within the worker's own millisecond", async () => {
    const [id] = await enqueueMails(app.ctx.db, [letter()]);
    // The column keeps microseconds, which a JavaScript time cannot name; the fake clock stands still.
    await app.ctx.db.execute(
      sql`UPDATE mail_outbox SET next_attempt_at = ${new Date().toISOString()}::timestamptz + interval '500 microseconds' WHERE id = ${id}`,
    );
    expect(await app.ctx.mail.deliverDue()).toBe(1);
  });

  it('#9 keeps no usable link of a delivered message: its bodies are replaced when it is marked sent', async () => {
    const link = 'https://care.example/r/tok0123456789';
    const queued = await queueMailToSend(
      app.ctx.db,
      letter({ letter: { greeting: 'Hello', paragraphs: [], action: { label: 'Reset', url: link } } }),
    );
    const { id } = queued;
    const bodies = async () => mailBodies(app.ctx.config.brand, (await findMail(app.ctx.db, id))!);
    smtp.refuseWith = 451;
    expect(await app.ctx.mail.send(queued)).toBe(false);
    // Not delivered yet: the message must keep what it is to send.
    expect((await bodies()).text).toContain(link);
    smtp.refuseWith = null;
    advanceClock(retryDelayMs(1));
    expect(await app.ctx.mail.deliverDue()).toBe(1);
    expect(smtp.received[0]!.raw).toContain(link);
    expect((await findMail(app.ctx.db, id))!.sentAt).toBeInstanceOf(Date);
    const { text, html } = await bodies();
    expect(text).toContain(DELIVERED_BODY_NOTE);
    expect(`${text}${html}`).not.toContain('tok0123456789');
  });

  it('sends a message queued before the outbox kept letters (migration 0016) with the bodies it was queued with', async () => {
    const [row] = await app.ctx.db
      .insert(mailOutbox)
      .values({
        recipient: 'earlier@example.com',
        subject: 'Queued earlier',
        kind: 'test',
        textBody: 'Laid out when queued',
        htmlBody: '<p>Laid out when queued</p>',
      })
      .returning({ id: mailOutbox.id });
    expect(await app.ctx.mail.deliverDue()).toBe(1);
    expect(smtp.received[0]!.raw).toContain('Laid out when queued');
    expect(smtp.received[0]!.raw).toContain('<p>Laid out when queued</p>');
    // A message with nothing to say cannot be queued at all.
    await expect(
      app.ctx.db.insert(mailOutbox).values({ recipient: 'empty@example.com', subject: 'Empty', kind: 'test' }),
    ).rejects.toMatchObject({ cause: { constraint: 'mail_outbox_has_content' } });
    expect((await findMail(app.ctx.db, row!.id))!.sentAt).toBeInstanceOf(Date);
  });

  it('has no dev mailbox when mail really leaves', async () => {
    expect((await api(app).get('/dev/mailbox')).status).toBe(404);
    expect((await api(app).get('/api/dev/mailbox')).status).toBe(404);
  });

  for (const code of [451, 550]) {
    it(`keeps a message the server refuses with ${code} and sends it once the retry is due`, async () => {
      smtp.refuseWith = code;
      const mail = letter();
      const queued = await queueMailToSend(app.ctx.db, mail);
      expect(await app.ctx.mail.send(queued)).toBe(false);
      const failed = await findMail(app.ctx.db, queued.id);
      expect(failed).toMatchObject({ attempts: 1, sentAt: null, lockedUntil: null });
      expect(failed!.lastError).toContain(String(code));
      expect(failed!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(retryDelayMs(1) - 5_000);
      expect(failed!.nextAttemptAt.getTime() - Date.now()).toBeLessThanOrEqual(retryDelayMs(1));

      // Not due yet: the worker leaves it alone.
      expect(await app.ctx.mail.deliverDue()).toBe(0);
      smtp.refuseWith = null;
      advanceClock(retryDelayMs(1));
      expect(await app.ctx.mail.deliverDue()).toBe(1);
      expect(smtp.received.map((r) => subjectOf(r.raw))).toEqual([mail.subject]);
      expect(await findMail(app.ctx.db, queued.id)).toMatchObject({ attempts: 2, lastError: null, sentAt: expect.any(Date) });
    });
  }

  it('keeps retrying, further apart, while the server is down, and delivers when it is back', async () => {
    await smtp.stop();
    const mail = letter();
    const [id] = await enqueueMails(app.ctx.db, [mail]);
    expect(await app.ctx.mail.deliverDue()).toBe(0);
    expect((await findMail(app.ctx.db, id!))!.lastError).toMatch(/ECONNREFUSED/);

    advanceClock(retryDelayMs(1));
    expect(await app.ctx.mail.deliverDue()).toBe(0);
    const second = await findMail(app.ctx.db, id!);
    expect(second).toMatchObject({ attempts: 2, sentAt: null });
    expect(second!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(retryDelayMs(2) - 5_000);
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));

    await smtp.start();
    advanceClock(retryDelayMs(2));
    expect(await app.ctx.mail.deliverDue()).toBe(1);
    expect(smtp.received.map((r) => r.to)).toEqual([[mail.to]]);
    expect(await findMail(app.ctx.db, id!)).toMatchObject({ attempts: 3, lastError: null, sentAt: expect.any(Date) });
  });

  it('never sends a message twice when two workers run at once', async () => {
    const other = createMailDelivery({ db: app.ctx.db, config: app.ctx.config, log: app.ctx.log });
    const mails = Array.from({ length: 6 }, () => letter());
    await enqueueMails(app.ctx.db, mails);
    const [a, b] = await Promise.all([app.ctx.mail.deliverDue(), other.deliverDue()]);
    expect(a + b).toBe(mails.length);
    expect(smtp.received.map((r) => r.to[0]).sort()).toEqual(mails.map((m) => m.to).sort());
  });

  it('lets a send that is under way finish before it stops', async () => {
    const queued = await queueMailToSend(app.ctx.db, letter());
    const begun = smtp.begun;
    const sending = app.ctx.mail.send(queued);
    await vi.waitFor(() => expect(smtp.begun).toBe(begun + 1), { interval: 1 });
    await app.ctx.mail.stop();
    expect((await findMail(app.ctx.db, queued.id))!.sentAt).toBeInstanceOf(Date);
    expect(await sending).toBe(true);
  });

  it('sends a leased message whose sender died once its lease has run out', async () => {
    const mail = letter();
    const [queued] = await queryRows<{ id: string }>(app.ctx.db, outboxInsert([mail], { leasedUntil: new Date(Date.now() - 1000) }));
    expect(await app.ctx.mail.deliverDue()).toBe(1);
    const row = (await findMail(app.ctx.db, queued!.id))!;
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(2);
    expect(smtp.received.map((r) => r.to[0])).toEqual([mail.to]);
  });
});
