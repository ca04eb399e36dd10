import { PassThrough } from 'node:stream';
import { messages, type HealthHistory } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { auditLog, healthHistoryVersions } from '../../db/schema';
import { api, createTestApp, eventually, signedInPatient } from '../../test/harness';

const URL = '/api/users/me/health-history';

const history = (change: Partial<HealthHistory> = {}): HealthHistory => ({
  noKnownAllergies: false,
  allergies: ['Penicillin'],
  medications: [{ name: 'Lisinopril', dose: '10 mg once a day' }],
  conditions: ['Hypertension'],
  surgeries: [{ name: 'Appendectomy', year: 2009 }],
  pharmacy: { name: 'Corner Pharmacy', phone: '3145550123', address: '12 Main St, Saint Louis, MO' },
  ...change,
});

// One server for the file, logging every request at debug into `logText`, to prove the history stays out of the logs.
const server = {} as { app: App; http: ReturnType<typeof api> };
let logText = '';
beforeAll(async () => {
  const logs = new PassThrough();
  logs.on('data', (chunk: Buffer) => (logText += chunk.toString()));
  server.app = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream: logs });
  server.http = api(server.app);
});
afterAll(() => server.app.close());

const versionsOf = (userId: string) =>
  server.app.ctx.db.select().from(healthHistoryVersions).where(eq(healthHistoryVersions.userId, userId)).orderBy(healthHistoryVersions.id);

describe('the health history', () => {
  it('answers nulls before the first save, and the saved history after it', async () => {
    const { token } = await signedInPatient(server.app);
    const empty = await server.http.get(URL, token);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ history: null, savedAt: null });
    expect(empty.headers['cache-control']).toBe('no-store');

    const saved = await server.http.put(
      URL,
      history({ pharmacy: { name: 'Corner Pharmacy', phone: '(314) 555-0123', address: '' } }),
      token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.history).toEqual(history({ pharmacy: { name: 'Corner Pharmacy', phone: '3145550123', address: '' } }));
    expect(Date.parse(saved.body.savedAt as string)).not.toBeNaN();
    expect((await server.http.get(URL, token)).body).toEqual(saved.body);
  });

  it('keeps every save as a version of its own and shows the latest', async () => {
    const { token, user } = await signedInPatient(server.app);
    await server.http.put(URL, history(), token);
    const second = history({ noKnownAllergies: true, allergies: [], medications: [], pharmacy: null });
    await server.http.put(URL, second, token);

    expect((await server.http.get(URL, token)).body.history).toEqual(second);
    const versions = await versionsOf(user.id as string);
    expect(versions.map((v) => v.history)).toEqual([history(), second]);
    expect(versions[0]!.savedAt.getTime()).toBeLessThanOrEqual(versions[1]!.savedAt.getTime());
  });

  it('shows each patient only their own history', async () => {
    const owner = await signedInPatient(server.app);
    const other = await signedInPatient(server.app);
    await server.http.put(URL, history(), owner.token);
    expect((await server.http.get(URL, other.token)).body).toEqual({ history: null, savedAt: null });
  });

  it('answers 401 to anyone signed out, and saves nothing', async () => {
    expect((await server.http.get(URL)).status).toBe(401);
    const before = await server.app.ctx.db.$count(healthHistoryVersions);
    expect((await server.http.put(URL, history())).status).toBe(401);
    expect(await server.app.ctx.db.$count(healthHistoryVersions)).toBe(before);
  });

  it('stores the history sealed: the raw column holds none of it', async () => {
    const { token, user } = await signedInPatient(server.app);
    await server.http.put(URL, history(), token);
    const [{ stored } = { stored: '' }] = await queryRows<{ stored: string }>(
      server.app.ctx.db,
      sql`SELECT history AS stored FROM health_history_versions WHERE user_id = ${user.id as string}`,
    );
    expect(stored).toMatch(/^v1:/);
    for (const plain of ['Penicillin', 'Lisinopril', 'Hypertension', 'Appendectomy', 'Corner Pharmacy'])
      expect(stored).not.toContain(plain);
  });

  it('records every read and save in the audit trail, with the patient as actor and subject, and keeps the history out of the logs', async () => {
    const { token, user } = await signedInPatient(server.app);
    await server.http.get(URL, token);
    await server.http.put(URL, history({ conditions: ['Rare-condition-marker'] }), token);
    const rows = await eventually('both requests in the trail', async () => {
      const found = await server.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectUserId, user.id as string), sql`${auditLog.action} LIKE '% /api/users/me/health-history'`));
      return found.length >= 2 ? found : undefined;
    });
    expect(rows.map((r) => [r.action, r.actorRole, r.actorUserId, r.status]).sort()).toEqual([
      ['GET /api/users/me/health-history', 'patient', user.id, 200],
      ['PUT /api/users/me/health-history', 'patient', user.id, 200],
    ]);
    expect(logText).toContain('/api/users/me/health-history');
    expect(logText).not.toContain('Rare-condition-marker');
  });

  const year = new Date().getFullYear();
  const tooMany = <T>(entry: T) => Array.from({ length: 51 }, () => entry);
  const invalid: Array<[string, Partial<HealthHistory> | Record<string, unknown>, string, string]> = [
    ['51 allergies', { allergies: tooMany('Latex') }, 'allergies', messages.healthListTooLong(50)],
    ['51 medications', { medications: tooMany({ name: 'Aspirin', dose: '' }) }, 'medications', messages.healthListTooLong(50)],
    ['51 conditions', { conditions: tooMany('Asthma') }, 'conditions', messages.healthListTooLong(50)],
    ['51 surgeries', { surgeries: tooMany({ name: 'Tonsillectomy', year: 2000 }) }, 'surgeries', messages.healthListTooLong(50)],
    ['an allergy of 201 characters', { allergies: ['a'.repeat(201)] }, 'allergies.0', messages.tooLong(200)],
    ['a blank condition', { conditions: ['   '] }, 'conditions.0', messages.required],
    ['a medication without a name', { medications: [{ name: '', dose: 'daily' }] }, 'medications.0.name', messages.required],
    [
      'a dose of 201 characters',
      { medications: [{ name: 'Aspirin', dose: 'd'.repeat(201) }] },
      'medications.0.dose',
      messages.tooLong(200),
    ],
    ['a surgery next year', { surgeries: [{ name: 'Knee', year: year + 1 }] }, 'surgeries.0.year', messages.surgeryYear(1900, year)],
    ['a surgery before 1900', { surgeries: [{ name: 'Knee', year: 1899 }] }, 'surgeries.0.year', messages.surgeryYear(1900, year)],
    ['a surgery year as text', { surgeries: [{ name: 'Knee', year: '2001' }] }, 'surgeries.0.year', messages.surgeryYear(1900, year)],
    [
      'a pharmacy phone that is not a US number',
      { pharmacy: { name: 'Corner Pharmacy', phone: '555-0123', address: '' } },
      'pharmacy.phone',
      messages.phone,
    ],
    ['a pharmacy without a name', { pharmacy: { name: '', phone: '3145550123', address: '' } }, 'pharmacy.name', messages.required],
    ['allergies listed with "No known allergies"', { noKnownAllergies: true }, 'allergies', messages.allergiesOrNone],
  ];
  it.each(invalid)('refuses %s with 400 naming the field, and saves no version', async (_name, change, field, message) => {
    const { token, user } = await signedInPatient(server.app);
    const res = await server.http.put(URL, { ...history(), ...change }, token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((res.body.errors as Record<string, string>)[field]).toBe(message);
    expect(await versionsOf(user.id as string)).toEqual([]);
  });

  it('refuses an unknown field, a missing list, malformed JSON and a non-object body with 400', async () => {
    const { token } = await signedInPatient(server.app);
    const unknown = await server.http.put(URL, { ...history(), smokes: true }, token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(messages.unknownField('smokes'));
    const { conditions: _conditions, ...withoutConditions } = history();
    expect((await server.http.put(URL, withoutConditions, token)).status).toBe(400);
    expect((await server.http.put(URL, '{"allergies": ', token)).status).toBe(400);
    expect((await server.http.put(URL, '[1,2]', token)).status).toBe(400);
    expect((await server.http.put(URL, '{"allergies": "Penicillin"}', token)).status).toBe(400);
  });
});
