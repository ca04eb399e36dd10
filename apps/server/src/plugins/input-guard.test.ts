import { randomUUID } from 'node:crypto';
import { messages } from '@app/shared';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { adminEnv, api, createTestApp, signedInAdmin, signedInClinician, signedInPatient } from '../test/harness';
import { MAX_TEXT_LENGTH } from './input-guard';

/** Runs `check` on every item, a batch at a time: requests in flight together share the waits each would make alone. */
async function inBatches<T>(items: T[], check: (item: T) => Promise<void>, size = 25) {
  for (let start = 0; start < items.length; start += size) await Promise.all(items.slice(start, start + size).map(check));
}

// One app for the file: the guest's sign-up below needs nothing the signed-in tests change.
let app: App;
let token: string;
let logoutToken: string;
let adminToken: string;
let clinicianToken: string;
let userId: string;
const routes: RouteOptions[] = [];
beforeAll(async () => {
  app = await createTestApp(adminEnv, { onRoute: (route) => routes.push(route) });
  const patient = await signedInPatient(app);
  token = patient.token;
  userId = String(patient.user.id);
  logoutToken = (await signedInPatient(app)).token;
  adminToken = (await signedInAdmin(app)).token;
  clinicianToken = (await signedInClinician(app)).token;
});
afterAll(() => app.close());

describe('hostile input', () => {
  // Admin and clinic routes are sent as their role, so their bodies reach the checks a patient's 403 would stop short of.
  // Sign-out is sent with a session of its own, so that fuzzing it leaves the patient's session for the routes after it.
  const tokenFor = (url: string) =>
    url.startsWith('/api/admin')
      ? adminToken
      : url.startsWith('/api/clinic')
        ? clinicianToken
        : url === '/api/auth/logout'
          ? logoutToken
          : token;
  const send = (method: string, url: string, payload?: string, contentType = 'application/json') =>
    app.inject({
      method: method as 'POST',
      url,
      headers: {
        authorization: `Bearer ${tokenFor(url)}`,
        ...(payload === undefined ? {} : { 'content-type': contentType }),
      },
      ...(payload === undefined ? {} : { payload }),
    });
  const writeRoutes = () =>
    routes.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method === 'POST' || method === 'PUT')
        .map((method) => ({
          method,
          url: route.url.replace(/:id\b/, userId).replace(':visitId', randomUUID()),
          fields: Object.keys((route.schema?.body as { shape?: object } | undefined)?.shape ?? {}),
        })),
    );

  it.each([
    ['a NUL byte', '\u0000', messages.invalidCharacters],
    ['a lone surrogate', '\ud800', messages.invalidCharacters],
    ['a lone low surrogate', 'abc\udfff', messages.invalidCharacters],
    ['over-long text', 'a'.repeat(MAX_TEXT_LENGTH + 1), messages.tooLong(MAX_TEXT_LENGTH)],
  ])('#22 refuses %s in any body field of every POST/PUT route with 400 and a clear message', async (_name, value, message) => {
    const targets = writeRoutes();
    expect(targets.length).toBeGreaterThan(8);
    const checks = targets.flatMap(({ method, url, fields }) => [
      ...(fields.length > 0 ? fields : ['anything']).map((field) => async () => {
        const res = await send(method, url, JSON.stringify({ [field]: value }));
        expect(res.statusCode, `${method} ${url} ${field}`).toBe(400);
        expect(res.json(), `${method} ${url} ${field}`).toEqual({ message, errors: { [field]: message } });
      }),
      // Deep inside a nested object, and as a key.
      async () => {
        const res = await send(method, url, JSON.stringify({ billingAddress: { street: [value] } }));
        expect(res.json<{ message: string }>().message, `${method} ${url} nested`).toBe(message);
      },
      async () => {
        const res = await send(method, url, JSON.stringify({ [`k${value}`]: 1 }));
        expect(res.json<{ message: string }>().message, `${method} ${url} key`).toBe(message);
      },
    ]);
    await inBatches(checks, (check) => check());
  });

  it('#22 refuses NUL bytes, lone surrogates and over-long text in query strings and path parameters', async () => {
    for (const url of [
      '/api/users/verify-email?token=abc%00def',
      '/api/dev/mailbox?to=%00',
      '/api/dev/mailbox?to=x&to=%00',
      `/api/dev/mailbox?to=${'a'.repeat(MAX_TEXT_LENGTH + 1)}`,
      '/dev/mailbox/%00',
    ]) {
      const res = await send('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect([messages.invalidCharacters, messages.tooLong(MAX_TEXT_LENGTH)], url).toContain(res.json<{ message: string }>().message);
    }
    // A lone surrogate cannot be percent-encoded as valid UTF-8: the query parser keeps such a value as
    // its literal, well-formed text, so a handler never sees a lone surrogate.
    const surrogate = await send('GET', '/api/users/verify-email?token=%ED%A0%80');
    expect(surrogate.statusCode).toBe(200);
    expect(surrogate.json()).toMatchObject({ usable: false });
  });

  it('#22 never answers 500 to injection strings, wrong types, arrays for objects or broken JSON on any POST/PUT route', async () => {
    const hostileValues: unknown[] = [
      "' OR '1'='1",
      "'; DROP TABLE users; --",
      '" OR 1=1 --',
      '1; SELECT pg_sleep(5)',
      '<script>alert(1)</script>',
      '${7*7}{{7*7}}',
      '../../../../etc/passwd',
      '%00',
      '\u202e\u200b',
      '😀'.repeat(100),
      -1,
      1e308,
      0.1,
      true,
      null,
      [],
      [{}],
      {},
      { $ne: null },
      { __proto__: { admin: true } },
      'a'.repeat(5000),
    ];
    const wholeBodies = [
      '[]',
      '[{}]',
      '"text"',
      '123',
      'null',
      'true',
      '{"a":',
      '{"__proto__":{"isAdmin":true}}',
      `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      '',
    ];
    for (const { method, url, fields } of writeRoutes()) {
      const bodies = [...wholeBodies];
      for (const value of hostileValues) {
        bodies.push(JSON.stringify(Object.fromEntries(fields.map((field) => [field, value]))));
        for (const field of fields) bodies.push(JSON.stringify({ [field]: value }));
      }
      await inBatches(bodies, async (body) => {
        const res = await send(method, url, body);
        expect(res.statusCode, `${method} ${url} ${body.slice(0, 80)}`).toBeLessThan(500);
        if (res.statusCode !== 204) expect(() => res.json<unknown>(), `${method} ${url} ${body.slice(0, 80)}`).not.toThrow();
      });
    }
    // Whatever a body the routes accepted changed about the patient, the next tests start from a fresh one.
    const patient = await signedInPatient(app);
    token = patient.token;
    userId = String(patient.user.id);
  });

  it('#22 answers a 1 MB body with 413 and a JSON message on every POST/PUT route', async () => {
    const huge = JSON.stringify({ message: 'a'.repeat(1024 * 1024) });
    for (const { method, url } of [...writeRoutes(), { method: 'POST', url: '/api/unknown' }]) {
      const res = await send(method, url, huge);
      expect(res.statusCode, `${method} ${url}`).toBe(413);
      expect(res.json(), `${method} ${url}`).toEqual({ message: messages.requestTooLarge });
    }
    const asText = await send('POST', '/api/users/questions', 'a'.repeat(1024 * 1024), 'text/plain');
    expect([413, 415]).toContain(asText.statusCode);
    expect(asText.json<{ message: string }>().message).toBe(
      asText.statusCode === 413 ? messages.requestTooLarge : messages.unsupportedMediaType,
    );
  });
});

describe('hostile input with a guest', () => {
  it('#22 keeps a sign-up with a NUL byte in the symptoms from being stored', async () => {
    const res = await api(app).post('/api/users/register', {
      firstName: 'Avery',
      lastName: 'Stone',
      email: 'nul@example.com',
      customerPhone: '3145550100',
      password: 'Str0ng!pass',
      dob: '1985-04-12',
      zip: '63101',
      symptoms: 'Sore\u0000throat',
      subscriptionPlan: 'individualMonthly',
      smsPolicyAccepted: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.invalidCharacters);
    expect((await api(app).post('/api/auth/login', { email: 'nul@example.com', password: 'Str0ng!pass' })).status).toBe(401);
  });
});
