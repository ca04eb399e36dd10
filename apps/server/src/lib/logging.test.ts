import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { api, checkoutBody, createTestApp, signupBody, tokenFromMail } from '../test/harness';
import { logTransport, serializeError } from './logging';

describe('log format', () => {
  it('is readable lines (pino-pretty) for a person at a terminal in development, and JSON lines otherwise', async () => {
    expect(logTransport('development', true)).toMatchObject({ target: 'pino-pretty' });
    expect(logTransport('development', false)).toBeUndefined();
    expect(logTransport('production', true)).toBeUndefined();
    expect(logTransport('test', true)).toBeUndefined();
    // The target must load where the development server runs.
    expect(typeof (await import('pino-pretty')).default).toBe('function');
  });
});

describe('serializeError', () => {
  it("#24 keeps a failed query's message, code and stack, and drops its parameters and the driver's details", () => {
    const cause = Object.assign(new Error('new row for relation "users" violates check constraint'), {
      code: '23514',
      detail: 'Failing row contains (1985-04-12, 3145550100).',
    });
    const error = new Error(
      'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: a@example.com,$argon2id$v=19$secret',
      { cause },
    );
    const logged = serializeError(error);
    expect(logged.message).toBe('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)');
    expect(logged.cause).toMatchObject({ code: '23514', message: cause.message });
    expect(logged.stack).toMatch(/^\s+at /);
    expect(JSON.stringify(logged)).not.toMatch(/argon2|a@example\.com|1985-04-12|3145550100/);
  });
});

describe('#23 #24 logs after a whole journey at LOG_LEVEL=trace', () => {
  let app: App;
  let log = '';
  const secrets: Record<string, string> = {};
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    app = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream });
  });
  afterAll(() => app.close());

  it('hold no password, hash, token, card data or health data', async () => {
    const http = api(app);
    const body = signupBody({ dob: '1979-11-23', customerPhone: '3149876543', symptoms: 'Recurring zebrafish migraine' });
    Object.assign(secrets, {
      password: body.password,
      dob: body.dob,
      phone: body.customerPhone,
      symptoms: body.symptoms,
      argon: '$argon2',
    });
    expect((await http.post('/api/users/register', body)).status).toBe(201);

    const verifyToken = await tokenFromMail(app, body.email, 'verify-email');
    secrets.verifyToken = verifyToken;
    expect((await http.get(`/api/users/verify-email?token=${verifyToken}`)).status).toBe(200);
    await http.post('/api/users/verify-email', { token: verifyToken });

    expect((await http.post('/api/auth/login', { email: body.email, password: 'Wr0ng!passphrase' })).status).toBe(401);
    secrets.wrongPassword = 'Wr0ng!passphrase';
    const login = await http.post('/api/auth/login', { email: body.email, password: body.password });
    const session = login.body.token as string;
    secrets.session = session;
    const userId = String((login.body.user as { id: string }).id);

    const checkout = checkoutBody({
      card: { cardNumber: '5555555555554444', cvv: '737', last4: '4444', brand: 'Mastercard' },
      billingAddress: { street: '742 Evergreen Terrace', city: 'Saint Louis', state: 'MO', zip: '63101', country: 'United States' },
    });
    Object.assign(secrets, { card: '5555555555554444', cvc: '"737"', street: '742 Evergreen Terrace' });
    const paid = await http.put(`/api/users/${userId}/subscription`, checkout, session, { 'idempotency-key': 'journey-checkout-1' });
    expect(paid.status, paid.text).toBeLessThan(300);

    await http.post('/api/auth/forgot-password', { email: body.email });
    const resetToken = await tokenFromMail(app, body.email, 'password-reset');
    secrets.resetToken = resetToken;
    secrets.newPassword = 'N3w!passphrase';
    expect((await http.put('/api/auth/reset-password', { token: resetToken, newPassword: secrets.newPassword })).status).toBe(200);

    const enquiry = {
      fullName: 'Jordan Lee',
      email: 'jordan@example.com',
      phone: '(314) 555-0177',
      message: 'Question about a rash',
      smsOptIn: true,
    };
    secrets.enquiryPhone = '555-0177';
    expect((await http.post('/api/users/questions', enquiry)).status).toBe(201);

    // The database refuses the next sign-up's row: the failed query's parameters hold its hash, DOB and phone.
    await app.ctx.db.execute(sql.raw('ALTER TABLE users ADD CONSTRAINT refuse_new_rows CHECK (false) NOT VALID'));
    const failing = signupBody({ dob: '1966-02-14', customerPhone: '3141112222', symptoms: 'Confidential wheeze' });
    Object.assign(secrets, { failingDob: '1966-02-14', failingPhone: '3141112222', failingSymptoms: 'Confidential wheeze' });
    expect((await http.post('/api/users/register', failing)).status).toBe(500);
    await app.ctx.db.execute(sql.raw('ALTER TABLE users DROP CONSTRAINT refuse_new_rows'));

    // The journey was logged (so the checks below are not vacuous), by route pattern.
    expect(log).toContain('"route":"/api/users/verify-email"');
    expect(log).toContain('"route":"/api/users/:id/subscription"');
    expect(log).toContain('"msg":"request failed"');
    expect(log).toContain('Failed query: insert into \\"users\\"');
    for (const [name, secret] of Object.entries(secrets)) expect(log.includes(secret), `${name} appears in the log`).toBe(false);
    expect(log).not.toContain(userId + '/subscription');
  });
});
