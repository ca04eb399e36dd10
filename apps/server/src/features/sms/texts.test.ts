import { createHash, randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { messages, type SmsKind } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { auditLog, consentRecords, smsOutbox, users } from '../../db/schema';
import { usePhiKeyring } from '../../db/phi-column';
import { indexPhones } from '../../db/phone-index';
import { runHousekeeping } from '../../jobs/housekeeping';
import { createPhiKeyring } from '../../lib/phi-cipher';
import { api, createTestApp, patientThroughSignUp, signedInPatient } from '../../test/harness';
import { updateUser } from '../users';
import { findUserIdsByPhone } from './repository';
import { createSmsGateway, createTextMessages } from './service';

// One server for the file, without an SMS provider (the dev outbox), logging every request at debug
// into `logText`, to prove phone numbers stay out of the logs.
const server = {} as { app: App; http: ReturnType<typeof api> };
let logText = '';
beforeAll(async () => {
  const logs = new PassThrough();
  logs.on('data', (chunk: Buffer) => (logText += chunk.toString()));
  server.app = await createTestApp({ LOG_LEVEL: 'debug', APP_URL: 'https://care.example' }, { logStream: logs });
  server.http = api(server.app);
});
afterAll(() => server.app.close());

let phones = 0;
/** A phone number no other patient of this file has, as typed in a form. */
const newPhone = () => `(314) 555-${String(1000 + ++phones).padStart(4, '0')}`;
const e164 = (typed: string) => `+1${typed.replace(/\D/g, '')}`;

const queue = (userId: string, kind: SmsKind = 'doctor-ready') =>
  server.app.ctx.db.transaction((tx) => server.app.ctx.sms.queueText(tx, userId, kind));
const textsOf = (userId: string) => server.app.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.userId, userId));
const consentOf = (userId: string) =>
  server.app.ctx.db.select().from(consentRecords).where(eq(consentRecords.userId, userId)).orderBy(consentRecords.id);

describe('queueing a text', () => {
  it('queues one to a member who agreed to texts, to their number in E.164, and the dev outbox shows it once sent', async () => {
    const phone = newPhone();
    const { user } = await signedInPatient(server.app, { customerPhone: phone, symptoms: 'Rare-condition-marker' });
    expect(await queue(String(user.id))).toBe(true);
    const [queued] = await textsOf(String(user.id));
    expect(queued).toMatchObject({ recipient: e164(phone), kind: 'doctor-ready', sentAt: null });
    // The number is sealed at rest.
    const [raw] = await queryRows<{ recipient: string }>(server.app.ctx.db, sql`SELECT recipient FROM sms_outbox WHERE id = ${queued!.id}`);
    expect(raw!.recipient).toMatch(/^v1:/);

    expect(await server.app.ctx.sms.deliverDue()).toBeGreaterThanOrEqual(1);
    const [sent] = await textsOf(String(user.id));
    // The dev outbox keeps what it shows.
    expect(sent).toMatchObject({ recipient: e164(phone), sentAt: expect.any(Date), attempts: 1 });

    const page = await server.app.inject({ method: 'GET', url: '/dev/texts' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(e164(phone));
    expect(page.body).toContain('Your doctor is ready');
    const list = (await server.http.get('/api/dev/texts')).body as unknown as Array<Record<string, unknown>>;
    expect(list.find((text) => text.id === sent!.id)).toMatchObject({ to: e164(phone), kind: 'doctor-ready', sentAt: expect.any(String) });
  });

  it('skips, silently, a member who did not agree to texts, one without a phone, one whose phone is not a US number, and a disabled one', async () => {
    const declined = await signedInPatient(server.app, { customerPhone: newPhone() });
    await server.app.ctx.db
      .update(users)
      .set({ smsPolicyAccepted: false })
      .where(eq(users.id, String(declined.user.id)));
    const noPhone = await signedInPatient(server.app, { customerPhone: newPhone() });
    await server.app.ctx.db
      .update(users)
      .set({ customerPhone: null })
      .where(eq(users.id, String(noPhone.user.id)));
    const shortPhone = await signedInPatient(server.app, { customerPhone: newPhone() });
    await server.app.ctx.db
      .update(users)
      .set({ customerPhone: '555' })
      .where(eq(users.id, String(shortPhone.user.id)));
    for (const { user } of [declined, noPhone, shortPhone]) {
      expect(await queue(String(user.id))).toBe(false);
      expect(await textsOf(String(user.id))).toEqual([]);
    }
  });

  it('keeps no text in production without a provider, where nobody could read it', async () => {
    const { user } = await signedInPatient(server.app, { customerPhone: newPhone() });
    const { ctx } = server.app;
    const production = createTextMessages({
      db: ctx.db,
      gateway: createSmsGateway({ sms: null }),
      config: { ...ctx.config, env: 'production' },
      log: ctx.log,
    });
    expect(await production.queueText(ctx.db, String(user.id), 'doctor-ready')).toBe(false);
    expect(await textsOf(String(user.id))).toEqual([]);
  });

  it('is written in the transaction of the change that causes it: a rollback sends nothing', async () => {
    const { user } = await signedInPatient(server.app, { customerPhone: newPhone() });
    await expect(
      server.app.ctx.db.transaction(async (tx) => {
        await server.app.ctx.sms.queueText(tx, String(user.id), 'visit-message');
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await textsOf(String(user.id))).toEqual([]);
  });

  it('says every kind with the brand and a link to the site, and never a health detail', async () => {
    const { user } = await signedInPatient(server.app, { customerPhone: newPhone(), symptoms: 'Rare-condition-marker' });
    for (const kind of ['doctor-ready', 'visit-message'] as const) expect(await queue(String(user.id), kind)).toBe(true);
    const bodies = (await textsOf(String(user.id))).map((text) => text.body ?? '');
    expect(bodies).toHaveLength(2);
    for (const body of bodies) {
      expect(body).toContain(server.app.ctx.config.brand.name);
      expect(body).toContain('https://care.example/profile');
      expect(body).toContain('Reply STOP');
      expect(body).not.toMatch(/Rare-condition-marker|symptom|diagnos|reason/i);
      // One segment's worth of GSM-7 and a bit: carriers split longer texts.
      expect(body.length).toBeLessThanOrEqual(160);
    }
  });
});

describe('notification preferences', () => {
  const URL = '/api/users/me/notifications';

  it('answers e-mail always and texts as the member chose, and only to a signed-in member', async () => {
    const { token } = await signedInPatient(server.app, { customerPhone: newPhone() });
    expect((await server.http.get(URL, token)).body).toEqual({ email: 'always', sms: true });
    expect((await server.http.get(URL)).status).toBe(401);
    expect((await server.http.put(URL, { sms: false })).status).toBe(401);
  });

  it('turns texts off and on again, keeping each change as a consent record with the address, and in the audit trail', async () => {
    const { token, user } = await signedInPatient(server.app, { customerPhone: newPhone() });
    const id = String(user.id);
    const off = await server.http.put(URL, { sms: false }, token);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ email: 'always', sms: false });
    expect((await server.http.get(URL, token)).body).toEqual({ email: 'always', sms: false });
    expect(await queue(id)).toBe(false);
    // Asking again for what is set changes nothing, and records nothing.
    expect((await server.http.put(URL, { email: 'always', sms: false }, token)).status).toBe(200);
    expect((await server.http.put(URL, { sms: true }, token)).body).toEqual({ email: 'always', sms: true });
    expect(await queue(id)).toBe(true);

    const records = await consentOf(id);
    expect(records.map(({ channel, granted, source }) => ({ channel, granted, source }))).toEqual([
      { channel: 'sms', granted: false, source: 'profile' },
      { channel: 'sms', granted: true, source: 'profile' },
    ]);
    expect(records[0]!.ip).toEqual(expect.any(String));
    const audited = await server.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, id), sql`${auditLog.action} = 'PUT /api/users/me/notifications'`));
    expect(audited.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses texts on without a phone on file, and anything but a yes or no', async () => {
    const { token, user } = await signedInPatient(server.app, { customerPhone: newPhone() });
    await server.app.ctx.db
      .update(users)
      .set({ customerPhone: null, smsPolicyAccepted: false })
      .where(eq(users.id, String(user.id)));
    const refused = await server.http.put(URL, { sms: true }, token);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: messages.smsNeedsPhone, errors: { sms: messages.smsNeedsPhone } });
    expect(await consentOf(String(user.id))).toEqual([]);
    expect((await server.http.put(URL, { sms: 'yes' }, token)).status).toBe(400);
    expect((await server.http.put(URL, { sms: true, email: 'never' }, token)).status).toBe(400);
  });

  it('keeps the consent given at sign-up as the first record', async () => {
    const { user } = await patientThroughSignUp(server.app, { customerPhone: newPhone() });
    const [record] = await consentOf(String(user.id));
    expect(record).toMatchObject({ channel: 'sms', granted: true, source: 'sign-up', ip: expect.any(String) });
  });
});

describe('the outbox and the phone index over time', () => {
  it('deletes texts 30 days after they were sent, and keeps one still waiting', async () => {
    const { user } = await signedInPatient(server.app, { customerPhone: newPhone() });
    expect(await queue(String(user.id))).toBe(true);
    await server.app.ctx.sms.deliverDue();
    expect(await queue(String(user.id), 'visit-message')).toBe(true);
    const later = (days: number) => new Date(Date.now() + days * 24 * 3_600_000);
    await runHousekeeping(server.app.ctx, later(29));
    expect(await textsOf(String(user.id))).toHaveLength(2);
    await runHousekeeping(server.app.ctx, later(31));
    expect((await textsOf(String(user.id))).map((text) => text.kind)).toEqual(['visit-message']);
  });

  it('finds an account by its new phone once it changes, and indexes at start what was written without the index', async () => {
    const { user } = await signedInPatient(server.app, { customerPhone: newPhone() });
    const id = String(user.id);
    const moved = newPhone();
    await updateUser(server.app.ctx.db, id, { customerPhone: moved.replace(/\D/g, '') });
    expect(await findUserIdsByPhone(server.app.ctx.db, e164(moved))).toEqual([id]);

    // As the seed script, or a row from before the column, leaves it.
    await server.app.ctx.db.update(users).set({ phoneIndex: null }).where(eq(users.id, id));
    expect(await findUserIdsByPhone(server.app.ctx.db, e164(moved))).toEqual([]);
    expect(await indexPhones(server.app.ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await findUserIdsByPhone(server.app.ctx.db, e164(moved))).toEqual([id]);
    // The index is keyed: it is not a plain hash of the number, and names the key it was made under.
    const [row] = await server.app.ctx.db.select({ phoneIndex: users.phoneIndex }).from(users).where(eq(users.id, id));
    expect(row!.phoneIndex).toMatch(/^[A-Za-z0-9_-]{11}:[A-Za-z0-9_-]{43}$/);
    expect(row!.phoneIndex).not.toContain(createHash('sha256').update(e164(moved)).digest('base64url'));
  });
});

describe('a new PHI_KEY', () => {
  it('makes every phone index stale, and the next start indexes them under it', async () => {
    const phone = newPhone();
    const { user } = await signedInPatient(server.app, { customerPhone: phone });
    const { phiKeys } = server.app.ctx.config;
    try {
      // As a start with a new PHI_KEY and the old one in PHI_OLD_KEYS.
      usePhiKeyring(createPhiKeyring(randomBytes(32), [phiKeys.current]));
      expect(await findUserIdsByPhone(server.app.ctx.db, e164(phone))).toEqual([]);
      expect(await indexPhones(server.app.ctx.db)).toBeGreaterThanOrEqual(1);
      expect(await findUserIdsByPhone(server.app.ctx.db, e164(phone))).toEqual([String(user.id)]);
    } finally {
      usePhiKeyring(createPhiKeyring(phiKeys.current, phiKeys.older));
      await indexPhones(server.app.ctx.db);
    }
  });
});

describe('without an SMS provider', () => {
  it('has no webhook, and other routes still refuse form bodies', async () => {
    const inbound = await server.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'From=%2B13145550100&Body=STOP',
    });
    expect(inbound.statusCode).toBe(404);
    const { token } = await signedInPatient(server.app, { customerPhone: newPhone() });
    const form = await server.app.inject({
      method: 'PUT',
      url: '/api/users/me/notifications',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
      payload: 'sms=false',
    });
    expect(form.statusCode).toBe(415);
  });

  it('logs no phone number, whatever the requests and texts did', () => {
    expect(logText).toContain('/api/users/me/notifications');
    for (let n = 1; n <= phones; n++) {
      const digits = String(1000 + n).padStart(4, '0');
      expect(logText).not.toContain(`555${digits}`);
      expect(logText).not.toContain(`555-${digits}`);
    }
  });
});
