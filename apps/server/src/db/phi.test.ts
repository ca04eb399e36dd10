import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { ConfigError, type Config } from '../config';
import { createPhiKeyring } from '../lib/phi-cipher';
import { readObject } from '../lib/storage/storage';
import { rotatePhiKeys } from '../phi-rotate';
import { api, checkoutBody, createTestConfig, signedInPatient, useTestApp } from '../test/harness';
import { heldMessageVisit, pngWithLocation, sendPhoto } from '../test/photos';
import { queryRows, type Executor } from './client';

/** Every row of every table, as JSON text: what a database dump or a stolen backup would show. */
async function dumpEverything(db: Executor): Promise<string> {
  const tables = await queryRows<{ schema: string; name: string }>(
    db,
    sql`SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'enquiries', 'mail_outbox']));
  const rows = await Promise.all(
    tables.map((t) =>
      queryRows<{ row: string }>(db, sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(t.schema)}.${sql.identifier(t.name)} t`),
    ),
  );
  return rows
    .flat()
    .map((r) => r.row)
    .join('\n');
}

const sealedUserColumns = [
  'customer_phone',
  'dob',
  'zip',
  'symptoms',
  'billing_street',
  'billing_city',
  'billing_state',
  'billing_zip',
  'billing_country',
];
const rawUser = async (app: App, id: string) =>
  (
    await queryRows<Record<string, string | null>>(
      app.ctx.db,
      sql`SELECT ${sql.raw(sealedUserColumns.join(', '))} FROM users WHERE id = ${id}`,
    )
  )[0]!;

describe('health data at rest', () => {
  const server = useTestApp();

  it('#23 a dump of every table holds no date of birth, phone, symptoms, address or enquiry in clear, while the owner still sees them', async () => {
    const { token, user } = await signedInPatient(server.app, {
      dob: '1979-02-03',
      customerPhone: '3145550177',
      symptoms: 'Itchy rash on the left elbow',
    });
    const checkout = checkoutBody({
      billingAddress: { street: '742 Evergreen Terrace', city: 'Springfield', state: 'MO', zip: '65801', country: 'United States' },
    });
    expect(
      (await server.http.put(`/api/users/${user.id as string}/subscription`, checkout, token, { 'idempotency-key': randomUUID() })).status,
    ).toBe(200);
    const enquiry = {
      fullName: 'Jordan Lee',
      email: 'jordan@example.com',
      phone: '(314) 555-0188',
      message: 'Is my recurring migraine aura a concern?',
      smsOptIn: true,
    };
    expect((await server.http.post('/api/users/questions', enquiry)).status).toBe(201);

    const dump = await dumpEverything(server.app.ctx.db);
    for (const secret of [
      '1979-02-03',
      '3145550177',
      '555-0177',
      'Itchy rash',
      '742 Evergreen',
      '3145550188',
      '555-0188',
      'migraine aura',
    ]) {
      expect(dump).not.toContain(secret);
    }
    expect(Object.values(await rawUser(server.app, user.id as string)).every((v) => v?.startsWith('v1:'))).toBe(true);

    const me = await server.http.get('/api/users/me', token);
    expect(me.body).toMatchObject({
      dob: '1979-02-03',
      customerPhone: '3145550177',
      symptoms: 'Itchy rash on the left elbow',
      zip: '63101',
      billingAddress: { street: '742 Evergreen Terrace', city: 'Springfield', state: 'MO', zip: '65801', country: 'United States' },
    });
    const mail = (await server.http.get('/api/dev/mailbox')).body as unknown as { kind: string; text: string }[];
    expect(mail.find((m) => m.kind === 'enquiry')!.text).toContain('migraine aura');
  });
});

// Opens the database four times over and rotates every sealed row and photo: more than a request's test budget.
describe('health-data keys across restarts', { timeout: 180_000 }, () => {
  it('seals rows left in clear at start, stops on a wrong key, and re-seals under a new key with phi:rotate', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const { config, drop } = await createTestConfig({ PHI_KEY: oldKey.toString('base64') }, { persistent: true });
    const withKeys = (current: Buffer, older: Buffer[] = []) => ({ ...config, phiKeys: { current, older } });
    const run = async <T>(keys: Config, use: (app: App) => Promise<T>) => {
      const app = await buildApp(keys, { webDist: null });
      try {
        return await use(app);
      } finally {
        await app.close();
      }
    };
    const oldId = createPhiKeyring(oldKey).currentKeyId;
    try {
      // Rows from before encryption: written in clear behind the column type's back.
      const { token, id, photo } = await run(withKeys(oldKey), async (app) => {
        const { token, user } = await signedInPatient(app);
        await app.ctx.db.execute(
          sql`UPDATE users SET symptoms = 'Plain cough', dob = '1970-01-01', billing_street = NULL WHERE id = ${user.id as string}`,
        );
        await app.ctx.db.execute(sql`UPDATE mail_outbox SET letter = '{"greeting":"Plain body","paragraphs":[]}'`);
        const held = await heldMessageVisit(app);
        const sent = await sendPhoto(app, `/api/visits/${held.visit.id}/photos`, pngWithLocation().image, 'image/png', held.patient.token);
        expect(sent.statusCode).toBe(201);
        const photo = sent.json<{ photo: { id: string } }>().photo;
        return {
          token,
          id: user.id as string,
          photo: {
            key: `visit-photos/${held.visit.id}/${photo.id}`,
            url: `/api/visits/${held.visit.id}/photos/${photo.id}`,
            token: held.patient.token,
          },
        };
      });

      await run(withKeys(oldKey), async (app) => {
        const raw = await rawUser(app, id);
        expect(raw.symptoms).toMatch(new RegExp(`^v1:${oldId}:`));
        expect(raw.billing_street).toBeNull();
        expect(await dumpEverything(app.ctx.db)).not.toMatch(/Plain cough|1970-01-01|Plain body/);
        expect((await api(app).get('/api/users/me', token)).body).toMatchObject({ symptoms: 'Plain cough', dob: '1970-01-01' });
      });

      const wrongKey = buildApp(withKeys(newKey), { webDist: null });
      await expect(wrongKey).rejects.toThrow(ConfigError);
      await expect(wrongKey).rejects.toThrow(new RegExp(`PHI_KEY: health data in \\w+ is sealed with key id ${oldId}`));

      // With the new key and the old one beside it the server starts; start-up does not re-seal.
      await run(withKeys(newKey, [oldKey]), async (app) => {
        expect((await api(app).get('/api/users/me', token)).body).toMatchObject({ symptoms: 'Plain cough' });
        expect((await rawUser(app, id)).symptoms).toMatch(new RegExp(`^v1:${oldId}:`));
      });

      const rotation = withKeys(newKey, [oldKey]);
      const first = await rotatePhiKeys(rotation);
      expect(first).toEqual({ keyId: createPhiKeyring(newKey).currentKeyId, resealed: expect.any(Number) });
      expect(first.resealed).toBeGreaterThan(0);
      expect(await rotatePhiKeys(rotation)).toEqual({ keyId: first.keyId, resealed: 0 });

      await run(withKeys(newKey), async (app) => {
        const raw = await rawUser(app, id);
        for (const value of Object.values(raw)) if (value !== null) expect(value.startsWith(`v1:${first.keyId}:`)).toBe(true);
        // The photo too: re-sealed in the storage, and still the same picture.
        expect((await readObject(app.ctx.storage, photo.key)).toString()).toMatch(new RegExp(`^v1:${first.keyId}:`));
        const download = await app.inject({ method: 'GET', url: photo.url, headers: { authorization: `Bearer ${photo.token}` } });
        expect(download.rawPayload.equals(pngWithLocation().image)).toBe(true);
        expect((await api(app).get('/api/users/me', token)).body).toMatchObject({
          symptoms: 'Plain cough',
          dob: '1970-01-01',
          customerPhone: '3145550100',
        });
      });
    } finally {
      await drop();
    }
  });
});
